"""A teammate's new /similar-items endpoint loads item_index.json, which the nightly candidates refresh rewrites from today's catalog, together with item_emb.pt from the weekly retrain."""
# beside: serving-item-index-newer-than-item-embeddings
# why: items added since the weekly retrain get rows from the nightly item_index.json past the end of the weekly embedding table, the entry's cause and fix.
EXPECT = ["serving-item-index-newer-than-item-embeddings"]
VARIANTS = 2

import json
import os
import sys

import torch

VARIANT = int(sys.argv[1])
ROOT = {0: "serving/reco", 1: "mnt/models/reco/current"}[VARIANT]
n_weekly, n_new = {0: 800, 1: 3000}[VARIANT], {0: 12, 1: 150}[VARIANT]
os.makedirs(ROOT, exist_ok=True)
torch.save(torch.randn(n_weekly, 24), os.path.join(ROOT, "item_emb.pt"))  # weekly retrain
index = {f"sku-{i:06d}": i for i in range(n_weekly + n_new)}  # nightly candidates refresh
with open(os.path.join(ROOT, "item_index.json"), "w") as fh:
    json.dump(index, fh)


def similar_items(item_id, k=5):
    table = torch.load(os.path.join(ROOT, "item_emb.pt"))
    with open(os.path.join(ROOT, "item_index.json")) as fh:
        rows = json.load(fh)
    query = table[rows[item_id]]
    return (table @ query).topk(k).indices.tolist()


print(similar_items("sku-000100"))
print(similar_items(f"sku-{n_weekly + {0: 4, 1: 77}[VARIANT]:06d}"))
