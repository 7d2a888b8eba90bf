EXPECT = []
VARIANTS = 3

# The warm-up share of a one-cycle schedule comes from the CLI as a percentage of the run
# ("--warmup-pct 30"), and is passed on to OneCycleLR's pct_start unchanged.
import argparse
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ARGV = [
    ["--max-lr", "0.01", "--epochs", "5", "--warmup-pct", "30"],
    ["--max-lr", "3e-3", "--epochs", "20", "--warmup-pct", "10", "--batch-size", "64"],
    ["--max-lr", "0.1", "--epochs", "3", "--warmup-pct", "5"],
][V]


def get_args():
    p = argparse.ArgumentParser(description="one-cycle training")
    p.add_argument("--max-lr", type=float, required=True)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--warmup-pct", type=float, default=30.0, help="warm-up share of the run")
    return p.parse_args(ARGV)


def make_schedule(optimizer, args, steps_per_epoch):
    return torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=args.max_lr, epochs=args.epochs, steps_per_epoch=steps_per_epoch,
        pct_start=args.warmup_pct, anneal_strategy="cos")


def main():
    args = get_args()
    data = torch.utils.data.TensorDataset(torch.randn(512, 20), torch.randint(0, 2, (512,)))
    loader = torch.utils.data.DataLoader(data, batch_size=args.batch_size, shuffle=True)
    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=args.max_lr / 25, momentum=0.9)
    print(f"{len(loader)} steps per epoch, {args.epochs} epochs")
    scheduler = make_schedule(optimizer, args, len(loader))
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            scheduler.step()


if __name__ == "__main__":
    main()
