"""IndexError from reading sys.argv positions that were not passed, in a small hand-rolled CLI."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def parse_cli(argv):
    opts = {"variant": argv[1]}
    if V == 0:
        opts["input"] = argv[2]
    elif V == 1:
        flags = argv[1:]
        opts["out"] = flags[flags.index("--out") + 1] if "--out" in flags else None
        opts["threads"] = int(flags[1])
    else:
        opts["mode"] = argv[-1]
        opts["limit"] = int(opts["mode"].split("=")[1])
    return opts


def main():
    opts = parse_cli(sys.argv)
    print("running with", opts)


if __name__ == "__main__":
    main()
