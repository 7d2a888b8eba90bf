"""The trainer's decay is lr * math.sqrt(1 - step / total_steps); a resumed run was given more epochs, but total_steps was restored from the old checkpoint."""
# beside: running-stats-one-pass-variance-negative
# why: the negative argument is a schedule running past its stale total_steps after the user extended a resumed run, not a variance computed with a cancelling formula.
EXPECT = []
VARIANTS = 2

import math
import sys

VARIANT = int(sys.argv[1])

checkpoint = {"step": 9000, "total_steps": 10000, "base_lr": 3e-4}  # saved by the first run (10 epochs)
epochs, steps_per_epoch = {0: (15, 1000), 1: (12, 1000)}[VARIANT]  # resumed with more epochs


def lr_at(step, total_steps, base_lr):
    return base_lr * math.sqrt(1 - step / total_steps)


for step in range(checkpoint["step"], epochs * steps_per_epoch, 250):
    lr = lr_at(step, checkpoint["total_steps"], checkpoint["base_lr"])
    if step % 500 == 0:
        print(f"step {step} lr {lr:.2e}")
