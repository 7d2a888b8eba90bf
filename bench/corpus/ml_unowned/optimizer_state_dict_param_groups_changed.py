"""Resuming an optimizer whose param groups changed (backbone frozen / new head) since the checkpoint: loaded state dict contains a parameter group that doesn't match the size of optimizer's group."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


def make_model():
    return nn.ModuleDict({"backbone": nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32)),
                          "head": nn.Linear(32, 4)})


model = make_model()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
model["head"](model["backbone"](torch.randn(2, 16))).sum().backward()
opt.step()
torch.save({"model": model.state_dict(), "optim": opt.state_dict(), "step": 1200}, "ckpt.pt")
print("saved checkpoint at step 1200")

# resume with a changed setup
model = make_model()
model.load_state_dict(torch.load("ckpt.pt")["model"])
if variant == 0:      # backbone now frozen, only trainable params go to the optimizer
    for p in model["backbone"].parameters():
        p.requires_grad = False
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
elif variant == 1:    # discriminative learning rates: two groups now
    opt = torch.optim.AdamW([{"params": model["backbone"].parameters(), "lr": 1e-4},
                             {"params": model["head"].parameters(), "lr": 1e-3}])
else:                 # extra projection layer added to the head
    model["proj"] = nn.Linear(32, 32)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
opt.load_state_dict(torch.load("ckpt.pt")["optim"])
print("resumed from step 1200")
