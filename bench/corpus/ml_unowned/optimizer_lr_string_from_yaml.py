"""Learning rate / weight decay read from YAML as a string ("1e-3" without a dot parses as str) and passed to the optimizer: '<=' not supported between instances of 'float' and 'str'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
import yaml
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(name)s - %(levelname)s - %(message)s")
log = logging.getLogger("train")
CONFIGS = [
    "model:\n  hidden: 64\noptim:\n  name: adamw\n  lr: 3e-4\n  weight_decay: 0.01\n",
    "model:\n  hidden: 128\noptim:\n  name: sgd\n  lr: 0.1\n  momentum: 0.9\n  weight_decay: 5e-4\n",
    "model:\n  hidden: 32\noptim:\n  name: adam\n  lr: 1e-3\n  eps: 1e-8\n",
][variant]
with open("config.yaml", "w") as f:
    f.write(CONFIGS)


def build_optimizer(params, cfg):
    cfg = dict(cfg)
    name = cfg.pop("name")
    if variant == 2:
        cfg["lr"] = float(cfg["lr"])  # lr was fixed after a previous crash, eps was not
    log.info("optimizer %s with %s", name, cfg)
    return {"adamw": torch.optim.AdamW, "sgd": torch.optim.SGD, "adam": torch.optim.Adam}[name](params, **cfg)


with open("config.yaml") as f:
    config = yaml.safe_load(f)
model = nn.Sequential(nn.Linear(10, config["model"]["hidden"]), nn.ReLU(), nn.Linear(config["model"]["hidden"], 1))
optimizer = build_optimizer(model.parameters(), config["optim"])
log.info("starting training")
