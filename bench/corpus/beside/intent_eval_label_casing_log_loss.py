"""The intent classifier's offline eval reads the new annotation batch, where the second vendor typed some intents capitalized ('Refund' next to 'refund'), and computes log loss against the model's probabilities."""
# beside: segment-eval-log-loss-missing-class-no-labels
# why: y_true has more classes than the model, not fewer: inconsistent spelling of the same intent in the annotation batch, so the fix is normalizing the label strings, not passing labels=.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.pipeline import make_pipeline

VARIANT = int(sys.argv[1])
INTENTS = ["refund", "delivery_status", "cancel_order"]
PHRASES = {"refund": "i want my money back for order", "delivery_status": "where is my parcel tracking",
           "cancel_order": "please cancel the order i placed"}


def annotations(n, rng, vendor_b_share=0.0):
    labels = rng.choice(INTENTS, n)
    texts = [PHRASES[l] + f" {rng.integers(1000, 9999)}" for l in labels]
    cased = [l.capitalize() if rng.random() < vendor_b_share else l for l in labels]
    return pd.DataFrame({"text": texts, "intent": cased})


def evaluate(model, batch):
    proba = model.predict_proba(batch["text"])
    return log_loss(batch["intent"], proba)


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s intent-eval %(message)s")
    train = annotations(600, rng)
    model = make_pipeline(TfidfVectorizer(), LogisticRegression(max_iter=1000)).fit(train["text"], train["intent"])
    batch = annotations({0: 200, 1: 800}[VARIANT], rng, vendor_b_share={0: 0.1, 1: 0.03}[VARIANT])
    logging.info("eval batch: %d rows, intents %s", len(batch), sorted(batch["intent"].unique()))
    logging.info("log_loss %.4f", evaluate(model, batch))
