"""launch.py writes runs/<run_id>/run_config.json with fh.write(str(config)) since the 'drop the json import' cleanup, a Python repr with single quotes; train.py reads it back with json.load."""
EXPECT = ["launcher-run-config-json-written-with-str-dict"]
VARIANTS = 4

import json
import logging
import os
import sys

VARIANT = int(sys.argv[1])
RUN_ID = {0: "r2024-06-11-a", 1: "sweep-41-trial-007", 2: "r2024-06-11-a", 3: "r2024-06-12-b"}[VARIANT]


def build_config():
    return {
        "model": {"name": "tabnet", "width": {0: 64, 1: 128, 2: 64, 3: 32}[VARIANT]},
        "optimizer": {"lr": {0: 3e-4, 1: 1e-3, 2: 3e-4, 3: 5e-4}[VARIANT], "weight_decay": 0.01},
        "epochs": 20,
        "data": "data/processed/train.parquet",
    }


def launch(run_id):
    run_dir = os.path.join("runs", run_id)
    os.makedirs(run_dir, exist_ok=True)
    with open(os.path.join(run_dir, "run_config.json"), "w") as fh:
        fh.write(str(build_config()))
    return run_dir


def load_run_config(run_dir):
    """train.py"""
    with open(os.path.join(run_dir, "run_config.json")) as fh:
        return json.load(fh)


class Trainer:
    def __init__(self, run_dir):
        self.config = load_run_config(run_dir)


def main():
    run_dir = launch(RUN_ID)
    if VARIANT == 3:
        print(f"launched {RUN_ID} in {run_dir}")
        print("train.py: reading run config")
    if VARIANT == 1:
        Trainer(run_dir)
    else:
        load_run_config(run_dir)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        logging.info("starting run %s", RUN_ID)
        try:
            main()
        except Exception:
            logging.exception("could not start run")
            sys.exit(1)
    else:
        main()
