"""Building nn.ModuleDict / add_module keyed by dotted layer names taken from state_dict keys: module name can't contain "."."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])

backbone = nn.Sequential(nn.Sequential(nn.Linear(8, 16), nn.ReLU()), nn.Sequential(nn.Linear(16, 16), nn.ReLU()))
# attach one LoRA-style adapter per Linear, named after the layer
targets = [name for name, m in backbone.named_modules() if isinstance(m, nn.Linear)]
print("adapting layers:", targets)

if variant == 0:
    adapters = nn.ModuleDict({name: nn.Linear(m.in_features, m.out_features, bias=False)
                              for name, m in backbone.named_modules() if isinstance(m, nn.Linear)})
elif variant == 1:
    probes = nn.Module()
    for name in targets:
        probes.add_module(f"probe_{name}", nn.Linear(16, 2))
else:
    class Heads(nn.Module):
        def __init__(self, tasks):
            super().__init__()
            for task in tasks:
                self.register_buffer(f"{task}.class_weights", torch.ones(3))
    heads = Heads(["sentiment.v2", "topic"])
