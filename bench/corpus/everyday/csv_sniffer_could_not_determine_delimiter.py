"""_csv.Error: Could not determine delimiter when a loader sniffs the delimiter of a one-column predictions file, a TSV or a semicolon export outside its allowed set."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import random
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
random.seed(V)


def read_table(path, delimiters=",\t"):
    with open(path, newline="") as f:
        sample = f.read(4096)
        f.seek(0)
        dialect = csv.Sniffer().sniff(sample, delimiters=delimiters)
        return list(csv.reader(f, dialect))


def load_split(path):
    rows = read_table(path, delimiters=",;")
    header, body = rows[0], rows[1:]
    return [dict(zip(header, r)) for r in body]


def load_ratings(path):
    rows = read_table(path)
    return [(int(u), int(i), float(r)) for u, i, r in rows[1:]]


if V == 0:
    with open("val_scores.csv", "w") as f:
        f.write("score\n" + "\n".join(f"{random.random():.4f}" for _ in range(200)) + "\n")
    scores = [float(r[0]) for r in read_table("val_scores.csv")[1:]]
    print(f"{len(scores)} scores, mean {sum(scores) / len(scores):.3f}")
elif V == 1:
    with open("val_labels.tsv", "w") as f:
        f.write("path\tlabel\n" + "".join(f"img/{i}.jpg\t{i % 3}\n" for i in range(40)))
    print(load_split("val_labels.tsv")[:2])
else:
    with open("ratings_export.csv", "w") as f:
        f.write("user_id;item_id;rating\n" + "".join(f"{i};{i * 7 % 13};{i % 5 + 1}\n" for i in range(300)))
    for epoch in range(1, 3):
        print(f"[prep] pass {epoch}/2 over exports/", flush=True)
    print(len(load_ratings("ratings_export.csv")))
