"""Labels read from a CSV are 1-based (1..C) while the model head has C outputs: nll/cross-entropy target out of bounds."""
EXPECT = ["cross-entropy-label-out-of-range"]
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
C = [10, 4, 6][v]
rng = np.random.default_rng(v)
pd.DataFrame({"f1": rng.normal(size=64), "f2": rng.normal(size=64),
              "class_id": rng.integers(1, C + 1, size=64)}).to_csv("train.csv", index=False)


class CsvData(Dataset):
    def __init__(self, path):
        df = pd.read_csv(path)
        self.x = torch.tensor(df[["f1", "f2"]].values, dtype=torch.float32)
        self.y = torch.tensor(df["class_id"].values)      # 1..C, never shifted to 0..C-1

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, C))

    def forward(self, x, y=None):
        logits = self.net(x)
        if y is None:
            return logits
        if v == 1:
            return logits, F.nll_loss(F.log_softmax(logits, dim=-1), y)
        return logits, F.cross_entropy(logits, y)


model = Classifier()
loader = DataLoader(CsvData("train.csv"), batch_size=16, shuffle=True, num_workers=2 if v == 2 else 0)
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        _, loss = model(x, y)
        loss.backward()
        print(f"epoch {epoch} batch {i} loss {loss.item():.3f}")
