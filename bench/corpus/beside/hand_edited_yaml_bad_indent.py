"""A hand-edited training config indents a key under a key that already has a scalar value ("model: resnet50" then "  lr: 0.001")."""
# beside: sweep-generator-unquoted-notes-colon
# why: the YAML was broken by hand-editing the indentation; no generator wrote an unquoted notes value with ": " in it.
EXPECT = []
VARIANTS = 2

import sys

import yaml

VARIANT = int(sys.argv[1])

TEXT = {
    0: "model: resnet50\n  lr: 0.001\nepochs: 20\n",
    1: "data:\n  train: data/train.csv\n  val: data/val.csv\noptimizer: adamw\n  weight_decay: 0.05\n",
}[VARIANT]
with open("train.yaml", "w") as fh:
    fh.write(TEXT)

if VARIANT == 1:
    print("loading train.yaml")
with open("train.yaml") as fh:
    cfg = yaml.safe_load(fh)
