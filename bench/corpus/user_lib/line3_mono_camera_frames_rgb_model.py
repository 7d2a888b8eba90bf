"""Inspection line 3 got a monochrome camera; its frame exporter writes single-channel (H, W) arrays, and the defect classifier, trained on the RGB lines, is fed them unchanged."""
EXPECT = ["line3-mono-camera-frames-single-channel"]
VARIANTS = 4

import glob
import logging
import os
import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
SIZE, BATCH = {0: (96, 8), 1: (128, 4), 2: (96, 8), 3: (64, 16)}[VARIANT]


def export_frames(line, n, mono):
    """The camera-side exporter: one .npy per frame under frames/<line>/."""
    out = f"frames/{line}"
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(int(line[-1]))
    for i in range(n):
        shape = (SIZE, SIZE) if mono else (SIZE, SIZE, 3)
        np.save(f"{out}/{line}_{i:05d}.npy", rng.integers(0, 256, shape, dtype=np.uint8))


class FrameDataset(Dataset):
    def __init__(self, line):
        self.files = sorted(glob.glob(f"frames/{line}/*.npy"))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        frame = torch.from_numpy(np.load(self.files[i])).float() / 255.0
        if frame.ndim == 2:
            frame = frame.unsqueeze(-1)
        return frame.permute(2, 0, 1)  # HWC -> CHW


def defect_classifier():
    torch.manual_seed(0)
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(32, 5),
    )


@torch.no_grad()
def score_line(model, line):
    loader = DataLoader(FrameDataset(line), batch_size=BATCH, num_workers=2 if VARIANT == 1 else 0)
    n_defects = 0
    for batch in loader:
        n_defects += int((model(batch).argmax(1) != 0).sum())
    return n_defects


def main():
    lines = {0: ["line3"], 1: ["line1", "line3"], 2: ["line3"], 3: ["line1", "line2", "line3"]}[VARIANT]
    for line in lines:
        export_frames(line, 24, mono=(line == "line3"))
    model = defect_classifier().eval()
    for line in lines:
        n = score_line(model, line)
        print(f"{line}: {n} frames flagged")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s inspection: %(message)s")
        logging.info("scoring frames for line3")
        try:
            main()
        except Exception:
            logging.exception("scoring failed")
            sys.exit(1)
    else:
        main()
