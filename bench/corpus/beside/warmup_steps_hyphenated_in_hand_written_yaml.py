"""A hand-written experiment YAML spells the key warmup-steps (copied from the CLI flag) under optimizer; the code reads warmup_steps."""
# beside: configs-v2-warmup-steps-moved-to-scheduler
# why: the key sits under optimizer as the code expects but is spelled with a hyphen in a hand-written file; the shared configs layout did not move it.
EXPECT = []
VARIANTS = 2

import logging
import sys

import torch
import yaml
from torch import nn

VARIANT = int(sys.argv[1])

EXPERIMENT = """\
# exp/{name}.yaml -- from: python train.py --lr {lr} --warmup-steps {warmup}
task: intent
model:
  hidden: {hidden}
optimizer:
  name: adamw
  lr: {lr}
  warmup-steps: {warmup}
  total_steps: 12000
"""


def build_scheduler(optimizer, opt_cfg):
    warmup = opt_cfg["warmup_steps"]
    total = opt_cfg["total_steps"]
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup) * max(0.0, 1 - s / total))


def setup(path):
    with open(path) as fh:
        cfg = yaml.safe_load(fh)
    model = nn.Sequential(nn.Linear(64, cfg["model"]["hidden"]), nn.ReLU(), nn.Linear(cfg["model"]["hidden"], 6))
    optimizer = torch.optim.AdamW(model.parameters(), lr=float(cfg["optimizer"]["lr"]))
    return model, build_scheduler(optimizer, cfg["optimizer"])


def main():
    name = {0: "lr_sweep_03", 1: "bigger_hidden"}[VARIANT]
    path = f"{name}.yaml"
    with open(path, "w") as fh:
        fh.write(EXPERIMENT.format(name=name, lr=[3e-4, 1e-4][VARIANT], warmup=[500, 1000][VARIANT], hidden=[128, 512][VARIANT]))
    if VARIANT == 1:
        logging.info("experiment %s", path)
    setup(path)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("could not set up training")
            sys.exit(1)
    else:
        main()
