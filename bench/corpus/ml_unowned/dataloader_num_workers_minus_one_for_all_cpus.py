EXPECT = []
VARIANTS = 3

# The data section of the config uses the scikit-learn / joblib convention "-1 = all cores" for
# num_workers; the loader factory passes it to DataLoader unchanged.
import logging
import os
import sys

import numpy as np
import torch
import yaml
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DATA_YAML = [
    "data:\n  batch_size: 32\n  num_workers: -1   # all cores\n  shuffle: true\n",
    "data:\n  batch_size: 64\n  num_workers: -1\n  pin_memory: false\n  persistent_workers: false\n",
    "data:\n  batch_size: 16\n  num_workers: -2   # all but one core\n  shuffle: true\n",
][V]


class PatchDataset(Dataset):
    def __init__(self, n):
        self.x = np.random.rand(n, 3, 32, 32).astype("float32")
        self.y = np.random.randint(0, 5, n)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), int(self.y[i])


def make_loaders(cfg):
    train = PatchDataset(256)
    val = PatchDataset(64)
    common = {k: v for k, v in cfg.items() if k != "shuffle"}
    return (DataLoader(train, shuffle=cfg.get("shuffle", True), **common),
            DataLoader(val, shuffle=False, **common))


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    with open("data.yaml", "w") as f:
        f.write(DATA_YAML)
    cfg = yaml.safe_load(open("data.yaml"))["data"]
    logging.info("machine has %d cpus, data config %s", os.cpu_count(), cfg)
    train_loader, val_loader = make_loaders(cfg)
    for x, y in train_loader:
        print(x.shape, y[:4])
        break


if __name__ == "__main__":
    main()
