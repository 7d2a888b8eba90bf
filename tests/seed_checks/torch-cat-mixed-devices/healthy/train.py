"""A sequence model that concatenates a fixed position code to every token embedding.
The position code is a registered buffer, so model.to(device) moves it."""

import torch
from torch import nn


class PositionalNet(nn.Module):
    def __init__(self, length=12, dim=8):
        super().__init__()
        self.embed = nn.Embedding(100, dim)
        self.register_buffer("positions", torch.linspace(0, 1, length).unsqueeze(-1))
        self.head = nn.Linear(dim + 1, 2)

    def forward(self, input_ids):
        tokens = self.embed(input_ids)
        positions = self.positions[: input_ids.shape[1]].expand(input_ids.shape[0], -1, -1)
        return self.head(torch.cat([tokens, positions], dim=-1)).mean(dim=1)


device = "cuda" if torch.cuda.is_available() else "cpu"
model = PositionalNet().to(device)
