"""TypeError: '<' not supported between instances of 'dict' and 'float': bisect given a query that is a whole record (an event dict, a dataclass) while key= maps the list to timestamps, or a bare step / date string against a list of (step, path) tuples or datetimes: bisect compares the query with keys, not records."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import bisect
import dataclasses
import logging
import sys
from datetime import datetime, timedelta

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n = [12, 8, 20, 6][V]

if V == 0:
    events = [{"ts": 1700000000.0 + 60 * i, "user": f"u{i % 3}", "type": "click"} for i in range(n)]
    label_event = {"ts": 1700000000.0 + 60 * 5.5, "user": "u1", "type": "purchase"}
    print(f"{len(events)} events; finding the events before the purchase at {label_event['ts']}")
    i = bisect.bisect_right(events, label_event, key=lambda e: e["ts"])
    print("history length", i)
elif V == 1:
    checkpoints = [(500 * (i + 1), f"ckpt/step_{500 * (i + 1):06d}.pt") for i in range(n)]
    print("available:", [s for s, _ in checkpoints])

    def latest_before(step):
        i = bisect.bisect_right(checkpoints, step)
        return checkpoints[i - 1][1] if i else None

    print("resume from", latest_before(2200))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("pricing")

    @dataclasses.dataclass
    class Band:
        upper: float
        name: str

    bands = [Band(10.0 * (i + 1), f"band_{i}") for i in range(n)]

    def band_for(item):
        i = bisect.bisect_left(bands, item, key=lambda b: b.upper)
        return bands[min(i, len(bands) - 1)].name

    items = [{"sku": "SKU-1", "price": 7.5}, {"sku": "SKU-2", "price": 42.0}]
    for item in items:
        log.info("%s -> %s", item["sku"], band_for(item))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("windows")
    start = datetime(2024, 3, 1)
    snapshots = [start + timedelta(days=7 * i) for i in range(n)]
    log.info("%d weekly snapshots from %s", len(snapshots), snapshots[0].date())
    cutoff = "2024-03-20"                   # from the experiment config
    i = bisect.bisect_left(snapshots, cutoff)
    log.info("train on %d snapshots", i)
