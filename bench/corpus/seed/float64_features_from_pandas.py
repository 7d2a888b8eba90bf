"""Features built with torch.tensor(df.values) are float64 and meet float32 layers (Linear / Conv1d / LSTM / matmul)."""
EXPECT = ["fp64-no-tensor-cores"]
VARIANTS = 4

import sys

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
rng = np.random.default_rng(v)
pd.DataFrame(rng.normal(size=(64, 12)), columns=[f"sensor_{i}" for i in range(12)]).to_csv("features.csv", index=False)
df = pd.read_csv("features.csv")


class Frame(Dataset):
    def __init__(self, df):
        self.x = torch.tensor(df.values)                         # dtype follows pandas: float64

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i]


loader = DataLoader(Frame(df), batch_size=16, num_workers=2 if v == 3 else 0)
if v in (0, 3):
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 1))
    for x in loader:
        print(model(x).shape)
elif v == 1:
    conv = nn.Conv1d(1, 4, 3)
    print(conv(next(iter(loader)).unsqueeze(1)).shape)
else:
    lstm = nn.LSTM(12, 16, batch_first=True)
    out, _ = lstm(next(iter(loader)).view(4, 4, 12))
