EXPECT = []
VARIANTS = 3

# The job runner's settings use -1 for "no timeout" (as its HTTP client does), and the same
# value is forwarded to the DataLoader's timeout.
import argparse
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ARGV = [
    ["--workers", "2", "--timeout", "-1"],
    ["--workers", "4", "--timeout", "-1", "--batch-size", "128"],
    ["--workers", "0", "--timeout", "-30"],
][V]


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--timeout", type=float, default=-1, help="seconds, -1 for none")
    p.add_argument("--batch-size", type=int, default=32)
    return p.parse_args(ARGV)


class Pipeline:
    def __init__(self, args):
        self.args = args
        self.ds = TensorDataset(torch.randn(1000, 40), torch.randint(0, 2, (1000,)))

    def loader(self):
        return DataLoader(self.ds, batch_size=self.args.batch_size, num_workers=self.args.workers,
                          timeout=self.args.timeout, shuffle=True)

    def run(self):
        for epoch in range(2):
            print(f"epoch {epoch}")
            for xb, yb in self.loader():
                pass


def main():
    args = parse()
    print("args:", args)
    Pipeline(args).run()


if __name__ == "__main__":
    main()
