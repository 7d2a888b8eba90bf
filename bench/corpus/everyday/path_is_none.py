"""TypeError: expected str, bytes or os.PathLike object, not NoneType from an unset path."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

config = {"train_path": "train.txt", "val_path": None, "out_dir": None}
with open("train.txt", "w") as f:
    f.write("x\n")


def read_lines(path):
    with open(path) as f:
        return f.read().splitlines()


if V == 0:
    print(len(read_lines(config["train_path"])), len(read_lines(config["val_path"])))
elif V == 1:
    out = Path(config["out_dir"]) / "model.bin"
else:
    out = Path("runs") / config.get("run_name")
print(out)
