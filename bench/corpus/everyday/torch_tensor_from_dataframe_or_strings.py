"""torch.tensor() given a DataFrame, a list of string labels, or a JSON record with a null field: could not determine the shape / too many dimensions 'str' / must be real number, not NoneType."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import pandas as pd
import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)
FEATURES = ["age", "bmi", "glucose"]


def make_frame(n=64):
    return pd.DataFrame(
        {"age": rng.integers(20, 80, n), "bmi": rng.normal(26, 4, n).round(1), "glucose": rng.normal(100, 15, n).round(),
         "outcome": rng.choice(["healthy", "diabetic"], n)}
    )


def to_tensors(df):
    x = torch.tensor(df[FEATURES], dtype=torch.float32)
    y = torch.tensor(df["outcome"].tolist())
    return x, y


def labels_tensor(df):
    return torch.tensor(df["outcome"].tolist())


class Visits(Dataset):
    def __init__(self, path):
        with open(path) as f:
            self.rows = [json.loads(line) for line in f]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        r = self.rows[i]
        return torch.tensor([r["age"], r["bmi"], r["glucose"]], dtype=torch.float32)


if __name__ == "__main__":
    df = make_frame()
    if V == 0:
        x, y = to_tensors(df)
        print(x.shape, y.shape)
    elif V == 1:
        x = torch.tensor(df[FEATURES].to_numpy(), dtype=torch.float32)
        print("features", tuple(x.shape))
        y = labels_tensor(df)
        print("labels", tuple(y.shape))
    else:
        records = df[FEATURES].to_dict(orient="records")
        records[21]["glucose"] = None
        with open("visits.jsonl", "w") as f:
            f.writelines(json.dumps({k: (v.item() if hasattr(v, "item") else v) for k, v in r.items()}) + "\n" for r in records)
        loader = DataLoader(Visits("visits.jsonl"), batch_size=8, num_workers=2)
        for step, xb in enumerate(loader):
            print(f"step {step} {tuple(xb.shape)}", flush=True)
