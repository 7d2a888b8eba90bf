"""The nightly CI job's train command was edited by hand in ci/nightly.yaml and a comma slipped in after the learning rate (`--lr 3e-4, --epochs 3`); the job runs the command as written."""
# beside: sweep-yaml-comma-separated-values-split-on-whitespace
# why: the comma is a typo in one hand-written command line; no sweep file holds a comma-separated string and no launcher splits it, the fix is to delete the comma in ci/nightly.yaml.
EXPECT = []
VARIANTS = 2

import os
import shlex
import subprocess
import sys

import yaml

VARIANT = int(sys.argv[1])

TRAIN_PY = '''\
import argparse

parser = argparse.ArgumentParser(description="fine-tune the intent classifier")
parser.add_argument("--lr", type=float, required=True)
parser.add_argument("--weight-decay", type=float, default=0.0)
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--run-name", default="dev")
args = parser.parse_args()
print(f"[{args.run_name}] training with lr={args.lr}")
'''
with open("train.py", "w") as fh:
    fh.write(TRAIN_PY)
os.makedirs("ci", exist_ok=True)
with open("ci/nightly.yaml", "w") as fh:
    fh.write("nightly:\n  script: python train.py --lr 3e-4, --epochs 3 --run-name nightly-%d\n" % VARIANT)

with open("ci/nightly.yaml") as fh:
    command = yaml.safe_load(fh)["nightly"]["script"]
if VARIANT == 1:
    print(f"$ {command}", flush=True)
code = subprocess.run([sys.executable if part == "python" else part for part in shlex.split(command)]).returncode
sys.exit(code)
