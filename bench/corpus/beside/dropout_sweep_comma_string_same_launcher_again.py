"""A teammate added sweeps/dropout.yaml for the regularization study and wrote the values the way one writes a list in prose, `dropout: 0.1, 0.3`; tools/launch_sweep.py splits string values on whitespace."""
# beside: sweep-yaml-comma-separated-values-split-on-whitespace
# why: a comma-separated YAML string split on whitespace by the sweep launcher gives '0.1,' to argparse, the entry's cause and fix.
EXPECT = ["sweep-yaml-comma-separated-values-split-on-whitespace"]
VARIANTS = 3

import itertools
import os
import subprocess
import sys

import yaml

VARIANT = int(sys.argv[1])

TRAIN_PY = '''\
import argparse

parser = argparse.ArgumentParser(description="fine-tune the intent classifier")
parser.add_argument("--lr", type=float, required=True)
parser.add_argument("--dropout", type=float, default=0.1)
parser.add_argument("--run-name", default="dev")
args = parser.parse_args()
print(f"[{args.run_name}] lr={args.lr} dropout={args.dropout}")
'''
os.makedirs("sweeps", exist_ok=True)
with open("train.py", "w") as fh:
    fh.write(TRAIN_PY)
with open("sweeps/dropout.yaml", "w") as fh:
    fh.write({0: "lr: 3e-4\ndropout: 0.1, 0.3\n", 1: "lr: [3e-4]\ndropout: 0.05, 0.1, 0.2\n", 2: "lr: 3e-4\ndropout: 0.1, 0.3\n"}[VARIANT])


def values(value):
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, str):
        return value.split()
    return [str(value)]


with open("sweeps/dropout.yaml") as fh:
    spec = yaml.safe_load(fh)
for i, (lr, p) in enumerate(itertools.product(values(spec["lr"]), values(spec["dropout"]))):
    if VARIANT == 2:
        print(f"dropout-{i:02d}: lr={lr} dropout={p}", flush=True)
    code = subprocess.run([sys.executable, "train.py", "--lr", lr, "--dropout", p, "--run-name", f"dropout-{i:02d}"]).returncode
    if code:
        sys.exit(code)
