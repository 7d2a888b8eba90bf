"""Hourly meter readings converted to Europe/Berlin local time and made naive: the DST fall-back hour appears twice."""
# beside: inventory-snapshot-backfill-duplicate-dates
# why: the duplicate index labels come from the daylight-saving fall-back hour, not from a re-run backfill appending a day again.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

utc = pd.date_range("2023-10-28 00:00", periods={0: 72, 1: 48}[VARIANT], freq="h", tz="UTC")
local = utc.tz_convert("Europe/Berlin").tz_localize(None)
series = pd.Series(np.arange(len(local), dtype=float), index=local)
series.reindex(pd.date_range(local.min(), local.max(), freq="h"))
