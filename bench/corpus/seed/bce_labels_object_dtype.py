"""String labels from a CSV mapped with .map/.replace leave object dtype or NaN; converting them to tensors fails."""
EXPECT = ["bce-labels-object-dtype-nan"]
VARIANTS = 4

import sys

import numpy as np
import pandas as pd
import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
rows = ["cat", "dog", "Cat", " dog", "", "dog", "cat", "cat"]
pd.DataFrame({"path": [f"img_{i:04d}.jpg" for i in range(len(rows))], "label": rows}).to_csv("labels.csv", index=False)
df = pd.read_csv("labels.csv")

if v == 0:
    df["label"] = df["label"].replace({"cat": 0, "dog": 1})     # 'Cat', ' dog', NaN stay as they are
    y = torch.from_numpy(df["label"].to_numpy())
elif v == 1:
    y = torch.tensor(df["label"].map({"cat": 0, "dog": 1}).astype(int).values)
elif v == 2:
    y = torch.tensor(df["label"].astype("float32").values)
else:
    class Images(Dataset):
        def __init__(self, frame):
            self.frame = frame

        def __len__(self):
            return len(self.frame)

        def __getitem__(self, i):
            label = np.asarray(self.frame.iloc[i]["label"], dtype=np.float32)
            return torch.zeros(3, 8, 8), torch.from_numpy(label)

    for images, labels in DataLoader(Images(df), batch_size=4, num_workers=2):
        print(images.shape, labels)
