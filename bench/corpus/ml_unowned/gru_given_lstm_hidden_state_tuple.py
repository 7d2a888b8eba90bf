"""Recurrent cell switched between LSTM and GRU by config while the initial/carried state keeps the other cell's form (an (h, c) tuple into a GRU, a bare h into a 2-layer LSTM): AttributeError: 'tuple' object has no attribute 'dim' / For batched 3-D input, hx and cx should also be 3-D but got (2-D, 2-D) tensors."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import torch
from torch import nn
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader

torch.manual_seed(0)
CFG = [
    {"cell": "gru", "layers": 1, "hidden": 32},
    {"cell": "lstm", "layers": 2, "hidden": 32},
    {"cell": "gru", "layers": 2, "hidden": 24},
][V]
RNN = {"lstm": nn.LSTM, "gru": nn.GRU}


class Tagger(nn.Module):
    def __init__(self, vocab=50, emb=16, n_tags=5):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=0)
        self.rnn = RNN[CFG["cell"]](emb, CFG["hidden"], num_layers=CFG["layers"], batch_first=True)
        self.out = nn.Linear(CFG["hidden"], n_tags)

    def init_hidden(self, batch):
        h = torch.zeros(CFG["layers"], batch, CFG["hidden"])
        if V == 1:
            return h  # written back when the model was a GRU
        return (h, torch.zeros_like(h))  # written for the LSTM baseline

    def forward(self, ids):
        out, _ = self.rnn(self.emb(ids), self.init_hidden(ids.size(0)))
        return self.out(out)


class Seq2Seq(nn.Module):
    """LSTM encoder, decoder swapped to a GRU to save parameters."""

    def __init__(self, vocab=50, emb=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=0)
        self.encoder = nn.LSTM(emb, CFG["hidden"], num_layers=CFG["layers"], batch_first=True)
        self.decoder = nn.GRU(emb, CFG["hidden"], num_layers=CFG["layers"], batch_first=True)
        self.proj = nn.Linear(CFG["hidden"], vocab)

    def forward(self, src, tgt):
        _, state = self.encoder(self.emb(src))
        out, _ = self.decoder(self.emb(tgt), state)
        return self.proj(out)


def collate(batch):
    src = pad_sequence([torch.tensor(s) for s, _ in batch], batch_first=True)
    tgt = pad_sequence([torch.tensor(t) for _, t in batch], batch_first=True)
    return src, tgt


pairs = [([1 + (i * 7 + j) % 49 for j in range(3 + i % 6)], [1 + (i * 5 + j) % 49 for j in range(3 + i % 6)]) for i in range(40)]
loader = DataLoader(pairs, batch_size=8, collate_fn=collate, num_workers=2 if V == 2 else 0)

model = Seq2Seq() if V == 2 else Tagger()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
print(f"model: {CFG}", flush=True)
for step, (src, tgt) in enumerate(loader):
    if V == 2:
        logits = model(src, tgt)
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt.reshape(-1), ignore_index=0)
    else:
        logits = model(src)
        loss = nn.functional.cross_entropy(logits.reshape(-1, 5), (tgt % 5).reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.4f}", flush=True)
