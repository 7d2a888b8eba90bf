"""Training info (epoch, lr, val metrics, a config dict) written as safetensors metadata without converting to str: argument 'metadata': 'int' object is not an instance of 'str'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from safetensors.torch import save_file, save_model
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("export")

config = {"hidden": [64, 128, 32][variant], "layers": 2, "dropout": 0.1}
model = nn.Sequential(nn.Linear(16, config["hidden"]), nn.ReLU(), nn.Linear(config["hidden"], 4))
history = {"epoch": 12, "val_loss": 0.3187, "val_f1": 0.874}


def export(path):
    if variant == 0:
        metadata = {"format": "pt", "epoch": history["epoch"]}
    elif variant == 1:
        metadata = {"format": "pt", "val_loss": history["val_loss"], "val_f1": history["val_f1"]}
    else:
        metadata = {"format": "pt", "config": config}
    log.info("exporting %d tensors to %s with metadata %s", len(model.state_dict()), path, sorted(metadata))
    if variant == 2:
        save_model(model, path, metadata=metadata)
    else:
        save_file(model.state_dict(), path, metadata=metadata)


export("model.safetensors")
log.info("done")
