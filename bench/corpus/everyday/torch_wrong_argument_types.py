"""TypeError from torch functions given wrong Python argument types (float size, str dtype, tensors as separate args)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
settings = {"batch": 8, "hidden": 30, "dtype": "float32"}


def init_state(cfg):
    return torch.zeros(cfg["batch"], cfg["hidden"] / 2)


def random_inputs(cfg):
    return torch.randn(cfg["batch"], cfg["hidden"], dtype=cfg["dtype"])


def merge_features(a, b):
    return torch.cat(a, b, dim=1)


print("settings", settings)
if V == 0:
    print(init_state(settings).shape)
elif V == 1:
    print(random_inputs(settings).shape)
else:
    print(merge_features(torch.ones(4, 3), torch.zeros(4, 2)).shape)
