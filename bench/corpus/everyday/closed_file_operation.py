"""ValueError: I/O operation on closed file when writing after the with block ends."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("log.csv", "w", newline="") as f:
    writer = csv.writer(f)
    writer.writerow(["epoch", "loss"])

for epoch in range(1, 4):
    print(f"epoch {epoch}/3 done")
    if V == 0:
        writer.writerow([epoch, 1.0 / epoch])
    elif V == 1:
        f.write(f"{epoch},{1.0 / epoch}\n")
    else:
        with open("log.csv") as g:
            pass
        print(g.readline())
