"""Transform / collate_fn / worker_init_fn defined as a lambda or local function, DataLoader with spawn workers."""
EXPECT = ["dataloader-unpicklable-object"]
VARIANTS = 4

import multiprocessing as mp
import sys

import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])


class Wrapped(Dataset):
    def __init__(self, n, transform):
        self.n, self.transform = n, transform

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.transform(torch.randn(3, 4, 4))


def build_dataset(scale):
    return Wrapped(64, lambda x: x * scale)


def build_loader():
    def pad_collate(batch):
        return torch.stack(batch)

    def seed_worker(worker_id):
        torch.manual_seed(worker_id)

    ds = build_dataset(2.0) if v in (0, 3) else Wrapped(64, torch.tanh)
    kw = {"collate_fn": pad_collate} if v == 1 else {"worker_init_fn": seed_worker} if v == 2 else {}
    return DataLoader(ds, batch_size=16, num_workers=2, **kw)


if __name__ == "__main__":
    mp.set_start_method("spawn" if v != 3 else "forkserver")
    for i, b in enumerate(build_loader()):
        print(i, b.shape)
