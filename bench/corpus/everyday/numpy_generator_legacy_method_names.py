"""AttributeError: 'numpy.random._generator.Generator' object has no attribute 'randint': code moved to np.random.default_rng() still calls the legacy RandomState / np.random names (randint, rand, randn, random_sample, seed) on the Generator."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(1234)
X = np.arange(200, dtype=np.float32).reshape(100, 2)


def bootstrap_indices(n, rounds, gen):
    return [gen.randint(0, n, size=n) for _ in range(rounds)]


class NoisyFeatures(Dataset):
    def __init__(self, x, seed=0):
        self.x = x
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        noise = self.rng.randn(*self.x[i].shape).astype(np.float32) * 0.01
        return torch.from_numpy(self.x[i] + noise)


if V == 0:
    idx = bootstrap_indices(len(X), 3, rng)
    print([X[i].mean() for i in idx])
elif V == 1:
    loader = DataLoader(NoisyFeatures(X), batch_size=16, num_workers=2)
    for step, batch in enumerate(loader):
        print(step, batch.shape)
elif V == 2:
    def train_val_mask(n, val_frac=0.2):
        return rng.random_sample(n) < val_frac

    mask = train_val_mask(len(X))
    print(f"train {(~mask).sum()} val {mask.sum()}")
elif V == 3:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("train")
    order = np.arange(len(X))
    for epoch in range(3):
        log.info("epoch %d", epoch)
        try:
            rng.seed(epoch)             # reseed per epoch, as with np.random.seed
        except AttributeError:
            log.exception("could not reseed the shuffler")
            raise
        rng.shuffle(order)
else:
    class DropoutMask:
        def __init__(self, p, seed=7):
            self.p = p
            self.gen = np.random.default_rng(seed)

        def __call__(self, shape):
            return (self.gen.rand(*shape) > self.p).astype(np.float32)

    for i in range(2):
        print(f"batch {i}", flush=True)
    print(DropoutMask(0.1)((4, 8)).mean())
