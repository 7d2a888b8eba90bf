"""Per-device batch size derived from a global batch (floor division giving 0, true division giving a float): batch_size should be a positive integer value, but got batch_size=..."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("train")
os.environ.setdefault("WORLD_SIZE", ["8", "4", "3"][variant])

CONFIG = [
    {"global_batch_size": 64, "grad_accum_steps": 16},
    {"global_batch_size": 128, "grad_accum_steps": 2, "eval_batch_fraction": 0.5},
    {"global_batch_size": 96, "grad_accum_steps": 2, "batch_split": "ratio"},
][variant]


def per_device_batch(cfg, world_size):
    if cfg.get("batch_split") == "ratio":
        return cfg["global_batch_size"] / world_size / cfg["grad_accum_steps"]
    return cfg["global_batch_size"] // world_size // cfg["grad_accum_steps"]


def make_loaders(cfg, world_size):
    data = TensorDataset(torch.randn(512, 10), torch.randint(0, 2, (512,)))
    train_bs = per_device_batch(cfg, world_size)
    log.info("world_size=%d global_batch=%d accum=%d -> per-device batch %s",
             world_size, cfg["global_batch_size"], cfg["grad_accum_steps"], train_bs)
    train = DataLoader(data, batch_size=train_bs, shuffle=True, drop_last=True)
    eval_bs = int(train_bs * cfg.get("eval_batch_fraction", 1.0) // 32)
    log.info("eval batch size %d", eval_bs)
    val = DataLoader(data, batch_size=eval_bs)
    return train, val


train_loader, val_loader = make_loaders(CONFIG, int(os.environ["WORLD_SIZE"]))
log.info("%d train batches", len(train_loader))
