"""The shared configs repo's v2 layout moved warmup_steps from the optimizer block into a new scheduler block; train.py still reads cfg["optimizer"]["warmup_steps"]."""
EXPECT = ["configs-v2-warmup-steps-moved-to-scheduler"]
VARIANTS = 4

import functools
import logging
import operator
import os
import sys

import torch
import yaml
from torch import nn

VARIANT = int(sys.argv[1])

# configs/<task>.yaml as the configs repo has it since the v2 layout
CONFIG_V2 = """\
task: {task}
model:
  name: {model}
  hidden: {hidden}
optimizer:
  name: adamw
  lr: {lr}
  weight_decay: 0.01
scheduler:
  name: linear
  warmup_steps: {warmup}
  total_steps: 20000
data:
  batch_size: 32
"""


def sync_configs(task):
    os.makedirs("configs", exist_ok=True)
    path = f"configs/{task}.yaml"
    with open(path, "w") as fh:
        fh.write(CONFIG_V2.format(task=task, model="mlp", hidden=128 + 64 * VARIANT, lr=3e-4, warmup=500 * (VARIANT + 1)))
    return path


def cfg_get(cfg, dotted):
    return functools.reduce(operator.getitem, dotted.split("."), cfg)


def build_scheduler(optimizer, cfg):
    if VARIANT == 1:
        warmup = cfg_get(cfg, "optimizer.warmup_steps")
    else:
        warmup = cfg["optimizer"]["warmup_steps"]
    total = cfg["scheduler"]["total_steps"]
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / warmup) * max(0.0, 1 - step / total))


def main():
    task = {0: "intent", 1: "ticket_routing", 2: "intent", 3: "sentiment"}[VARIANT]
    path = sync_configs(task)
    with open(path) as fh:
        cfg = yaml.safe_load(fh)
    if VARIANT == 3:
        print(f"loaded {path}")
        print(f"model={cfg['model']['name']} hidden={cfg['model']['hidden']} lr={cfg['optimizer']['lr']}")
    model = nn.Sequential(nn.Linear(32, cfg["model"]["hidden"]), nn.ReLU(), nn.Linear(cfg["model"]["hidden"], 4))
    optimizer = torch.optim.AdamW(model.parameters(), lr=float(cfg["optimizer"]["lr"]), weight_decay=cfg["optimizer"]["weight_decay"])
    build_scheduler(optimizer, cfg)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        logging.info("task=intent config=configs/intent.yaml")
        try:
            main()
        except Exception:
            logging.exception("could not set up training")
            sys.exit(1)
    else:
        main()
