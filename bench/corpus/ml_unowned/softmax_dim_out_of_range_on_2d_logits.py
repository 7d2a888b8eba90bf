"""Softmax/argmax over dim=2 written for (B, T, C) sequence logits applied to pooled (B, C) logits: Dimension out of range."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
batch, classes = [(8, 5), (32, 10), (1, 3)][variant]


def decode(logits):
    probs = torch.softmax(logits, dim=2)
    return probs.argmax(dim=2)


def evaluate(model, loader):
    correct = 0
    for step, (x, y) in enumerate(loader):
        with torch.no_grad():
            pred = decode(model(x))
        correct += (pred == y).sum().item()
        print(f"eval step {step}: running correct {correct}")
    return correct


# the tagger was swapped for a sentence classifier that pools over time
model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, classes))
loader = [(torch.randn(batch, 12), torch.randint(0, classes, (batch,))) for _ in range(2)]
if variant == 2:
    print(torch.nn.functional.log_softmax(model(loader[0][0]), dim=-3))
print("accuracy", evaluate(model, loader))
