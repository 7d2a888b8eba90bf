"""Two yearly frames are concatenated without ignore_index, so their 0..n-1 indexes repeat, and the result is then reindexed."""
# beside: inventory-snapshot-backfill-duplicate-dates
# why: the duplicate labels are repeated RangeIndex values from the user's own concat, not dates appended twice by a re-run backfill.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
y2023 = pd.DataFrame({"units": rng.integers(0, 50, 365)})
y2024 = pd.DataFrame({"units": rng.integers(0, 50, 366)})
both = pd.concat([y2023, y2024])
if VARIANT == 1:
    print(f"{len(both)} days")
    both.reindex(np.arange(800), fill_value=0)
else:
    both["units"].reindex(range(731))
