"""A path written with `~` (in a config or a constant) passed to open()/np.load without os.path.expanduser: FileNotFoundError on '~/...' literally."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import os
import sys

import numpy as np
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CHURN_DATA_ROOT = "~/datasets/churn"


def read_training_rows(split):
    with open(os.path.join(CHURN_DATA_ROOT, f"{split}.csv"), newline="") as handle:
        return list(csv.DictReader(handle))


def load_ranker_weights(cfg_text):
    cfg = yaml.safe_load(cfg_text)
    path = cfg["ranker"]["weights_path"]
    logging.info("loading ranker weights from %s", path)
    with open(path, "rb") as handle:
        return handle.read()


class ItemIndex:
    def __init__(self, embeddings_path):
        self.embeddings_path = embeddings_path
        self._vectors = None

    def vectors(self):
        if self._vectors is None:
            self._vectors = np.load(self.embeddings_path)
        return self._vectors

    def nearest(self, query, k=5):
        scores = self.vectors() @ query
        return np.argsort(-scores)[:k]


if V == 0:
    print("reading churn training split")
    rows = read_training_rows("train")
    print(len(rows))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    load_ranker_weights("ranker:\n  weights_path: ~/models/ranker/v12/model.pt\n  top_k: 50\n")
else:
    index = ItemIndex("~/embeddings/items_v3.npy")
    print("index ready, answering 3 queries")
    for q in np.eye(3, 64, dtype=np.float32):
        print(index.nearest(q))
