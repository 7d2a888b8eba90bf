"""Dataset that reads each sample from a slow (network) filesystem; DataLoader(timeout=...) gives up before the first batch."""
EXPECT = ["dataloader-full-dataset-hangs"]
VARIANTS = 3

import glob
import os
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
os.makedirs("mnt/nfs/train", exist_ok=True)
for i in range(20):
    open(f"mnt/nfs/train/{i:05d}.pt", "wb").close()


class NfsDataset(Dataset):
    def __init__(self, root):
        self.files = sorted(glob.glob(os.path.join(root, "**", "*.pt"), recursive=True))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        time.sleep(30)                        # stands in for a stalled NFS read of self.files[i]
        return torch.zeros(3, 32, 32)


loader = DataLoader(NfsDataset("mnt/nfs/train"), batch_size=4, num_workers=2, timeout=[2, 3, 1][v])
print("start", len(loader.dataset), "files")
batch = next(iter(loader))
