"""argparse exits with status 2 and a usage message on missing, bad or unknown arguments."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

parser = argparse.ArgumentParser(prog="train.py", description="Train a small classifier.")
parser.add_argument("--data", required=True, help="path to the training CSV")
parser.add_argument("--epochs", type=int, default=10)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--optimizer", choices=["sgd", "adam"], default="adam")

ARGV = [
    ["--epochs", "5"],
    ["--data", "train.csv", "--epochs", "ten"],
    ["--data", "train.csv", "--batch-size", "32"],
    ["--data", "train.csv", "--optimizer", "adamw"],
][V]
args = parser.parse_args(ARGV)
print(args)
