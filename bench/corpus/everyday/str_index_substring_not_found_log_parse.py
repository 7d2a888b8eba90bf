"""ValueError: substring not found from str.index / str.rindex while parsing training logs and checkpoint names (a line without the expected key, a file name without the separator)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

LOG = """epoch 1 step 100 train_loss=0.912 val_loss=0.870 lr=0.0003
epoch 2 step 200 train_loss=0.701 val_loss=0.688 lr=0.0003
epoch 3 step 300 train_loss=0.655 lr=0.00015
epoch 4 step 400 train_loss=0.610 val_loss=0.640 lr=0.00015
"""
with open("train.log", "w") as f:
    f.write(LOG)
os.makedirs("checkpoints", exist_ok=True)
for name in ["model_epoch1.pt", "model_epoch2.pt", "model_epoch3.pt", "modelfinal.pt"]:
    open(os.path.join("checkpoints", name), "w").close()


def read_metric(line, key):
    start = line.index(key + "=") + len(key) + 1
    end = line.find(" ", start)
    return float(line[start:end if end != -1 else None])


def parse_log(path, key):
    values = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            values.append(read_metric(line.strip(), key))
            print(f"line {lineno}: {key}={values[-1]}")
    return values


def epoch_of(filename):
    stem = filename[: filename.rindex(".")]
    return stem[stem.rindex("_") + 1:]


if V == 0:
    print("best val_loss", min(parse_log("train.log", "val_loss")))
elif V == 1:
    for name in sorted(os.listdir("checkpoints"), reverse=True):
        print(name, "->", epoch_of(name))
else:
    header = "run=resnet18 seed=3 host gpu-node-07 started=2024-05-02"
    fields = {}
    for part in header.split():
        eq = part.index("=")
        fields[part[:eq]] = part[eq + 1:]
    print(fields)
