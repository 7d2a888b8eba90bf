"""Casting a string label column to a datasets ClassLabel whose names miss a value present in the data (a third 'neutral' class, 'Positive' capitalised, 'pos'/'neg' from another labelling tool): ValueError: Invalid string class label neutral."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import pandas as pd
from datasets import ClassLabel, Dataset, Features, Value

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("prepare_reviews")

LABELS = ["negative", "positive"]
texts = [f"review number {i}" for i in range(120)]
if V == 0:
    labels = ["negative", "positive", "positive", "negative", "neutral", "positive"] * 20
elif V == 1:
    labels = ["negative", "positive"] * 55 + ["Positive"] * 10  # the second annotation batch
else:
    labels = ["negative", "positive"] * 50 + ["pos", "neg"] * 10  # rows from the new labelling tool

df = pd.DataFrame({"text": texts, "label": labels})
df.to_csv("reviews.csv", index=False)
log.info("wrote reviews.csv: %d rows", len(df))


def load(path):
    frame = pd.read_csv(path)
    log.info("label counts: %s", frame["label"].value_counts().to_dict())
    if V == 2:
        features = Features({"text": Value("string"), "label": ClassLabel(names=LABELS)})
        return Dataset.from_pandas(frame, features=features, preserve_index=False)
    ds = Dataset.from_pandas(frame, preserve_index=False)
    return ds.cast_column("label", ClassLabel(names=LABELS))


ds = load("reviews.csv")
splits = ds.train_test_split(test_size=0.2, stratify_by_column="label", seed=0)
print(splits)
