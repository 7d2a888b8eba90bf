"""The experiment plan lives in a shared spreadsheet exported as CSV from a German-locale Office, so the learning rates are written with decimal commas (0,0003); the runner passes each row's values to train.py."""
# beside: sweep-yaml-comma-separated-values-split-on-whitespace
# why: the value is a single number in locale decimal-comma notation from a spreadsheet export, not a YAML comma list split on whitespace; the fix is to export with a dot decimal (or convert ',' to '.') when reading the plan.
EXPECT = []
VARIANTS = 3

import csv
import subprocess
import sys

VARIANT = int(sys.argv[1])

TRAIN_PY = '''\
import argparse

parser = argparse.ArgumentParser(description="train the demand model")
parser.add_argument("--lr", type=float, required=True)
parser.add_argument("--dropout", type=float, default=0.1)
parser.add_argument("--run-name", default="dev")
args = parser.parse_args()
print(f"[{args.run_name}] lr={args.lr} dropout={args.dropout}")
'''
with open("train.py", "w") as fh:
    fh.write(TRAIN_PY)
LR = {0: "0,0003", 1: "0,001", 2: "0,0003"}[VARIANT]
with open("plan.csv", "w") as fh:
    fh.write(f'run;lr;dropout\nplan-01;"{LR}";"0,1"\nplan-02;"0,0001";"0,2"\n')

with open("plan.csv", newline="") as fh:
    for row in csv.DictReader(fh, delimiter=";"):
        if VARIANT == 2:
            print(f"starting {row['run']}", flush=True)
        code = subprocess.run([sys.executable, "train.py", "--lr", row["lr"], "--dropout", row["dropout"],
                               "--run-name", row["run"]]).returncode
        if code:
            sys.exit(code)
