"""A namedtuple built from a CSV header whose names are not identifiers ('learning-rate', 'class', '_id', a repeated column): ValueError: Type names and field names must be valid identifiers / cannot be a keyword / cannot start with an underscore."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys
from collections import namedtuple

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

HEADERS = [
    "run,learning-rate,batch size,val_acc",
    "image,class,x0,y0,x1,y1",
    "_id,user,amount,ts",
    "id,score,label,score",
]
NAME = ["sweep.csv", "boxes.csv", "orders_export.csv", "merged.csv"][V]
with open(NAME, "w", newline="") as f:
    f.write(HEADERS[V] + "\n")
    for i in range(3):
        f.write(",".join(str(i * j) for j in range(len(HEADERS[V].split(",")))) + "\n")


def read_records(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        Record = namedtuple("Record", header)
        return [Record(*row) for row in reader]


def summarise(path):
    records = read_records(path)
    print(f"{path}: {len(records)} records, first = {records[0]}")


print("loading", NAME, flush=True)
summarise(NAME)
