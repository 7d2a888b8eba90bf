"""ValueError: dictionary update sequence element #N has length M; 2 is required when building a dict from split lines."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
with open("run.env", "w") as f:
    f.write("MODEL=resnet18\nEPOCHS=3\nEXTRA_ARGS=--lr=0.1\n")
with open("services.txt", "w") as f:
    f.write("db: localhost\ntracking: http://localhost:5000\n")


def read_env(path):
    with open(path) as f:
        return dict(line.strip().split("=") for line in f if line.strip())


def read_services(path):
    with open(path) as f:
        return dict(line.strip().split(":") for line in f)


def tags_from_cli(tags):
    return dict(tags)


if V == 0:
    print(read_env("run.env"))
elif V == 1:
    print(read_services("services.txt"))
else:
    print(tags_from_cli(["team=vision", "owner=ana"]))
