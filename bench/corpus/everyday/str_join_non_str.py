"""TypeError: sequence item N: expected str instance, int found, from str.join."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

row = ["run7", 0.913, 12, None]


def to_csv_line(values):
    return ",".join(values)


if V == 0:
    print(to_csv_line(row))
elif V == 1:
    ids = [101, 102, 103]
    print("ids: " + ", ".join(ids))
else:
    tokens = [["hello", "world"], ["bye"]]
    print(" ".join(tokens))
