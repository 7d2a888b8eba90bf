"""csv.writer with quoting=csv.QUOTE_NONE (to keep a downstream tool from seeing quotes) meets a field holding the delimiter, a quote or a newline: _csv.Error: need to escape, but no escapechar set."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

rows = [
    {"id": 1, "label": "positive", "text": "great battery life"},
    {"id": 2, "label": "negative", "text": "screen cracked after a week"},
    {"id": 3, "label": "neutral", "text": "it's fine, nothing special"},
    {"id": 4, "label": "negative", "text": 'the "fast" charger is slow'},
    {"id": 5, "label": "positive", "text": "works well\nwould buy again"},
]


def export(path, records, delimiter=","):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["id", "label", "text"], delimiter=delimiter,
                                quoting=csv.QUOTE_NONE)
        writer.writeheader()
        for n, r in enumerate(records, 1):
            writer.writerow(r)
            logging.info("wrote row %d", n)


class FastTextExport:
    """One `__label__x text` line per row, tab separated, no quoting."""

    def __init__(self, path):
        self.path = path

    def write(self, records):
        with open(self.path, "w", newline="") as f:
            w = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, quotechar=None)
            for r in records:
                w.writerow([f"__label__{r['label']}", r["text"]])


if V == 0:
    export("reviews.csv", rows)
elif V == 1:
    export("reviews.tsv", [r for r in rows if r["id"] != 3], delimiter="\t")
else:
    FastTextExport("train.ft.txt").write(rows)
