"""The eval command is given the checkpoint's path where it expects the run's JSON config, and reads the binary checkpoint as text."""
# beside: clickstream-nightly-dump-gzipped-same-name
# why: the wrong file was passed (a torch checkpoint instead of config.json); no export job compressed a dump under its old name.
EXPECT = []
VARIANTS = 2

import argparse
import json
import os
import sys

import torch

VARIANT = int(sys.argv[1])
torch.manual_seed(0)

os.makedirs("runs/exp3", exist_ok=True)
torch.save({"model": torch.nn.Linear(64, 8).state_dict(), "step": 1200}, "runs/exp3/best.pt")
with open("runs/exp3/config.json", "w") as fh:
    json.dump({"hidden": 64, "classes": 8}, fh)

parser = argparse.ArgumentParser()
parser.add_argument("--config")
parser.add_argument("--ckpt")
argv = {0: ["--config", "runs/exp3/best.pt"], 1: ["--ckpt", "runs/exp3/config.json", "--config", "runs/exp3/best.pt"]}[VARIANT]
args = parser.parse_args(argv)
if VARIANT == 1:
    print(f"evaluating {args.ckpt}")
with open(args.config, encoding="utf-8") as fh:
    cfg = json.loads(fh.read())
