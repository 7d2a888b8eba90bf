"""Trial configs for a sweep get their seed from numpy's Generator.integers and are written to JSON for the workers."""
# beside: eval-report-numpy-counts-not-json-serializable
# why: the numpy int64 is a random seed drawn for a trial config, not a count in the eval report written to metrics.json.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(1234)
os.makedirs("trials", exist_ok=True)
for i in range({0: 4, 1: 8}[VARIANT]):
    trial = {"trial": i, "lr": float(10 ** rng.uniform(-5, -3)), "batch_size": 32, "seed": rng.integers(0, 2**31 - 1)}
    if VARIANT == 1:
        print(f"trial {i}: lr={trial['lr']:.2e}")
    with open(f"trials/trial_{i:03d}.json", "w") as fh:
        json.dump(trial, fh)
