"""Global magnitude-pruning / clipping threshold taken with torch.quantile over all weights or activations (more than 16M elements): quantile() input tensor is too large."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
sparsity = [0.5, 0.8, 0.9][variant]

if variant == 0:
    model = nn.Sequential(nn.Embedding(32000, 512), nn.Linear(512, 2048), nn.Linear(2048, 512))
elif variant == 1:
    model = nn.Sequential(*[nn.Linear(1024, 1024) for _ in range(17)])
else:
    model = nn.Sequential(nn.Linear(256, 1024), nn.GELU(), nn.Linear(1024, 256))


def global_threshold(model, sparsity):
    weights = [p.detach().abs().flatten() for n, p in model.named_parameters() if n.endswith("weight")]
    scores = torch.cat(weights)
    print(f"scoring {scores.numel():,} weights across {len(weights)} tensors")
    return torch.quantile(scores, sparsity)


def calibrate_activation_clip(model, n_batches=5):
    acts = []
    hook = model[1].register_forward_hook(lambda m, i, o: acts.append(o.detach().flatten()))
    with torch.no_grad():
        for _ in range(n_batches):
            model(torch.randn(4096, 256))
    hook.remove()
    all_acts = torch.cat(acts)
    print(f"collected {all_acts.numel():,} activations")
    return torch.quantile(all_acts.abs(), 0.999)


if variant == 2:
    print("clip at", calibrate_activation_clip(model).item())
else:
    t = global_threshold(model, sparsity)
    print(f"pruning below {t.item():.5f}")
