"""Feature standardisation with statistics computed over the wrong axis (or per-channel stats on HWC vs CHW images): operands could not be broadcast together."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

variant = int(sys.argv[1])


def standardise(X, mean, std):
    return (X - mean) / (std + 1e-8)


if variant == 0:
    X = np.random.rand(128, 20)
    mean, std = X.mean(axis=1), X.std(axis=1)            # per-sample instead of per-feature
    Z = standardise(X, mean, std)
elif variant == 1:
    images = np.random.rand(16, 3, 64, 64).astype(np.float32)   # CHW batch
    mean = np.array([0.485, 0.456, 0.406])
    std = np.array([0.229, 0.224, 0.225])                        # stats laid out for HWC
    batch = standardise(images, mean, std)
else:
    train = np.random.rand(200, 12)
    mu, sigma = train.mean(0), train.std(0)
    live = np.random.rand(5, 11)                                 # upstream dropped a column
    print(f"train stats for {mu.shape[0]} features; live batch {live.shape}")
    Z = standardise(live, mu, sigma)
print(Z.shape)
