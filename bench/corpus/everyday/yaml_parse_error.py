"""yaml.YAMLError when a hand-edited YAML config has a tab, a bad indent or an unclosed bracket."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DOCS = [
    "model:\n  name: resnet\n\tdepth: 18\n",
    "data:\n  train: data/train.csv\n   val: data/val.csv\n",
    "optim:\n  betas: [0.9, 0.999\n  lr: 0.001\n",
]
os.makedirs("configs", exist_ok=True)
with open("configs/run.yaml", "w") as f:
    f.write(DOCS[V])


def load(path):
    with open(path) as f:
        return yaml.safe_load(f)


print(load("configs/run.yaml"))
