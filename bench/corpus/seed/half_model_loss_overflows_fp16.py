"""Model cast with .half() and the loss reduced in fp16: a sum over the batch passes 65504, the logged loss is inf and grad_norm nan; the training loop's finiteness guard stops the run."""
EXPECT = ["fp16-loss-scale-inf"]
VARIANTS = 3

import math
import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
batch, feats = [256, 128, 64][v], 32

model = nn.Sequential(nn.Linear(feats, 128), nn.GELU(), nn.Linear(128, 8 if v == 2 else 1)).half()
opt = torch.optim.SGD(model.parameters(), lr=1e-4)
X = torch.randn(2048, feats).half()
y = (X.float() @ torch.randn(feats, 1) * 20 + 40).half()           # targets in raw units
tokens = torch.randint(0, 8, (2048, 512))                            # per-token labels (v2)
seq = torch.randn(2048, 512, feats).half() if v == 2 else None

bad_steps = 0
for step in range(40):
    idx = torch.randint(0, 2048, (batch,))
    out = model(seq[idx] if v == 2 else X[idx])
    if v == 0:
        loss = ((out - y[idx]) ** 2).sum()                          # summed squared error
    elif v == 1:
        loss = nn.functional.mse_loss(out, y[idx], reduction="sum")     # "sum: the LR was tuned for it"
    else:
        loss = nn.functional.cross_entropy(out.flatten(0, 1), tokens[idx].flatten(), reduction="sum")
    opt.zero_grad()
    loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    print({"loss": round(loss.item(), 4), "grad_norm": round(grad_norm.item(), 4), "step": step})
    if not math.isfinite(loss.item()):
        bad_steps += 1
        if bad_steps >= 3:
            raise RuntimeError(f"loss is {loss.item()} for {bad_steps} steps in a row (dtype {loss.dtype}), stopping at step {step}")
        continue
    bad_steps = 0
    opt.step()
