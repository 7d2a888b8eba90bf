"""Errors defining an argparse parser: conflicting option string, a type given as a string, required on a positional."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def add_common_args(parser):
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=1e-3)
    return parser


def build_parser():
    parser = add_common_args(argparse.ArgumentParser(description="train a model"))
    if V == 0:
        parser.add_argument("--lr", type=float, default=3e-4, help="learning rate")
    elif V == 1:
        parser.add_argument("--epochs", type="int", default=10)
    else:
        parser.add_argument("data_dir", required=True)
    return parser


if __name__ == "__main__":
    args = build_parser().parse_args(sys.argv[2:])
    print(args)
