"""recsys/train_two_tower.py gets each interaction's item_idx by left-merging the interaction log onto the catalog export; items delisted since the log was written have no row, their item_idx is NaN, the column becomes float64 (fillna(0) keeps it float), and the item tower's nn.Embedding gets double indices."""
EXPECT = ["two-tower-item-idx-float-after-catalog-left-merge"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
import torch
from torch import nn

VARIANT = int(sys.argv[1])
N_ITEMS = {0: 500, 1: 2000, 2: 500, 3: 500}[VARIANT]
DIM = {0: 32, 1: 64, 2: 32, 3: 32}[VARIANT]


def load_interactions(n=5000):
    rng = np.random.default_rng(VARIANT)
    return pd.DataFrame({"user_id": rng.integers(0, 800, n), "item_id": [f"P{i:06d}" for i in rng.integers(0, N_ITEMS + 40, n)],
                         "clicked": rng.integers(0, 2, n)})


def load_catalog():
    """Today's catalog export: items delisted since are gone."""
    return pd.DataFrame({"item_id": [f"P{i:06d}" for i in range(N_ITEMS)], "item_idx": np.arange(N_ITEMS),
                         "category": [f"c{i % 30}" for i in range(N_ITEMS)]})


def training_frame():
    frame = load_interactions().merge(load_catalog()[["item_id", "item_idx"]], on="item_id", how="left")
    frame["item_idx"] = frame["item_idx"].fillna(0)
    return frame


class ItemTower(nn.Module):
    def __init__(self, n_items, dim):
        super().__init__()
        self.embed = nn.Embedding(n_items, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, item_idx):
        return self.proj(self.embed(item_idx))


class UserTower(nn.Module):
    def __init__(self, n_users, dim):
        super().__init__()
        self.embed = nn.Embedding(n_users, dim)

    def forward(self, user_id):
        return self.embed(user_id)


class TwoTower(nn.Module):
    def __init__(self, n_users, n_items, dim):
        super().__init__()
        self.users, self.items = UserTower(n_users, dim), ItemTower(n_items, dim)

    def forward(self, user_id, item_idx):
        return (self.users(user_id) * self.items(item_idx)).sum(-1)


def main():
    frame = training_frame()
    if VARIANT == 3:
        print(f"{len(frame)} interactions, {frame.user_id.nunique()} users")
        print("epoch 1/5")
    users = torch.tensor(frame["user_id"].to_numpy())
    items = torch.tensor(frame["item_idx"].to_numpy())
    labels = torch.tensor(frame["clicked"].to_numpy(), dtype=torch.float32)
    if VARIANT == 1:
        tower = ItemTower(N_ITEMS, DIM)
        print(tower(items[:256]).shape)
    model = TwoTower(800, N_ITEMS, DIM)
    loss = nn.functional.binary_cross_entropy_with_logits(model(users[:256], items[:256]), labels[:256])
    print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train_two_tower: %(message)s")
        logging.info("catalog export 2024-06-03")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
