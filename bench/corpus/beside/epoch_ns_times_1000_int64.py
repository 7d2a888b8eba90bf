"""Event timestamps arrive in nanoseconds, but the ingest helper assumes microseconds and multiplies by 1000 before storing them in an int64 column."""
# beside: merchant-id-hash-16-hex-digits-overflows-int64
# why: the huge integers come from a unit mix-up on timestamps in the user's ingest code, not from a 64-bit unsigned hash of merchant ids.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np

VARIANT = int(sys.argv[1])

events = [{"event": "click", "ts": 1717400000000000000 + i * 1_500_000_000} for i in range({0: 200, 1: 5000}[VARIANT])]
with open("events.json", "w") as fh:
    json.dump(events, fh)


def to_ns(ts_us):
    return ts_us * 1000  # producer sends microseconds


with open("events.json") as fh:
    rows = json.load(fh)
if VARIANT == 1:
    print(f"{len(rows)} events")
ts = np.array([to_ns(r["ts"]) for r in rows], dtype=np.int64)
print(ts[:3])
