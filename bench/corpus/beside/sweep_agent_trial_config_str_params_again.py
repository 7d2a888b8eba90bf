"""A teammate's new sweep_agent.py writes each trial's trial_config.json with fh.write(str(params)), and the trial's train step loads it with json.load."""
# beside: launcher-run-config-json-written-with-str-dict
# why: a config dict is written with str() (a single-quoted Python repr) and read back as JSON, the entry's cause and fix.
EXPECT = ["launcher-run-config-json-written-with-str-dict"]
VARIANTS = 2

import json
import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT)


def sample_params():
    return {"lr": float(10 ** rng.uniform(-4, -2)), "depth": int(rng.integers(2, 8)), "dropout": round(float(rng.uniform(0, 0.5)), 2)}


def start_trial(sweep, n):
    trial_dir = os.path.join("sweeps", sweep, f"trial_{n:03d}")
    os.makedirs(trial_dir, exist_ok=True)
    with open(os.path.join(trial_dir, "trial_config.json"), "w") as fh:
        fh.write(str(sample_params()))
    return trial_dir


def run_trial(trial_dir):
    with open(os.path.join(trial_dir, "trial_config.json")) as fh:
        params = json.load(fh)
    return params


sweep = {0: "sweep-41", 1: "sweep-churn-depth"}[VARIANT]
for n in range({0: 1, 1: 3}[VARIANT]):
    d = start_trial(sweep, n)
    if VARIANT == 1:
        print(f"trial {n}: {d}")
    run_trial(d)
