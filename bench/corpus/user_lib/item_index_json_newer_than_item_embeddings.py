"""The nightly candidates job rewrites item_index.json (item_id -> row) from today's catalog on the serving volume, but item_emb.pt is only rebuilt by the weekly retrain; items added since get rows past the end of the embedding table."""
EXPECT = ["serving-item-index-newer-than-item-embeddings"]
VARIANTS = 4

import json
import logging
import os
import sys

import torch

VARIANT = int(sys.argv[1])
N_WEEKLY = {0: 1200, 1: 5000, 2: 1200, 3: 1200}[VARIANT]
N_NEW = {0: 37, 1: 412, 2: 37, 3: 9}[VARIANT]
ROOT = {0: "serving/reco", 1: "mnt/models/reco/current", 2: "serving/reco", 3: "serving/reco"}[VARIANT]


def weekly_retrain():
    os.makedirs(ROOT, exist_ok=True)
    torch.save(torch.randn(N_WEEKLY, 32), os.path.join(ROOT, "item_emb.pt"))
    index = {f"sku-{i:06d}": i for i in range(N_WEEKLY)}
    with open(os.path.join(ROOT, "item_index.json"), "w") as fh:
        json.dump(index, fh)


def nightly_candidates_refresh():
    """candidates/refresh.py: re-reads today's catalog and rewrites the id -> row map."""
    with open(os.path.join(ROOT, "item_index.json")) as fh:
        index = json.load(fh)
    for j in range(N_NEW):
        index[f"sku-{900000 + j:06d}"] = len(index)
    with open(os.path.join(ROOT, "item_index.json"), "w") as fh:
        json.dump(index, fh)


class ItemEmbeddings:
    def __init__(self, root):
        self.table = torch.load(os.path.join(root, "item_emb.pt"))
        with open(os.path.join(root, "item_index.json")) as fh:
            self.index = json.load(fh)

    def lookup(self, item_ids):
        rows = torch.tensor([self.index[i] for i in item_ids])
        return self.table[rows]


def recommend(emb, user_vec, candidate_ids):
    return (emb.lookup(candidate_ids) @ user_vec).topk(3)


def main():
    weekly_retrain()
    nightly_candidates_refresh()
    emb = ItemEmbeddings(ROOT)
    newest = f"sku-{900000 + {0: 3, 1: 40, 2: 3, 3: 8}[VARIANT]:06d}"
    candidates = ["sku-000010", "sku-000517", newest, "sku-000042"]
    if VARIANT == 3:
        print(f"loaded {emb.table.shape[0]} item embeddings, {len(emb.index)} indexed items")
        print(f"request user=u_88213 candidates={len(candidates)}")
    if VARIANT == 1:
        recommend(emb, torch.randn(32), candidates)
    else:
        emb.lookup(candidates)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s reco-api: %(message)s")
        logging.info("serving request")
        try:
            main()
        except Exception:
            logging.exception("request failed")
            sys.exit(1)
    else:
        main()
