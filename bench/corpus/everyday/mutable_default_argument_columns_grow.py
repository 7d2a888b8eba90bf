"""A helper's mutable default list (`columns=[...]`) grows on every call, so the second file's DataFrame gets one column too many."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

import pandas as pd

VARIANT = int(sys.argv[1])

sites = ["north", "south", "east"] if VARIANT != 1 else ["plant_a", "plant_b"]
for site in sites:
    with open(f"{site}.csv", "w", newline="") as f:
        w = csv.writer(f)
        for i in range(5):
            w.writerow([f"s{i}", f"2024-03-0{i + 1}", 20.5 + i])


def load_site(site, columns=["sensor", "date", "value"]):
    with open(f"{site}.csv", newline="") as f:
        rows = [row + [site] for row in csv.reader(f)]
    columns.append("site")
    return pd.DataFrame(rows, columns=columns)


def load_site_renamed(site, names=["sensor", "date", "value"]):
    df = pd.read_csv(f"{site}.csv", header=None)
    names.append("source_file")
    df["source_file"] = f"{site}.csv"
    df.columns = names
    return df


frames = []
for i, site in enumerate(sites, 1):
    print(f"[{i}/{len(sites)}] loading {site}.csv" if VARIANT == 2 else f"loading {site}.csv")
    frames.append(load_site_renamed(site) if VARIANT == 1 else load_site(site))
print(pd.concat(frames).groupby("sensor")["value"].mean())
