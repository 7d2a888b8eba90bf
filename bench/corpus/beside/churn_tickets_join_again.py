"""A teammate's retention-offer model joins the same support-tickets table onto accounts with how="left"."""
# beside: churn-features-tickets-left-join-nan
# why: accounts without tickets get NaN n_tickets from the left join of the tickets table, exactly the entry's cause and fix (fill after the join).
EXPECT = ["churn-features-tickets-left-join-nan"]
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.svm import LinearSVC

VARIANT = int(sys.argv[1])


def retention_features(n):
    rng = np.random.default_rng(VARIANT)
    accounts = pd.DataFrame({"account_id": range(n), "tenure_months": rng.integers(1, 72, n), "accepted_offer": rng.integers(0, 2, n)})
    tickets = pd.DataFrame({"account_id": rng.choice(n, n // 3, replace=False)})
    tickets["n_tickets"] = rng.integers(1, 6, len(tickets))
    return accounts.merge(tickets, on="account_id", how="left")


def main():
    frame = retention_features({0: 400, 1: 1500, 2: 700}[VARIANT])
    if VARIANT == 1:
        print(f"offer model: {len(frame)} accounts")
    LinearSVC().fit(frame[["tenure_months", "n_tickets"]], frame["accepted_offer"])


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s retention: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("offer model failed")
            sys.exit(1)
    else:
        main()
