"""ValueError: Columns ['attention_mask', 'input_ids'] not in the dataset. Current columns in the dataset: ['text', 'label']: datasets set_format / with_format given columns the dataset does not have (called before the tokenizing map, a map that names them ids/mask, 'labels' for 'label', a DatasetDict whose test split has no label)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import datasets
from datasets import Dataset, DatasetDict

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
datasets.disable_progress_bars()
TEXTS = ["refund not received", "app crashes on login", "great support thanks", "late delivery again",
         "password reset link broken", "charger stopped working", "invoice is wrong", "love the new update"]
VOCAB = {w: i + 2 for i, w in enumerate(sorted({w for t in TEXTS for w in t.split()}))}
MAX_LEN = [8, 6, 10, 12][V]


def encode(batch):
    ids = [[VOCAB.get(w, 1) for w in t.split()][:MAX_LEN] for t in batch["text"]]
    ids = [x + [0] * (MAX_LEN - len(x)) for x in ids]
    return {"input_ids": ids, "attention_mask": [[int(i != 0) for i in x] for x in ids]}


def encode_short_names(batch):
    out = encode(batch)
    return {"ids": out["input_ids"], "mask": out["attention_mask"]}


ds = Dataset.from_dict({"text": TEXTS, "label": [0, 1, 2, 0, 1, 1, 0, 2]})

if V == 0:
    print(ds)
    ds.set_format(type="torch", columns=["input_ids", "attention_mask", "label"])
    ds = ds.map(encode, batched=True)
elif V == 1:
    ds = ds.map(encode_short_names, batched=True, remove_columns=["text"])
    print("columns after tokenization:", ds.column_names)
    ds.set_format("torch", columns=["input_ids", "attention_mask", "label"])
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("prepare")
    ds = ds.map(encode, batched=True, remove_columns=["text"])
    log.info("tokenized %d examples: %s", len(ds), ds.column_names)

    def as_torch(dataset):
        return dataset.with_format("torch", columns=["input_ids", "attention_mask", "labels"])

    train = as_torch(ds)
    log.info("first batch %s", train[:2])
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("prepare")
    splits = DatasetDict({
        "train": ds,
        "test": Dataset.from_dict({"text": ["refund please", "app is slow"]}),   # unlabeled hold-out
    })
    splits = splits.map(encode, batched=True)
    for name, split in splits.items():
        log.info("%s: %d rows, columns %s", name, len(split), split.column_names)
    splits.set_format("torch", columns=["input_ids", "attention_mask", "label"])
