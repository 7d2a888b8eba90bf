EXPECT = []
VARIANTS = 3

# Sample weights are "log inverse frequency" (log(median_count / count)), to soften the
# imbalance; for classes more frequent than the median the log is negative, and the negative
# weights reach WeightedRandomSampler.
import logging
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, WeightedRandomSampler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

PRIORS = [
    [0.55, 0.25, 0.1, 0.06, 0.04],
    [0.8, 0.15, 0.05],
    [0.4, 0.3, 0.2, 0.1],
][V]


class Tickets(Dataset):
    def __init__(self, labels):
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return torch.randn(16), int(self.labels[i])


def soft_balanced_weights(labels):
    counts = np.bincount(labels)
    per_class = np.log(np.median(counts) / counts)
    return per_class[labels]


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    rng = np.random.default_rng(V)
    labels = rng.choice(len(PRIORS), size=2000, p=PRIORS)
    weights = soft_balanced_weights(labels)
    logging.info("per-class weight: %s", np.round(np.unique(weights), 3).tolist())
    sampler = WeightedRandomSampler(weights, num_samples=len(labels))
    loader = DataLoader(Tickets(labels), batch_size=64, sampler=sampler, num_workers=2 if V == 1 else 0)
    for step, (x, y) in enumerate(loader):
        if step % 10 == 0:
            logging.info("step %d class mix %s", step, y.bincount(minlength=len(PRIORS)).tolist())


if __name__ == "__main__":
    main()
