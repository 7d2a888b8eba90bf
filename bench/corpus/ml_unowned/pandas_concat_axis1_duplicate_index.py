"""Concatenating feature blocks side by side when one block has a duplicated index (shards stacked without ignore_index): Reindexing only valid with uniquely valued Index objects."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

variant = int(sys.argv[1])
n_shards, rows = [(2, 5), (3, 40), (2, 8)][variant]
for s in range(n_shards):
    pd.DataFrame({"text_len": np.arange(rows) + s, "n_tokens": np.arange(rows) * 2}).to_csv(f"part-{s}.csv", index=False)

# each shard restarts its index at 0
features = pd.concat([pd.read_csv(f"part-{s}.csv") for s in range(n_shards)])
embeddings = pd.DataFrame(np.random.rand(n_shards * rows, 4), columns=[f"emb_{i}" for i in range(4)])
if variant == 2:
    embeddings = embeddings.iloc[:-3]          # a few documents failed to embed
print(f"features {features.shape}, embeddings {embeddings.shape}")
table = pd.concat([features, embeddings], axis=1)
print(table.shape)
