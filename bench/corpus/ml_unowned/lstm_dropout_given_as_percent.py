EXPECT = []
VARIANTS = 3

# Sequence tagger / forecaster: the argparse flag --rnn-dropout is documented in percent in the
# team's README, so runs are launched with --rnn-dropout 30 and the value reaches nn.LSTM / nn.GRU.
import argparse
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ARGV = [
    ["--hidden", "64", "--layers", "2", "--rnn-dropout", "30"],
    ["--hidden", "128", "--layers", "3", "--rnn-dropout", "20", "--cell", "gru"],
    ["--hidden", "32", "--layers", "2", "--rnn-dropout", "1.5"],
][V]


class Forecaster(nn.Module):
    def __init__(self, n_features, hidden, layers, dropout, cell):
        super().__init__()
        rnn = nn.GRU if cell == "gru" else nn.LSTM
        self.rnn = rnn(n_features, hidden, num_layers=layers, dropout=dropout, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        seq, _ = self.rnn(x)
        return self.out(seq[:, -1])


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--rnn-dropout", type=float, default=0.0)
    p.add_argument("--cell", default="lstm")
    return p.parse_args(ARGV)


def main():
    args = parse()
    print(f"config: {vars(args)}")
    print("loading 1,440 windows of 48 steps x 7 features")
    x = torch.randn(32, 48, 7)
    model = Forecaster(7, args.hidden, args.layers, args.rnn_dropout, args.cell)
    print(model(x).shape)


if __name__ == "__main__":
    main()
