"""A teammate's summarization fine-tuning script reads the same configs-repo YAML, which has warmup_steps under scheduler since the v2 layout."""
# beside: configs-v2-warmup-steps-moved-to-scheduler
# why: the config comes from the shared configs repo's v2 layout (warmup_steps moved to the scheduler block) and the script still reads it under optimizer, the entry's cause and fix.
EXPECT = ["configs-v2-warmup-steps-moved-to-scheduler"]
VARIANTS = 2

import os
import sys

import torch
import yaml
from torch import nn
from transformers import get_linear_schedule_with_warmup

VARIANT = int(sys.argv[1])

os.makedirs("configs", exist_ok=True)
name = {0: "configs/summarize.yaml", 1: "configs/summarize_long.yaml"}[VARIANT]
with open(name, "w") as fh:
    yaml.safe_dump(
        {
            "model": {"name": "t5-small", "max_source_len": 512 * (VARIANT + 1)},
            "optimizer": {"name": "adafactor", "lr": 1e-3},
            "scheduler": {"name": "linear", "warmup_steps": 1000, "total_steps": 50000},
        },
        fh,
    )


def make_optimizer(model, cfg):
    opt_cfg = cfg["optimizer"]
    optimizer = torch.optim.AdamW(model.parameters(), lr=opt_cfg["lr"])
    schedule = get_linear_schedule_with_warmup(optimizer, num_warmup_steps=opt_cfg["warmup_steps"], num_training_steps=cfg["scheduler"]["total_steps"])
    return optimizer, schedule


with open(name) as fh:
    cfg = yaml.safe_load(fh)
if VARIANT == 1:
    print(f"fine-tuning {cfg['model']['name']} (max_source_len={cfg['model']['max_source_len']})")
make_optimizer(nn.Linear(16, 16), cfg)
