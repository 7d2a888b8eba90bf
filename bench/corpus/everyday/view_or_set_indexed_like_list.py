"""A set or a dict view (keys, values) is indexed like a list (Python 2 habits, `classes = set(...)`, the last value of a dict): TypeError: 'set' / 'dict_keys' / 'dict_values' object is not subscriptable."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

with open("labels.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["file", "label", "width"])
    for i, lab in enumerate(["cat", "dog", "cat", "bird", "dog", "cat"]):
        w.writerow([f"img_{i:03d}.jpg", lab, 224 + i])


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def class_index(rows):
    classes = set(r["label"] for r in rows)
    logging.info("found %d classes", len(classes))
    return {classes[i]: i for i in range(len(classes))}


class Metrics:
    def __init__(self):
        self.history = {}

    def add(self, name, value):
        self.history.setdefault(name, []).append(value)

    def first_metric(self):
        return self.history.keys()[0]


rows = read_rows("labels.csv")
logging.info("read %d rows", len(rows))
if V == 0:
    print(class_index(rows))
elif V == 1:
    m = Metrics()
    for epoch in range(3):
        m.add("val_acc", 0.6 + epoch / 10)
        m.add("val_loss", 1.0 - epoch / 10)
    print("primary metric:", m.first_metric())
else:
    per_class = {}
    for r in rows:
        per_class.setdefault(r["label"], []).append(int(r["width"]))
    logging.info("classes in order of appearance: %s", list(per_class))
    last_widths = per_class.values()[-1]
    print("widths of the last class seen:", last_widths)
