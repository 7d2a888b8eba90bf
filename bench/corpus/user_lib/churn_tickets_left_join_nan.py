"""The churn feature builder left-joins the support-tickets table; accounts that never opened a ticket get NaN in n_tickets and avg_resolution_h."""
EXPECT = ["churn-features-tickets-left-join-nan"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])


def load_accounts(n, seed):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "account_id": np.arange(n),
            "tenure_months": rng.integers(1, 60, n),
            "monthly_charges": rng.uniform(10, 120, n).round(2),
            "churned": rng.integers(0, 2, n),
        }
    )


def load_tickets(accounts, seed):
    rng = np.random.default_rng(seed + 1)
    # only about half of the accounts ever contacted support
    ids = rng.choice(accounts["account_id"], size=len(accounts) // 2, replace=False)
    return pd.DataFrame(
        {"account_id": ids, "n_tickets": rng.integers(1, 9, len(ids)), "avg_resolution_h": rng.uniform(1, 72, len(ids))}
    )


def build_features(accounts, tickets):
    return accounts.merge(tickets, on="account_id", how="left")


FEATURES = ["tenure_months", "monthly_charges", "n_tickets", "avg_resolution_h"]


def train(frame):
    model = LogisticRegression(max_iter=200)
    model.fit(frame[FEATURES].to_numpy(), frame["churned"].to_numpy())
    return model


def main():
    n = {0: 800, 1: 1200, 2: 500, 3: 2000}[VARIANT]
    accounts = load_accounts(n, VARIANT)
    frame = build_features(accounts, load_tickets(accounts, VARIANT))
    if VARIANT == 3:
        for month in ("2024-01", "2024-02", "2024-03"):
            print(f"[{month}] features built: {len(frame)} accounts")
    if VARIANT == 1:
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        make_pipeline(StandardScaler(), LogisticRegression()).fit(frame[FEATURES], frame["churned"])
    else:
        train(frame)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn: %(message)s")
        logging.info("joining support tickets")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
