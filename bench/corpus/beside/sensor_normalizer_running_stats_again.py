"""A teammate's anomaly detector fits its normalizer with the shared stats/running.py RunningStats on another station's chunks, pressure channel included."""
# beside: running-stats-one-pass-variance-negative
# why: RunningStats' float32 sumsq/n - mean**2 goes negative on the ~101325 Pa pressure channel, exactly the entry's cause and fix.
EXPECT = ["running-stats-one-pass-variance-negative"]
VARIANTS = 2

import math
import sys

import numpy as np

VARIANT = int(sys.argv[1])


# --- stats/running.py (shared) ---
class RunningStats:
    def __init__(self):
        self.n = 0
        self.sum = np.float32(0.0)
        self.sumsq = np.float32(0.0)

    def update(self, values):
        x = np.asarray(values, dtype=np.float32)
        self.n += x.size
        self.sum += x.sum(dtype=np.float32)
        self.sumsq += (x * x).sum(dtype=np.float32)

    @property
    def mean(self):
        return float(self.sum / self.n)

    @property
    def std(self):
        var = float(self.sumsq / self.n) - self.mean**2
        return math.sqrt(var)


rng = np.random.default_rng({0: 1, 1: 4}[VARIANT])
pressure = RunningStats()
for chunk in range(8):
    pressure.update(101325.0 + rng.normal(0, 0.3, 400))
    if VARIANT == 1:
        print(f"chunk {chunk}: n={pressure.n}")
print(f"pressure_pa z-score params: mean={pressure.mean:.2f} std={pressure.std:.4f}")
