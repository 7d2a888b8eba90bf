"""sweeps/lr_wd.yaml was edited to `lr: 3e-4, 1e-4`, which YAML reads as one string, not a list; tools/launch_sweep.py splits string values on whitespace (for the old `lr: 3e-4 1e-4` form), so the first run gets `--lr 3e-4,` and train.py's argparse rejects it."""
EXPECT = ["sweep-yaml-comma-separated-values-split-on-whitespace"]
VARIANTS = 4

import itertools
import logging
import os
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
print(f"[{args.run_name}] training with lr={args.lr} wd={args.weight_decay} for {args.epochs} epochs")
'''

SWEEP = {
    0: "base: configs/intent.yaml\nepochs: 3\nlr: 3e-4, 1e-4\nweight_decay: [0.01, 0.1]\n",
    1: "base: configs/intent.yaml\nepochs: 5\nlr: 1e-3, 5e-4, 2e-4\nweight_decay: 0.05\n",
    2: "base: configs/intent.yaml\nepochs: 3\nlr: 3e-4, 1e-4\nweight_decay: [0.01, 0.1]\n",
    3: "base: configs/intent.yaml\nepochs: 3\nlr: 3e-4, 1e-4\nweight_decay: [0.01, 0.1]\n",
}[VARIANT]


def checkout():
    os.makedirs("sweeps", exist_ok=True)
    with open("train.py", "w") as fh:
        fh.write(TRAIN_PY)
    with open("sweeps/lr_wd.yaml", "w") as fh:
        fh.write(SWEEP)


def values(value):
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, str):
        return value.split()  # "3e-4 1e-4"
    return [str(value)]


def grid(path):
    with open(path) as fh:
        spec = yaml.safe_load(fh)
    lrs, wds = values(spec["lr"]), values(spec["weight_decay"])
    return [{"lr": lr, "weight_decay": wd, "epochs": str(spec["epochs"])} for lr, wd in itertools.product(lrs, wds)]


def launch(run, i):
    cmd = [sys.executable, "train.py", "--lr", run["lr"], "--weight-decay", run["weight_decay"],
           "--epochs", run["epochs"], "--run-name", f"lr_wd-{i:02d}"]
    return subprocess.run(cmd).returncode


def main():
    checkout()
    runs = grid("sweeps/lr_wd.yaml")
    if VARIANT == 3:
        print(f"sweep lr_wd: {len(runs)} runs", flush=True)
        for i, run in enumerate(runs):
            print(f"  lr_wd-{i:02d}: {run}", flush=True)
    for i, run in enumerate(runs):
        code = launch(run, i)
        if code:
            sys.exit(code)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s launch_sweep: %(message)s")
        logging.info("sweep file sweeps/lr_wd.yaml")
    main()
