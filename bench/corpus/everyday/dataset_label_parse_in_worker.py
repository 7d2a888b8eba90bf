"""ValueError from int() on a label string inside Dataset.__getitem__ with DataLoader workers."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("train.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["feature", "label"])
    for i in range(24):
        w.writerow([i * 0.5, "positive" if i == [9, 17, 22][V] else i % 2])


class CsvData(Dataset):
    def __init__(self, path):
        with open(path) as f:
            self.rows = list(csv.DictReader(f))

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        r = self.rows[i]
        return torch.tensor([float(r["feature"])]), int(r["label"])


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(name)s - %(levelname)s - %(message)s")
    log = logging.getLogger("trainer")
    loader = DataLoader(CsvData("train.csv"), batch_size=6, num_workers=2)
    log.info("dataset ready: %d batches", len(loader))
    try:
        for step, (x, y) in enumerate(loader):
            log.info("step %d loss=%.4f", step, float(x.mean()))
    except Exception:
        log.exception("training failed")
        if V == 2:
            raise
        sys.exit(1)
