"""YAML 1.1 reads unquoted yes/no/on/off (and the country code NO) as booleans, so a label map or lookup keyed by those strings raises KeyError: 'yes'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONFIG = {
    0: "task: churn\nlabel_map:\n  yes: 1\n  no: 0\n",
    1: "vat_rate:\n  DE: 0.19\n  FR: 0.20\n  NO: 0.25\n  SE: 0.25\n",
    2: "augment:\n  flip: on\n  blur: off\nschedule:\n  on: [1, 5]\n  off: [6, 10]\n",
}[V]
with open("dataset.yaml", "w") as f:
    f.write(CONFIG)
with open("rows.csv", "w") as f:
    f.write("id,answer,country\n1,yes,DE\n2,no,FR\n3,yes,NO\n4,no,SE\n")

with open("dataset.yaml") as f:
    cfg = yaml.safe_load(f)
print("loaded config:", cfg)

with open("rows.csv") as f:
    rows = list(csv.DictReader(f))

if V == 0:
    y = [cfg["label_map"][r["answer"]] for r in rows]
    print("labels:", y)
elif V == 1:
    for r in rows:
        print(r["id"], r["country"], cfg["vat_rate"][r["country"]])
else:
    for phase in ("on", "off"):
        start, end = cfg["schedule"][phase]
        print(f"augmentation {phase} from epoch {start} to {end}")
