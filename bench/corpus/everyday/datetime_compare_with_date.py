"""A datetime is compared with (or sorted beside) a plain date from the config: TypeError: can't compare datetime.datetime to datetime.date."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from datetime import date, datetime

import yaml

VARIANT = int(sys.argv[1])

with open("split.yaml", "w") as f:
    f.write("train_until: 2024-03-01\nvalid_until: 2024-04-01\n")

events = [
    {"id": i, "ts": datetime(2024, 2, 20 + i % 9, 9, i % 60)} for i in range(20)
]

if VARIANT == 0:
    cfg = yaml.safe_load(open("split.yaml"))  # YAML turns 2024-03-01 into a datetime.date
    train = [e for e in events if e["ts"] < cfg["train_until"]]
    print(f"{len(train)} training events")
elif VARIANT == 1:
    holidays = [date(2024, 2, 24), date(2024, 2, 25)]
    ts = sorted([e["ts"] for e in events[:5]] + holidays)
    print(ts[0], ts[-1])
else:
    cutoff = date.fromisoformat("2024-02-25")  # from the --since argument
    print(f"{len(events)} events, keeping those since {cutoff}")
    recent = [e["id"] for e in events if e["ts"] >= cutoff]
    print(recent)
