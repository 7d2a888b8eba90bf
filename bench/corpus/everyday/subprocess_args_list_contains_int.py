"""A subprocess argument list holding an int (epochs from YAML, a GPU index) or None (an unset env var): TypeError: expected str, bytes or os.PathLike object, not int."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import subprocess
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def launch_trial(trial_cfg):
    cmd = [sys.executable, "train_ranker.py", "--epochs", trial_cfg["epochs"], "--lr", str(trial_cfg["lr"])]
    print("launching:", " ".join(map(str, cmd)))
    return subprocess.run(cmd, check=True)


def run_sweep(text):
    sweep = yaml.safe_load(text)
    for i, trial in enumerate(sweep["trials"]):
        print(f"trial {i}/{len(sweep['trials'])}")
        launch_trial(trial)


def gpu_memory_used(gpu_index):
    out = subprocess.run(
        ["nvidia-smi", "-i", gpu_index, "--query-gpu=memory.used", "--format=csv,noheader,nounits"],
        capture_output=True, text=True,
    )
    return int(out.stdout.strip())


def sync_artifacts(run_dir):
    dest = os.environ.get("ARTIFACT_MIRROR")
    logging.info("syncing %s to %s", run_dir, dest)
    subprocess.run(["rsync", "-a", "--delete", run_dir + "/", dest], check=True)


if V == 0:
    run_sweep("trials:\n  - {epochs: 5, lr: 0.001}\n  - {epochs: 10, lr: 0.0003}\n")
elif V == 1:
    for gpu in range(2):
        print(f"gpu {gpu}: {gpu_memory_used(gpu)} MiB used")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    os.makedirs("runs/2024-06-01_ranker", exist_ok=True)
    sync_artifacts("runs/2024-06-01_ranker")
