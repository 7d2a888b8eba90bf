"""Dataset returns None for unreadable samples and default_collate gets None: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys

import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
logging.basicConfig(level=logging.WARNING, format="%(asctime)s [%(processName)s] %(levelname)s %(message)s")

os.makedirs("samples", exist_ok=True)
for i in range(20):
    with open(f"samples/{i:03d}.json", "w") as f:
        f.write("{broken" if i == (5 if variant == 2 else 6) else json.dumps({"x": [float(i)] * 4, "y": i % 2}))


class JsonDataset(Dataset):
    def __init__(self, root):
        self.files = sorted(os.path.join(root, n) for n in os.listdir(root))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        try:
            with open(self.files[i]) as f:
                rec = json.load(f)
        except json.JSONDecodeError:
            logging.warning("skipping corrupt sample %s", self.files[i])
            return None
        return torch.tensor(rec["x"]), rec["y"]


if __name__ == "__main__":
    workers = [0, 2, 2][variant]
    loader = DataLoader(JsonDataset("samples"), batch_size=[4, 8, 5][variant], num_workers=workers)
    for step, (x, y) in enumerate(loader):
        print(f"step {step}: x {tuple(x.shape)}")
