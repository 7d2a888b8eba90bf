"""FileExistsError when creating an output directory that is already there."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("runs/exp_001", exist_ok=True)
with open("model.txt", "w") as f:
    f.write("weights")

if V == 0:
    os.mkdir("runs/exp_001")
elif V == 1:
    Path("runs").mkdir()
else:
    os.makedirs("model.txt")
print("created")
