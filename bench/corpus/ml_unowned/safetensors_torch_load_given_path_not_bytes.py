"""safetensors.torch.load (which takes the file's bytes) given a path, a Path or an open file instead of using load_file: TypeError: argument 'bytes': 'str' object is not an instance of 'bytes'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from pathlib import Path

import torch
from safetensors.torch import load, save_file
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


class DemandHead(nn.Module):
    def __init__(self, n_features=24, hidden=64, horizon=14):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(), nn.Linear(hidden, horizon))

    def forward(self, x):
        return self.net(x)


def export(model, path):
    save_file({k: v.contiguous() for k, v in model.state_dict().items()}, str(path))
    print(f"exported {path} ({Path(path).stat().st_size} bytes)")


def restore(path):
    model = DemandHead()
    model.load_state_dict(load(path))
    return model.eval()


class ModelRegistry:
    def __init__(self, root):
        self.root = Path(root)

    def weights_path(self, name, version):
        return self.root / name / f"v{version}" / "model.safetensors"

    def load_state(self, name, version):
        path = self.weights_path(name, version)
        logging.info("loading %s", path)
        return load(path)


if V == 0:
    export(DemandHead(), "demand_head.safetensors")
    model = restore("demand_head.safetensors")
    print(model(torch.randn(2, 24)).shape)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    registry = ModelRegistry("registry")
    path = registry.weights_path("demand_head", 3)
    path.parent.mkdir(parents=True)
    export(DemandHead(), path)
    state = registry.load_state("demand_head", 3)
else:
    export(DemandHead(), "head_ema.safetensors")
    with open("head_ema.safetensors", "rb") as handle:
        print("averaging EMA weights into serving model")
        ema_state = load(handle)
