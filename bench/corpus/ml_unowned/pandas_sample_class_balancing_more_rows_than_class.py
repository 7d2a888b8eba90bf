"""Class balancing with DataFrame.sample / groupby().sample asking each class for a fixed n (or frac > 1 to oversample) without replace=True, when a rare class has fewer rows: ValueError: Cannot take a larger sample than population when 'replace=False' / Replace has to be set to `True` when upsampling the population `frac` > 1."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import numpy as np
import pandas as pd

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("balance")
rng = np.random.default_rng(0)

counts = {"ok": 4200, "scratch": 610, "dent": 350, "crack": 140}
df = pd.DataFrame({
    "image": [f"img_{i:05d}.jpg" for i in range(sum(counts.values()))],
    "defect": np.repeat(list(counts), list(counts.values())),
})
log.info("class counts: %s", df["defect"].value_counts().to_dict())


def balance_downsample(frame, per_class):
    log.info("downsampling every class to %d rows", per_class)
    return frame.groupby("defect", group_keys=False).sample(n=per_class, random_state=0)


def balance_loop(frame, target_counts):
    parts = []
    for label, n in target_counts.items():
        part = frame[frame["defect"] == label].sample(n=n, random_state=0)
        log.info("%s: kept %d", label, len(part))
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def oversample_minorities(frame, factor):
    parts = []
    for label, part in frame.groupby("defect"):
        frac = factor.get(label, 1.0)
        parts.append(part.sample(frac=frac, random_state=0))
        log.info("%s: x%.1f -> %d rows", label, frac, len(parts[-1]))
    return pd.concat(parts, ignore_index=True)


if V == 0:
    balanced = balance_downsample(df, per_class=500)
elif V == 1:
    balanced = balance_loop(df, {"ok": 1000, "scratch": 400, "dent": 300, "crack": 300})
else:
    balanced = oversample_minorities(df, {"crack": 3.0, "dent": 1.5})
print(balanced["defect"].value_counts())
