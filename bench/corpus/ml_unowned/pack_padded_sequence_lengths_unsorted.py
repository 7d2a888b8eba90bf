"""pack_padded_sequence given unsorted lengths from an unsorted batch, or a zero length from an empty sample: lengths must be sorted in decreasing order / Length of all samples has to be greater than 0."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_sequence
from torch.utils.data import DataLoader

variant = int(sys.argv[1])
torch.manual_seed(0)
lengths_all = [[7, 3, 9, 5, 2, 8, 4, 6], [12, 4, 4, 10, 7, 3, 9, 11], [5, 4, 0, 3, 6, 2, 1, 7]][variant]
samples = [(torch.randn(n, 6), n % 2) for n in lengths_all]


def collate(batch):
    seqs, ys = zip(*batch)
    return pad_sequence(seqs, batch_first=True), torch.tensor([len(s) for s in seqs]), torch.tensor(ys)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(6, 16, batch_first=True)
        self.fc = nn.Linear(16, 2)

    def forward(self, x, lengths):
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=(variant != 2))
        _, h = self.gru(packed)
        return self.fc(h[-1])


model = Encoder()
loader = DataLoader(samples, batch_size=4, collate_fn=collate, shuffle=False)
for step, (x, lengths, y) in enumerate(loader):
    print(f"step {step} padded {tuple(x.shape)} lengths {lengths.tolist()}", flush=True)
    loss = nn.functional.cross_entropy(model(x, lengths), y)
    loss.backward()
