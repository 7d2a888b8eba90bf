"""Class names read with readlines() (or split on '\n' of a CRLF file) keep their '\n' / '\r', so a lookup with the clean name raises KeyError: 'cat' (or the clean dict misses 'cat\n')."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

names = [["cat", "dog", "horse", "sheep"], ["negative", "neutral", "positive"], ["car", "truck", "bus", "bicycle"]][V]
newline = "\r\n" if V == 2 else "\n"
with open("classes.txt", "w", newline="") as f:
    f.write(newline.join(names) + newline)
with open("annotations.csv", "w") as f:
    f.write("image,label\n")
    for i in range(6):
        f.write(f"img_{i:04d}.jpg,{names[(i * 3) % len(names)]}\n")


def read_classes(path):
    if V == 2:
        with open(path, newline="") as f:
            return f.read().split("\n")[:-1]
    with open(path) as f:
        return f.readlines()


classes = read_classes("classes.txt")
print(f"{len(classes)} classes")
if V == 1:
    label2id = {name: i for i, name in enumerate(names)}
    for name in classes:
        print(name.strip(), "->", label2id[name])
else:
    label2id = {name: i for i, name in enumerate(classes)}
    with open("annotations.csv") as f:
        targets = [label2id[row["label"]] for row in csv.DictReader(f)]
    print(targets)
