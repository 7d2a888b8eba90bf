"""The similar-items notebook indexes the item embedding table with the catalog's item ids themselves; the ids run to 1250 with gaps (deleted items), while the table has one row per live item, 1200."""
# beside: serving-item-index-newer-than-item-embeddings
# why: the lookup skips the id -> row map altogether and uses raw item ids as rows; item_index.json and item_emb.pt are from the same run.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np
import torch

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(5)
live = rng.choice(np.setdiff1d(np.arange(1, 1251), [1203]), 1199, replace=False)
item_ids = np.sort(np.append(live, 1203))  # catalog ids of the 1200 live items
table = torch.randn(1200, 32)
index = {int(i): r for r, i in enumerate(item_ids)}
with open("item_index.json", "w") as fh:
    json.dump(index, fh)

basket = {0: [17, 412, 1203], 1: [8, 99, 640, 1203, 77]}[VARIANT]
if VARIANT == 1:
    print(f"{len(index)} items in the index, table {tuple(table.shape)}")
vectors = table[torch.tensor(basket)]  # should be [index[i] for i in basket]
