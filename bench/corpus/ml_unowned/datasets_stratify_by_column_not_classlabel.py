"""datasets train_test_split(stratify_by_column='label') on a label column that is a plain Value (int64 from pandas/CSV, strings, a label id column added by map) rather than a ClassLabel: ValueError: Stratifying by column is only supported for ClassLabel column, and column label is Value."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging
import random

import pandas as pd
from datasets import Dataset, load_dataset

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("splits")
random.seed(0)

INTENTS = ["billing", "cancel", "upgrade", "bug_report", "other"]
rows = [{"utterance": f"message {i}", "intent": random.choice(INTENTS)} for i in range(500)]


def make_splits(ds, column):
    log.info("dataset %d rows, features %s", len(ds), ds.features)
    return ds.train_test_split(test_size=0.15, stratify_by_column=column, seed=42)


if V == 0:
    df = pd.DataFrame(rows)
    df["label"] = df["intent"].map({name: i for i, name in enumerate(INTENTS)})
    ds = Dataset.from_pandas(df, preserve_index=False)
    splits = make_splits(ds, "label")
elif V == 1:
    pd.DataFrame(rows).to_csv("intents.csv", index=False)
    ds = load_dataset("csv", data_files="intents.csv", split="train")
    splits = make_splits(ds, "intent")
else:
    ds = Dataset.from_list(rows)
    ds = ds.map(lambda ex: {"label_id": INTENTS.index(ex["intent"])})
    splits = make_splits(ds, "label_id")

print(splits)
