"""A teammate's support-queue report computes the priority model's log loss per queue with log_loss(y, proba) and no labels=; the billing queue had no urgent ticket this week."""
# beside: segment-eval-log-loss-missing-class-no-labels
# why: the same fault: log loss on a slice of the week without labels=model.classes_, and the slice lacks one priority; same fix, pass the model's classes.
EXPECT = ["segment-eval-log-loss-missing-class-no-labels"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import log_loss

VARIANT = int(sys.argv[1])
FEATURES = ["n_words", "n_exclaims", "reopened", "sla_hours_left"]


def week_of_tickets(n, rng, quiet_queue):
    df = pd.DataFrame({"n_words": rng.integers(5, 300, n), "n_exclaims": rng.poisson(0.5, n),
                       "reopened": rng.integers(0, 2, n), "sla_hours_left": rng.uniform(0, 72, n).round(1)})
    df["queue"] = rng.choice(["billing", "shipping", "technical"], n)
    urgent = np.where(df["queue"] == quiet_queue, 0.0, 0.1)
    df["priority"] = [rng.choice(["low", "normal", "urgent"], p=[0.5, 0.5 - u, u]) for u in urgent]
    return df


def week_summary(week):
    counts = week.groupby(["queue", "priority"]).size().unstack(fill_value=0)
    print(counts.to_string())


def queue_report(model, week):
    for queue, rows in week.groupby("queue"):
        ll = log_loss(rows["priority"], model.predict_proba(rows[FEATURES]))
        print(f"queue {queue}: {len(rows)} tickets, log_loss {ll:.3f}")


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    history = week_of_tickets(3000, rng, quiet_queue=None)
    model = HistGradientBoostingClassifier(max_iter=50).fit(history[FEATURES], history["priority"])
    quiet = {0: "billing", 1: "technical"}[VARIANT]
    week = week_of_tickets({0: 300, 1: 700}[VARIANT], rng, quiet_queue=quiet)
    week_summary(week)
    queue_report(model, week)
