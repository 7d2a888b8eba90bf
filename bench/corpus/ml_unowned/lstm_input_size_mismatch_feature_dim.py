"""LSTM built with input_size for the old feature set, fed sequences with a different feature dimension: input.size(-1) must be equal to input_size."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
cell, n_features, hidden = [(nn.LSTM, 13, 32), (nn.GRU, 40, 64), (nn.LSTM, 80, 128)][variant]


class SpeechTagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = cell(input_size=13, hidden_size=hidden, batch_first=True)  # 13 MFCCs
        self.out = nn.Linear(hidden, 30)

    def forward(self, feats):
        y, _ = self.rnn(feats)
        return self.out(y)


model = SpeechTagger()
# variant 0: (B, F, T) features never transposed to (B, T, F); others: new feature extractor
feats = torch.randn(4, n_features, 100) if variant == 0 else torch.randn(4, 100, n_features)
print(f"features {tuple(feats.shape)} -> {cell.__name__}(input_size=13)")
logits = model(feats)
