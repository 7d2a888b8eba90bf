"""An experiment override is merged into the base config with dict.update, which replaces the whole optimizer block instead of merging it."""
# beside: configs-v2-warmup-steps-moved-to-scheduler
# why: warmup_steps is still under optimizer in the base config; the user's shallow dict.update dropped it, no configs layout moved it.
EXPECT = []
VARIANTS = 2

import sys

import yaml

VARIANT = int(sys.argv[1])

BASE = """\
optimizer:
  name: adamw
  lr: 0.0003
  warmup_steps: 500
  weight_decay: 0.01
epochs: 10
"""
OVERRIDE = {0: "optimizer:\n  lr: 0.001\n", 1: "epochs: 3\noptimizer:\n  weight_decay: 0.0\n"}[VARIANT]

with open("base.yaml", "w") as fh:
    fh.write(BASE)
with open("exp_lr.yaml", "w") as fh:
    fh.write(OVERRIDE)


def load_config(*paths):
    cfg = {}
    for path in paths:
        with open(path) as fh:
            cfg.update(yaml.safe_load(fh))
    return cfg


cfg = load_config("base.yaml", "exp_lr.yaml")
if VARIANT == 1:
    print(f"epochs={cfg['epochs']}, optimizer={cfg['optimizer']}")
warmup = cfg["optimizer"]["warmup_steps"]
