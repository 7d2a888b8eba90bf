"""Checkpoint that pickles a custom config/dataclass (or numpy scalar) loaded with the torch>=2.6 default weights_only=True: Weights only load failed ... Unsupported global."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import sys
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])


@dataclass
class TrainConfig:
    hidden: int = 64
    lr: float = 1e-3


model = nn.Linear(8, 2)
optimizer = torch.optim.Adam(model.parameters())
if variant == 0:
    extra = {"config": TrainConfig()}
elif variant == 1:
    extra = {"args": argparse.Namespace(epochs=10, batch_size=32, lr=3e-4)}
else:
    extra = {"best_val_acc": np.float64(0.913), "epoch": 7}
torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), **extra}, "last.ckpt")
print("saved last.ckpt")

# resume (separate script in real life)
ckpt = torch.load("last.ckpt", map_location="cpu")
model.load_state_dict(ckpt["model"])
