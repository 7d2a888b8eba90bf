"""A teammate's run-comparison dashboard reads runs/*/config.yaml, written by save_run_config with yaml.dump, and the normalize mean/std are tuples."""
# beside: run-config-yaml-dump-python-tuple-tags
# why: the run configs were written by yaml.dump with tuple values (python/tuple tags) and are read with safe_load, the entry's cause and fix.
EXPECT = ["run-config-yaml-dump-python-tuple-tags"]
VARIANTS = 2

import glob
import os
import sys

import yaml

VARIANT = int(sys.argv[1])


def save_run_config(cfg, run_dir):
    os.makedirs(run_dir, exist_ok=True)
    with open(os.path.join(run_dir, "config.yaml"), "w") as fh:
        yaml.dump(cfg, fh)


for i, lr in enumerate([1e-3, 3e-4, 1e-4][: 2 + VARIANT]):
    save_run_config({"lr": lr, "backbone": "vit_s16", "normalize": {"mean": (0.485, 0.456, 0.406), "std": (0.229, 0.224, 0.225)}}, f"runs/vit-{i}")

table = []
for path in sorted(glob.glob("runs/*/config.yaml")):
    if VARIANT == 1:
        print(f"reading {path}")
    with open(path) as fh:
        table.append(yaml.load(fh, Loader=yaml.SafeLoader))
