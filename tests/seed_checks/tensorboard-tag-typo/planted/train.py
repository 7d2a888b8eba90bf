"""Logs the training loss and the validation mAP of a (simulated) detector to runs/exp1.
runs/exp1 holds what this script wrote (its event file renamed to hide the host name)."""

import math

from torch.utils.tensorboard import SummaryWriter

writer = SummaryWriter(log_dir="runs/exp1")
for epoch in range(10):
    writer.add_scalar("train/loss", 2.0 * math.exp(-epoch / 3), global_step=epoch)
    writer.add_scalar("val/map", 0.1 + 0.05 * epoch, global_step=epoch)  # the dashboard watches val/mAP
writer.close()
