"""DataLoader workers with large batches where /dev/shm is a tiny tmpfs (docker run without --shm-size)."""
EXPECT = ["dataloader-shared-memory-exhausted"]
VARIANTS = 3

import os
import sys

if os.environ.get("SMALL_SHM") != "1":   # rerun inside a mount namespace whose /dev/shm is small, as in a default container
    os.environ["SMALL_SHM"] = "1"
    size = ["8m", "16m", "4m"][int(sys.argv[1])]
    os.execvp("unshare", ["unshare", "-rm", "sh", "-c",
                          f'mount -t tmpfs -o size={size} tmpfs /dev/shm && exec "$0" "$@"', sys.executable, *sys.argv])

import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])


class Frames(Dataset):
    def __len__(self):
        return 256

    def __getitem__(self, i):
        return torch.randn(3, [512, 384, 256][v], [512, 384, 256][v]), i % 10


loader = DataLoader(Frames(), batch_size=[16, 32, 24][v], num_workers=[2, 4, 2][v], shuffle=True)
for step, (x, y) in enumerate(loader):
    print(f"step {step} x={tuple(x.shape)}")
