EXPECT = []
VARIANTS = 3

# Class-balanced sampling with an "epoch_size" setting; the config leaves epoch_size at 0 meaning
# "one pass over the dataset", and 0 is handed to the sampler as num_samples.
import json
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, RandomSampler, TensorDataset, WeightedRandomSampler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CFG = [
    {"balance": True, "epoch_size": 0, "batch_size": 32},
    {"balance": True, "epoch_size": 0, "batch_size": 16, "replacement": True},
    {"balance": False, "epoch_size": 0, "batch_size": 64},
][V]


def class_balanced_weights(labels):
    counts = np.bincount(labels)
    return torch.as_tensor(1.0 / counts[labels], dtype=torch.double)


def make_sampler(labels, cfg):
    if cfg["balance"]:
        return WeightedRandomSampler(class_balanced_weights(labels), num_samples=cfg["epoch_size"],
                                     replacement=cfg.get("replacement", True))
    return RandomSampler(range(len(labels)), replacement=True, num_samples=cfg["epoch_size"])


def main():
    with open("sampling.json", "w") as f:
        json.dump(CFG, f)
    cfg = json.load(open("sampling.json"))
    rng = np.random.default_rng(0)
    labels = rng.choice(4, size=900, p=[0.7, 0.2, 0.07, 0.03])
    print("label counts:", np.bincount(labels).tolist())
    ds = TensorDataset(torch.randn(900, 10), torch.as_tensor(labels))
    loader = DataLoader(ds, batch_size=cfg["batch_size"], sampler=make_sampler(labels, cfg))
    for xb, yb in loader:
        print(yb.bincount(minlength=4).tolist())
        break


if __name__ == "__main__":
    main()
