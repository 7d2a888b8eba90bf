"""Resuming from an old run restores its saved hparams.json, written before the training code had a warmup at all."""
# beside: configs-v2-warmup-steps-moved-to-scheduler
# why: the saved hyper-parameters of a run from before warmup existed simply have no such key; no shared configs layout moved it to a scheduler block.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


def old_run(run_dir):
    """What the March run saved: the hparams of the code as it was then (no warmup yet)."""
    os.makedirs(run_dir, exist_ok=True)
    model = nn.Linear(32, 4)
    with open(os.path.join(run_dir, "hparams.json"), "w") as fh:
        json.dump({"lr": 0.001, "batch_size": 64, "epochs": 20, "weight_decay": 0.0}, fh, indent=2)
    torch.save({"model": model.state_dict(), "epoch": 12, "step": 4800}, os.path.join(run_dir, "last.pt"))


def build_scheduler(optimizer, hp, start_step):
    warmup = hp["warmup_steps"]
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + start_step + 1) / warmup))


def resume(run_dir):
    with open(os.path.join(run_dir, "hparams.json")) as fh:
        hp = json.load(fh)
    state = torch.load(os.path.join(run_dir, "last.pt"))
    model = nn.Linear(32, 4)
    model.load_state_dict(state["model"])
    optimizer = torch.optim.Adam(model.parameters(), lr=hp["lr"], weight_decay=hp["weight_decay"])
    print(f"resuming {run_dir} at epoch {state['epoch']} step {state['step']}")
    return build_scheduler(optimizer, hp, state["step"])


def main():
    run_dir = {0: "runs/2024-03-11_baseline", 1: "runs/2024-02-27_bs64"}[VARIANT]
    old_run(run_dir)
    if VARIANT == 1:
        print(f"found {run_dir}/last.pt")
    resume(run_dir)


if __name__ == "__main__":
    main()
