"""stats/running.py accumulates each channel's sum and sum of squares in float32 and takes variance = sumsq/n - mean**2; for the barometric pressure channel (about 101325 Pa with a spread under 1 Pa) the cancellation makes it negative and math.sqrt fails."""
EXPECT = ["running-stats-one-pass-variance-negative"]
VARIANTS = 4

import logging
import math
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
CHANNELS = {"temp_c": (21.0, 2.5), "humidity_pct": (45.0, 8.0), "pressure_pa": (101325.0, 0.4)}
SEED = {0: 0, 1: 8, 2: 9, 3: 10}[VARIANT]


# --- stats/running.py ---
class RunningStats:
    """Streaming mean/std per channel, one pass over the chunks."""

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


def write_station_chunks(folder, n_chunks, rows):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(SEED)
    for c in range(n_chunks):
        frame = pd.DataFrame({name: mu + rng.normal(0, sd, rows) for name, (mu, sd) in CHANNELS.items()})
        frame.to_csv(f"{folder}/part-{c:04d}.csv", index=False)


def fit_normalizer(folder):
    stats = {name: RunningStats() for name in CHANNELS}
    for part in sorted(os.listdir(folder)):
        chunk = pd.read_csv(os.path.join(folder, part))
        for name, s in stats.items():
            s.update(chunk[name].to_numpy())
        if VARIANT == 3:
            print(f"{part}: {stats['temp_c'].n} rows")
    return {name: {"mean": s.mean, "std": s.std} for name, s in stats.items()}


def main():
    folder = {0: "data/station_07", 1: "data/raw/station_12", 2: "data/station_07", 3: "data/station_31"}[VARIANT]
    write_station_chunks(folder, 10, 500)
    if VARIANT == 1:
        import json

        norm = fit_normalizer(folder)
        with open("normalizer.json", "w") as fh:
            json.dump(norm, fh)
    else:
        for name, s in fit_normalizer(folder).items():
            print(f"{name}: mean={s['mean']:.3f} std={s['std']:.4f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s fit_normalizer: %(message)s")
        logging.info("fitting normalizer on data/station_07")
        try:
            main()
        except Exception:
            logging.exception("normalizer failed")
            sys.exit(1)
    else:
        main()
