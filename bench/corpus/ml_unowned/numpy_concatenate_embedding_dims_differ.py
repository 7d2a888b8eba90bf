"""Concatenating embedding batches from two encoders (or cached shards) whose feature dims differ: all the input array dimensions except for the concatenation axis must match exactly."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

variant = int(sys.argv[1])
for shard, dim in enumerate([384, 384, [768, 512, 384][variant]]):
    n = 100 if shard < 2 else 40
    np.save(f"emb_{shard}.npy", np.random.rand(n, dim).astype(np.float32) if variant != 2 or shard < 2
            else np.random.rand(n, dim, 1).astype(np.float32))

shards = [np.load(f"emb_{i}.npy") for i in range(3)]
print("shard shapes", [s.shape for s in shards])
if variant == 1:
    index = np.vstack(shards)
else:
    index = np.concatenate(shards, axis=0)
print(index.shape)
