"""ValueError: Column to remove ['sentence'] not in the dataset. Current columns in the dataset: ['text', 'label']: datasets Dataset.map(remove_columns=...) naming a column the dataset does not have (a tutorial's column name, a column an earlier map already removed, the tokenized columns instead of the raw ones, a split without labels)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import datasets
from datasets import Dataset, DatasetDict

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
datasets.disable_progress_bars()
rows = {
    "text": ["the battery died after a week", "fast shipping, works fine", "screen cracked on arrival",
             "does what it says", "stopped charging", "excellent value", "refund took a month", "ok"],
    "label": [0, 1, 0, 1, 0, 1, 0, 1],
}
MAX_LEN = [6, 8, 5, 10][V]


def tokenize(batch):
    ids = [[hash(w) % 5000 + 2 for w in t.replace(",", "").split()][:MAX_LEN] for t in batch["text"]]
    return {"input_ids": [x + [0] * (MAX_LEN - len(x)) for x in ids]}


def add_length(batch):
    return {"n_tokens": [sum(1 for i in x if i) for x in batch["input_ids"]]}


ds = Dataset.from_dict(rows)

if V == 0:
    print(ds)
    # copied from the GLUE example, whose text column is called "sentence"
    ds = ds.map(tokenize, batched=True, remove_columns=["sentence"])
elif V == 1:
    ds = ds.map(tokenize, batched=True, remove_columns=["text"])
    print("after tokenize:", ds.column_names)
    ds = ds.map(add_length, batched=True, remove_columns=["text"])
    print("after add_length:", ds.column_names)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("preprocess")

    def preprocess(dataset):
        log.info("tokenizing %d rows (max_len=%d)", len(dataset), MAX_LEN)
        return dataset.map(tokenize, batched=True, remove_columns=["input_ids"])

    ds = preprocess(ds)
    log.info("columns %s", ds.column_names)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("preprocess")
    splits = DatasetDict({
        "train": ds,
        "unlabeled": Dataset.from_dict({"text": ["arrived late", "works great", "broken hinge"]}),
    })
    for name, split in splits.items():
        log.info("%s: %d rows", name, len(split))
    splits = splits.map(tokenize, batched=True, remove_columns=["text", "label"])
    log.info("%s", splits)
