"""Full training checkpoint (epoch, step, optimizer state, nested dicts) passed to safetensors save_file, which takes only a flat dict of tensors: Key `epoch` is invalid, expected torch.Tensor but received <class 'int'>."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import torch
from safetensors.torch import save_file
from torch import nn

variant = int(sys.argv[1])

model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, [3, 10, 2][variant]))
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
for step in range(5):
    loss = model(torch.randn(8, 32)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(f"step {step} loss {loss.item():.4f}")


def save_checkpoint(path, epoch, step):
    if variant == 0:
        state = {"epoch": epoch, "step": step, **model.state_dict()}
    elif variant == 1:
        state = {"model": model.state_dict(), "optimizer": opt.state_dict(), "epoch": epoch}
    else:
        state = dict(model.state_dict())
        state["best_val_loss"] = 0.4213
    os.makedirs(os.path.dirname(path), exist_ok=True)
    save_file(state, path)
    print(f"saved {path}")


save_checkpoint(f"checkpoints/epoch_{3 + variant}.safetensors", epoch=3 + variant, step=500 * (3 + variant))
