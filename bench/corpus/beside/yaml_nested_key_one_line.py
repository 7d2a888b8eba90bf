"""A hand-edited train.yaml puts a nested key on its parent's line ("optimizer: lr: 3e-4")."""
# beside: sweep-generator-unquoted-notes-colon
# why: a hand-edited config collapsed a nested mapping onto one line; no generated notes field with a colon in it.
EXPECT = []
VARIANTS = 2

import sys

import yaml

VARIANT = int(sys.argv[1])

text = {
    0: "model: resnet18\noptimizer: lr: 3e-4\nepochs: 10\n",
    1: "data:\n  path: data/train.csv\n  loader: batch_size: 64\n",
}[VARIANT]
with open("train.yaml", "w") as fh:
    fh.write(text)
yaml.safe_load(open("train.yaml"))
