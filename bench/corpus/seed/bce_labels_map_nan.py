"""Labels mapped with df['label'].map({'cat':0,'dog':1}) get NaN for 'Cat'/'' rows; BCEWithLogitsLoss is nan from step 0."""
EXPECT = ["bce-labels-object-dtype-nan"]
VARIANTS = 2

import math
import sys

import pandas as pd
import torch
import torch.nn as nn

v = int(sys.argv[1])
labels = ["cat", "dog", "Dog", "cat", None, "dog", "cat ", "dog"] * 4
pd.DataFrame({"f": range(len(labels)), "label": labels}).to_csv("train.csv", index=False)
df = pd.read_csv("train.csv")
df["y"] = df["label"].map({"cat": 0, "dog": 1})
print(df["y"].dtype, "rows:", len(df))

x = torch.randn(len(df), 6)
y = torch.tensor(df["y"].values, dtype=torch.float32).unsqueeze(1)
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(3):
    batch = slice(step * [8, 16][v], (step + 1) * [8, 16][v])
    loss = nn.BCEWithLogitsLoss()(model(x[batch]), y[batch])
    print(f"step {step}: loss={loss.item()}")
    assert math.isfinite(loss.item()), f"non-finite loss at step {step}: {loss.item()}"
    opt.zero_grad(); loss.backward(); opt.step()
