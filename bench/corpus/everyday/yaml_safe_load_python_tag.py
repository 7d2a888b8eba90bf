"""yaml ConstructorError: could not determine a constructor for the tag python/tuple or python/object from yaml.dump output."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import pathlib
import sys

import numpy as np
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
config = {"model": "resnet18", "epochs": 5}
config.update([
    {"image_size": (224, 224)},
    {"best_val_acc": np.float64(0.913)},
    {"output_dir": pathlib.Path("runs/exp3")},
][V])


def save_config(cfg, path):
    with open(path, "w") as f:
        yaml.dump(cfg, f)


def load_config(path):
    with open(path) as f:
        return yaml.safe_load(f)


save_config(config, "config.yaml")
print(open("config.yaml").read())
print(load_config("config.yaml"))
