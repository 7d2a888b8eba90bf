"""ValueError: Invalid isoformat string / TypeError: fromisoformat: argument must be str."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys
from datetime import date, datetime

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
records = [
    [{"run": "a", "started": "2024-03-05T10:00:00"}, {"run": "b", "started": "05/03/2024 11:30"}],
    [{"run": "a", "day": "2024-03-05"}, {"run": "b", "day": "2024-3-6"}],
    [{"run": "a", "started": "2024-03-05T10:00:00"}, {"run": "b", "started": 1709634600}],
][V]
with open("runs.json", "w") as f:
    json.dump(records, f)


def parse_start(record):
    if V == 1:
        return date.fromisoformat(record["day"])
    return datetime.fromisoformat(record["started"])


def load_runs(path):
    with open(path) as f:
        for record in json.load(f):
            yield record["run"], parse_start(record)


for run, when in load_runs("runs.json"):
    print(f"{run}: {when.isoformat()}")
