"""ValueError: time data does not match format when parsing timestamps."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from datetime import datetime

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ROWS = [
    ["2024-01-05", "2024-01-06", "2024-13-01"],
    ["05/01/2024 10:00", "06/01/2024 11:30:15"],
    ["2024-02-30"],
]
FMT = ["%Y-%m-%d", "%d/%m/%Y %H:%M", "%Y-%m-%d"][V]


def parse_all(values):
    out = []
    for v in values:
        out.append(datetime.strptime(v, FMT))
        print("parsed", v)
    return out


print(parse_all(ROWS[V]))
