"""The session recommender pads short histories with PAD = n_items (a convention from the team's older Embedding with padding_idx), but ItemEmbeddings.lookup indexes the plain pretrained table, which has no padding row."""
# beside: serving-item-index-newer-than-item-embeddings
# why: the out-of-range row is the padding id chosen as n_items with no padding row in the table; the id map and the table agree.
EXPECT = []
VARIANTS = 3

import logging
import sys

import torch

VARIANT = int(sys.argv[1])
N_ITEMS = {0: 1200, 1: 5000, 2: 1200}[VARIANT]
PAD = N_ITEMS


class ItemEmbeddings:
    def __init__(self, table):
        self.table = table

    def lookup(self, rows):
        return self.table[rows]


def pad_histories(histories, length):
    return torch.tensor([h[-length:] + [PAD] * (length - len(h[-length:])) for h in histories])


def main():
    emb = ItemEmbeddings(torch.randn(N_ITEMS, 16))
    histories = [[3, 17, 512, 8, 90], [44, 7], [1001, 2, 3, 4, 5, 6]]
    batch = pad_histories(histories, 5)
    if VARIANT == 2:
        logging.info("batch %s", tuple(batch.shape))
    return emb.lookup(batch).mean(1)


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s session-reco: %(message)s")
    try:
        main()
    except Exception:
        logging.exception("scoring failed")
        sys.exit(1)
else:
    main()
