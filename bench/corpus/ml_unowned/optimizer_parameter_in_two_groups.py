"""Optimizer param groups that overlap (backbone group plus model.parameters(), tied embedding/output weights, a no-decay filter that also matches LayerNorm weights in the decay group): some parameters appear in more than one parameter group."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


class TextClassifier(nn.Module):
    def __init__(self, vocab=200, dim=32, n_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True), num_layers=1)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, ids):
        return self.head(self.norm(self.encoder(self.embed(ids))).mean(1))


class TinyLM(nn.Module):
    def __init__(self, vocab=120, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.lm_head.weight = self.embed.weight

    def forward(self, ids):
        return self.lm_head(self.rnn(self.embed(ids))[0])


def discriminative_optimizer(model, base_lr=3e-4):
    groups = [
        {"params": model.embed.parameters(), "lr": base_lr / 10},
        {"params": model.encoder.parameters(), "lr": base_lr / 3},
        {"params": model.parameters(), "lr": base_lr},
    ]
    return torch.optim.AdamW(groups)


def per_module_optimizer(model, lrs):
    return torch.optim.Adam([{"params": getattr(model, name).parameters(), "lr": lr} for name, lr in lrs.items()])


def decay_groups(model, weight_decay=0.05):
    decay = [p for n, p in model.named_parameters() if p.ndim >= 1 and "bias" not in n]
    no_decay = [p for n, p in model.named_parameters() if "bias" in n or "norm" in n]
    print(f"decay: {len(decay)} tensors, no_decay: {len(no_decay)} tensors")
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


if variant == 0:
    opt = discriminative_optimizer(TextClassifier())
elif variant == 1:
    lm = TinyLM()
    opt = per_module_optimizer(lm, {"embed": 1e-3, "rnn": 1e-3, "lm_head": 5e-4})
else:
    model = TextClassifier(vocab=500, dim=48, n_classes=5)
    opt = torch.optim.AdamW(decay_groups(model), lr=5e-4)
print(opt)
