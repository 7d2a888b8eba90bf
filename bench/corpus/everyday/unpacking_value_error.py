"""ValueError from tuple unpacking of lines that have more or fewer fields than expected."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("pairs.tsv", "w") as f:
    f.write("hello\tbonjour\nthank you\tmerci\ngood night\tbonne\tnuit\nyes\n")


def read_pairs(path):
    pairs = []
    with open(path) as f:
        for line in f:
            src, tgt = line.rstrip("\n").split("\t")
            pairs.append((src, tgt))
    return pairs


if V == 0:
    print(read_pairs("pairs.tsv"))
elif V == 1:
    with open("pairs.tsv") as f:
        lines = f.read().splitlines()
    src, tgt = lines[3].split("\t")
else:
    stats = {"mean": 0.5, "std": 0.1, "n": 40}
    for key, value in stats:
        print(key, value)
