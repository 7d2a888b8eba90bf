"""Random crop + noise augmentation drawn from a NumPy Generator that each worker re-creates from the
seed PyTorch gives it (worker_init_fn)."""

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class Augmented(Dataset):
    def __init__(self):
        self.images = np.random.default_rng(123).random((64, 3, 40, 40), dtype=np.float32)
        self.rng = np.random.default_rng(0)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        top, left = self.rng.integers(0, 9, size=2)
        crop = self.images[i, :, top : top + 32, left : left + 32]
        noise = self.rng.normal(0, 0.05, crop.shape).astype(np.float32)
        return torch.from_numpy(crop + noise), i % 10


def worker_init_fn(worker_id):
    info = get_worker_info()
    info.dataset.rng = np.random.default_rng(info.seed % 2**32)


dataset = Augmented()
loader = DataLoader(
    dataset,
    batch_size=8,
    shuffle=True,
    num_workers=2,
    worker_init_fn=worker_init_fn,
    generator=torch.Generator().manual_seed(42),
)
