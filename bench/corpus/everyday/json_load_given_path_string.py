"""json.load given a path instead of a file (or json.loads given the file object): 'str' object has no attribute 'read' / the JSON object must be str, bytes or bytearray."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import os
import sys
from pathlib import Path

VARIANT = int(sys.argv[1])

os.makedirs("run_07", exist_ok=True)
with open("run_07/config.json", "w") as f:
    json.dump({"model": "resnet34", "lr": 0.01, "epochs": 30}, f)
with open("run_07/metrics.json", "w") as f:
    json.dump({"val_acc": 0.913, "val_loss": 0.281}, f)


def load_config(path):
    return json.load(path)


if VARIANT == 0:
    cfg = load_config("run_07/config.json")
    print(cfg["model"])
elif VARIANT == 1:
    run_dir = Path("run_07")
    print(f"run dir {run_dir}")
    metrics = json.load(run_dir / "metrics.json")
    print(metrics["val_acc"])
else:
    with open("run_07/metrics.json") as f:
        metrics = json.loads(f)
    print(metrics)
