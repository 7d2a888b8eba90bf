EXPECT = []
VARIANTS = 3

# A CLI builder generates argparse options from a spec table; list options whose default is empty
# get nargs=len(default), i.e. 0, which argparse refuses when the parser is built.
import argparse
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SPECS = [
    [("--input", "data/raw.csv"), ("--drop-columns", []), ("--seed", 0)],
    [("--stores", [101, 102]), ("--exclude-skus", []), ("--dry-run", False)],
    [("--name", "report"), ("--recipients", [])],
][V]


def add_option(parser, flag, default):
    if isinstance(default, bool):
        parser.add_argument(flag, action="store_true")
    elif isinstance(default, list):
        parser.add_argument(flag, nargs=len(default), default=default,
                            type=type(default[0]) if default else str)
    else:
        parser.add_argument(flag, type=type(default), default=default)


def build_parser(specs):
    parser = argparse.ArgumentParser(prog="prepare")
    for flag, default in specs:
        add_option(parser, flag, default)
    return parser


def main():
    print(f"building CLI with {len(SPECS)} options")
    args = build_parser(SPECS).parse_args([])
    print(args)


if __name__ == "__main__":
    main()
