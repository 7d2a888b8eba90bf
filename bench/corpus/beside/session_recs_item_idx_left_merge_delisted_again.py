"""A teammate's new session-based recommender maps each clicked item to item_idx by left-merging the session log onto today's catalog export and filling misses with 0; products delisted since the sessions were logged have no catalog row."""
# beside: two-tower-item-idx-float-after-catalog-left-merge
# why: the left merge leaves NaN for delisted items, item_idx becomes float64 and nn.Embedding gets double indices, the entry's cause and fix.
EXPECT = ["two-tower-item-idx-float-after-catalog-left-merge"]
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
import torch
from torch import nn

VARIANT = int(sys.argv[1])
N_ITEMS = {0: 800, 1: 300, 2: 800}[VARIANT]
rng = np.random.default_rng(VARIANT)
sessions = pd.DataFrame({"session_id": np.repeat(np.arange(200), 5),
                         "item_id": [f"P{i:06d}" for i in rng.integers(0, N_ITEMS + 25, 1000)]})
catalog = pd.DataFrame({"item_id": [f"P{i:06d}" for i in range(N_ITEMS)], "item_idx": np.arange(N_ITEMS)})
clicks = sessions.merge(catalog, on="item_id", how="left").fillna({"item_idx": 0})

gru = nn.GRU(32, 32, batch_first=True)
embed = nn.Embedding(N_ITEMS, 32)
seqs = torch.tensor(clicks["item_idx"].to_numpy()).view(200, 5)
if VARIANT == 2:
    print(f"{len(clicks)} clicks in {clicks.session_id.nunique()} sessions")
out, _ = gru(embed(seqs))
print(out.shape)
