"""ValueError: invalid literal for int() / could not convert string to float while parsing input."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("measurements.txt", "w") as f:
    f.write("12\n15\n3.5\nn/a\nabc\n")


def read_values(path, cast):
    out = []
    with open(path) as f:
        for i, line in enumerate(f):
            print(f"reading line {i}")
            out.append(cast(line.strip()))
    return out


if V == 0:
    print(read_values("measurements.txt", int))
elif V == 1:
    print(read_values("measurements.txt", float))
elif V == 2:
    print(int("abc"))
else:
    def parse_row(line):
        return [int(tok) for tok in line.split(",")]

    def parse_file(path):
        with open(path) as f:
            return [parse_row(line.strip()) for line in f]

    def load_dataset(path):
        print(f"loading {path}")
        return parse_file(path)

    with open("grid.csv", "w") as f:
        f.write("1,2,3\n4,5,6\n7,,9\n")
    print(load_dataset("grid.csv"))
