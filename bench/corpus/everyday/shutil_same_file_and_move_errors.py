"""shutil.SameFileError / shutil.Error / unknown archive format when copying, moving or archiving run folders."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import shutil
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
os.makedirs("data", exist_ok=True)
os.makedirs("runs/exp7", exist_ok=True)
with open("data/train.csv", "w") as f:
    f.write("x,y\n1,0\n2,1\n")
with open("runs/exp7/metrics.json", "w") as f:
    f.write('{"acc": 0.9}\n')


def stage_dataset(src, dest_dir):
    dest = os.path.join(dest_dir, os.path.basename(src))
    print(f"staging {src} -> {dest}")
    return shutil.copy(src, dest)


def archive_run(run_dir, fmt):
    print(f"archiving {run_dir} as {fmt}")
    return shutil.make_archive(run_dir, fmt, run_dir)


if V == 0:
    stage_dataset("data/train.csv", "./data/")
elif V == 1:
    print("moving old runs into runs/archive")
    shutil.move("runs", "runs/archive")
else:
    archive_run("runs/exp7", "tar.gz")
