"""torch.fx.symbolic_trace on a model whose forward calls len() on an input tensor (sequence length for position ids, a mean over the batch): RuntimeError: 'len' is not supported in symbolic tracing by default."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
import torch.fx
from torch import nn

variant = int(sys.argv[1])


class PositionalEncoder(nn.Module):
    def __init__(self, vocab, d, max_len=128):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_len, d)
        self.proj = nn.Linear(d, d)

    def forward(self, ids):
        seq_len = len(ids[0])
        positions = torch.arange(seq_len)
        return self.proj(self.tok(ids) + self.pos(positions))


class BagPooling(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.score = nn.Linear(d, 1)

    def forward(self, feats):
        weights = torch.softmax(self.score(feats), dim=0)
        return (weights * feats).sum(0) / len(feats)


class MILClassifier(nn.Module):
    def __init__(self, d_in, d):
        super().__init__()
        self.embed = nn.Sequential(nn.Linear(d_in, d), nn.ReLU())
        self.pool = BagPooling(d)
        self.head = nn.Linear(d, 2)

    def forward(self, bag):
        return self.head(self.pool(self.embed(bag)))


def trace_for_export(model, name):
    print(f"tracing {name} ({sum(p.numel() for p in model.parameters())} params)")
    gm = torch.fx.symbolic_trace(model)
    gm.graph.lint()
    return gm


def build_and_export(kind):
    if kind == "text":
        return trace_for_export(PositionalEncoder(1000, 32), "positional_encoder")
    return trace_for_export(MILClassifier(256, 64), "mil_classifier")


if variant == 0:
    gm = torch.fx.symbolic_trace(PositionalEncoder(500, 16))
    print(gm.code)
elif variant == 1:
    build_and_export("text")
else:
    model = MILClassifier(128, 32)
    print("eager output", model(torch.randn(17, 128)).shape)
    gm = build_and_export("mil")
