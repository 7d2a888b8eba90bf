"""A flag action (store_true, store_false, count) given type=, nargs= or choices= as if it were a value option: TypeError: ...Action.__init__() got an unexpected keyword argument."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def add_training_flags(parser):
    group = parser.add_argument_group("training")
    group.add_argument("--epochs", type=int, default=10)
    group.add_argument("--fp16", action="store_true", type=bool, help="mixed precision")
    return group


def build_train_parser():
    parser = argparse.ArgumentParser(prog="train_intent.py")
    parser.add_argument("--data-dir", default="data/intents")
    add_training_flags(parser)
    return parser


def build_eval_parser():
    parser = argparse.ArgumentParser(prog="evaluate.py")
    parser.add_argument("checkpoint")
    parser.add_argument("--no-cache", dest="use_cache", action="store_false", nargs="?", help="recompute embeddings")
    return parser


def build_export_cli():
    parser = argparse.ArgumentParser(prog="export_features.py")
    sub = parser.add_subparsers(dest="command", required=True)
    daily = sub.add_parser("daily")
    daily.add_argument("--date", required=True)
    daily.add_argument("-v", "--verbose", action="count", type=int, default=0)
    return parser


def main(argv):
    if V == 0:
        args = build_train_parser().parse_args(argv)
    elif V == 1:
        args = build_eval_parser().parse_args(argv)
    else:
        args = build_export_cli().parse_args(argv)
    print(args)


if __name__ == "__main__":
    main(["--epochs", "3"] if V == 0 else ["runs/ckpt-300"] if V == 1 else ["daily", "--date", "2024-06-01"])
