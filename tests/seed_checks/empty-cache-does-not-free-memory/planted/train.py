"""A notebook-style evaluation run: predict on the GPU, then try to give the memory back.
The list of outputs is never deleted, so its CUDA tensors stay allocated after empty_cache()."""

import gc

import torch
from torch import nn

device = "cuda"
model = nn.Sequential(nn.Linear(1024, 4096), nn.ReLU(), nn.Linear(4096, 1024)).to(device)
outputs = []
with torch.inference_mode():
    for _ in range(8):
        outputs.append(model(torch.randn(256, 1024).to(device)))
scores = [float(o.mean()) for o in outputs]

# The cleanup protocol.
del model  # outputs still holds every prediction on the GPU
gc.collect()
torch.cuda.empty_cache()
torch.cuda.synchronize()
