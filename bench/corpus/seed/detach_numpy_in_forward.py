"""Calling .numpy() on an activation inside forward (for a metric/numpy op) fails; the tempting fix is .detach() in the forward path."""
EXPECT = ["detach-cuts-gradient"]
VARIANTS = 3

import sys

import numpy as np
import torch
import torch.nn as nn

v = int(sys.argv[1])


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(4, 8, 3, padding=1)
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.conv1(x)).mean(-1)
        if v == 0:
            h = torch.from_numpy(np.tanh(h.numpy()))
        elif v == 1:
            self.last_norm = np.linalg.norm(h.cpu().numpy(), axis=1)
        else:
            h = torch.tensor(np.clip(h.numpy(), 0, 6))
        return self.head(h)


model = Encoder()
out = model(torch.randn(5, 4, 20))
nn.functional.cross_entropy(out, torch.tensor([0, 1, 2, 0, 1])).backward()
