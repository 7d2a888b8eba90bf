"""str.split(expand=True) is assigned to a fixed list of new columns, but some value has one separator more (or none at all): ValueError: Columns must be same length as key."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("prep")

CSV = [
    "name,city\nAda Lovelace,London\nAlan Turing,Wilmslow\nGrace Brewster Hopper,New York\n",
    "path,label\ntrain/cat/001.jpg,cat\ntrain/dog/017.jpg,dog\ntrain/dog/extra/018.jpg,dog\n",
    "ts,value\n2024-06-01 10:00,3\n2024-06-01 10:05,4\n2024-06-01 10:10 CEST,5\n",
]
df = pd.read_csv(io.StringIO(CSV[V]))
log.info("read %d rows: %s", len(df), list(df.columns))


def split_names(frame):
    frame[["first", "last"]] = frame["name"].str.split(" ", expand=True)
    return frame


def split_paths(frame):
    frame[["split", "folder", "file"]] = frame["path"].str.split("/", expand=True)
    return frame


class TimeFeatures:
    def __init__(self, col):
        self.col = col

    def transform(self, frame):
        frame[["date", "time"]] = frame[self.col].str.split(" ", expand=True)
        frame["hour"] = frame["time"].str[:2].astype(int)
        return frame


if V == 0:
    print(split_names(df))
elif V == 1:
    print(split_paths(df))
else:
    print(TimeFeatures("ts").transform(df))
