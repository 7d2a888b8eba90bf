"""Open-file limit exhausted: batches from workers kept alive (file_descriptor sharing) or files opened per sample and never closed."""
EXPECT = ["dataloader-too-many-open-files"]
VARIANTS = 3

import os
import resource
import sys

import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_NOFILE, ([128, 256, 64][v],) * 2)     # a low `ulimit -n`


class Crops(Dataset):
    def __len__(self):
        return 5000

    def __getitem__(self, i):
        return [torch.randn(4) for _ in range(8)]


class Jpegs(Dataset):
    def __init__(self):
        os.makedirs("train", exist_ok=True)
        for i in range(300):
            with open(f"train/{i:06d}.jpg", "wb") as f:
                f.write(b"\xff\xd8" + bytes(64))

        self.handles = {}

    def __len__(self):
        return 300

    def __getitem__(self, i):
        if i not in self.handles:                       # "cache" of open files, never closed
            self.handles[i] = open(f"train/{i:06d}.jpg", "rb")
        f = self.handles[i]
        f.seek(0)
        return torch.tensor(list(f.read(8)), dtype=torch.float32)


if v < 2:
    outputs = []
    for i, crops in enumerate(DataLoader(Crops(), batch_size=None, num_workers=2)):
        outputs.append(crops)                          # kept for later evaluation
        if i % 100 == 0:
            print("sample", i)
else:
    ds = Jpegs()
    for i in range(len(ds)):
        x = ds[i]
        if i % 20 == 0:
            print("read", i)
