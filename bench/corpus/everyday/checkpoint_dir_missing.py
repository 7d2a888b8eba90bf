"""Saving a checkpoint or array into an output directory that was never created."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import numpy as np
import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
OUT = os.path.join("outputs", "run_%02d" % (V + 1))

model = torch.nn.Linear(4, 2)
for epoch in range(1, 3):
    print(f"epoch {epoch}/2 train_loss={1.0 / epoch:.4f}", flush=True)

if V == 0:
    torch.save(model.state_dict(), os.path.join(OUT, "last.pt"))
elif V == 1:
    np.save(os.path.join(OUT, "embeddings.npy"), model.weight.detach().numpy())
else:
    with open(os.path.join(OUT, "metrics.txt"), "w") as f:
        f.write("acc=0.5\n")
