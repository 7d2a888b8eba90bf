"""Each DDP rank seeds its RNG with seed + rank (or not at all) before random_split / the sampler seed: ranks hold different train/val splits and overlapping shards; the cross-rank check fails."""
EXPECT = ["distributed-seed-not-synchronised"]
VARIANTS = 3

import os
import random
import sys

import numpy as np
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.utils.data import DistributedSampler, TensorDataset, random_split


def run(rank, world, v):
    dist.init_process_group("gloo", init_method="file://" + os.path.abspath("rendezvous"), rank=rank, world_size=world)
    if v == 0:
        torch.manual_seed(1234 + rank)                    # "different augmentation on every GPU"
    np.random.seed(1234 + rank)
    random.seed(1234 + rank)
    ds = TensorDataset(torch.arange(400).float(), torch.arange(400) % 5)
    if v == 2:
        train, val = random_split(ds, [360, 40])           # torch default generator, never seeded
        seen = sorted(val.indices)
        what = "validation indices"
    else:
        train, val = random_split(ds, [360, 40], generator=torch.Generator().manual_seed(1234 + rank) if v == 0 else None)
        sampler = DistributedSampler(train, num_replicas=world, rank=rank, seed=np.random.randint(1 << 30))
        seen = sorted(train.indices[i] for i in sampler)
        what = "training samples"
    print(f"[rank {rank}] {len(seen)} {what}, first {seen[:5]}", flush=True)
    gathered = [None] * world
    dist.all_gather_object(gathered, seen)
    if v == 2:
        assert gathered[0] == gathered[1], f"[rank {rank}] ranks disagree on the validation split: {len(set(gathered[0]) ^ set(gathered[1]))} indices differ"
    else:
        dup = set(gathered[0]) & set(gathered[1])
        assert not dup, f"[rank {rank}] {len(dup)} samples are in both ranks' shards this epoch, e.g. {sorted(dup)[:5]}"
    dist.destroy_process_group()


if __name__ == "__main__":
    v = int(sys.argv[1])
    print(f"launching {[2, 2, 3][v]} ranks (gloo)")
    mp.spawn(run, args=([2, 2, 3][v], v), nprocs=[2, 2, 3][v])
