"""The ticket-priority eval reports log loss per customer segment with log_loss(y, proba) and no labels=, so a segment that had no ticket of one priority that week fails."""
EXPECT = ["segment-eval-log-loss-missing-class-no-labels"]
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss

VARIANT = int(sys.argv[1])
PRIORITIES = np.array(["low", "normal", "urgent"])
FEATURES = ["n_words", "n_exclaims", "has_outage_kw", "account_age_d", "open_tickets"]


def tickets(n, rng, segments, p_urgent):
    X = pd.DataFrame({
        "n_words": rng.integers(5, 400, n), "n_exclaims": rng.poisson(0.4, n), "has_outage_kw": rng.integers(0, 2, n),
        "account_age_d": rng.integers(1, 3000, n), "open_tickets": rng.poisson(1.2, n),
    })
    X["segment"] = rng.choice(list(segments), n, p=list(segments.values()))
    urgent = X["segment"].map(p_urgent).to_numpy()
    X["priority"] = [rng.choice(PRIORITIES, p=[0.5, 0.5 - u, u]) for u in urgent]
    return X


def segment_log_loss(model, week):
    out = {}
    for segment, rows in week.groupby("segment"):
        proba = model.predict_proba(rows[FEATURES])
        out[segment] = log_loss(rows["priority"], proba)
        print(f"{segment:>12}: n={len(rows):4d} log_loss={out[segment]:.4f}")
    return out


def weekly_report(train, week):
    model = LogisticRegression(max_iter=2000).fit(train[FEATURES], train["priority"])
    print("overall log_loss", round(log_loss(week["priority"], model.predict_proba(week[FEATURES])), 4))
    return segment_log_loss(model, week)


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    segments = {0: {"enterprise": 0.5, "mid_market": 0.45, "startup": 0.05},
                1: {"enterprise": 0.3, "smb": 0.3, "mid_market": 0.3, "public_sector": 0.1},
                2: {"b2c": 0.8, "b2c_premium": 0.2}}[VARIANT]
    train = tickets(3000, rng, segments, {s: 0.08 for s in segments})
    quiet = list(segments)[-1]  # no urgent ticket from this segment in the week under review
    week = tickets({0: 400, 1: 900, 2: 120}[VARIANT], rng, segments, {s: 0.0 if s == quiet else 0.04 for s in segments})
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ticket-eval %(message)s")
        try:
            weekly_report(train, week)
        except Exception:
            logging.exception("segment report failed")
            sys.exit(1)
    else:
        weekly_report(train, week)
