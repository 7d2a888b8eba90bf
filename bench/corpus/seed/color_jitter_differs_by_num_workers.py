"""Random colour jitter in Dataset.__getitem__ under torch.manual_seed: the augmented batches change with num_workers (or from run to run); the reproducibility check fails."""
EXPECT = ["colorjitter-random-state-across-workers"]
VARIANTS = 3

import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])


class JitteredImages(Dataset):
    def __init__(self, n=32, size=8):
        g = torch.Generator().manual_seed(123)
        self.images = torch.rand(n, 3, size, size, generator=g)
        self.rng = np.random.default_rng() if v == 2 else None   # per-dataset RNG for the jitter

    def __len__(self):
        return len(self.images)

    def color_jitter(self, img, brightness=0.4, contrast=0.4, saturation=0.4):
        if self.rng is not None:
            b, c, s = self.rng.uniform(1 - brightness, 1 + brightness, size=3)
        else:
            b, c, s = torch.empty(3).uniform_(1 - brightness, 1 + brightness).tolist()
        img = img * b
        img = (img - img.mean()) * c + img.mean()
        grey = img.mean(0, keepdim=True)
        return ((img - grey) * s + grey).clamp(0, 1)

    def __getitem__(self, i):
        return self.color_jitter(self.images[i]), i % 5


def first_batches(num_workers, seed=42):
    torch.manual_seed(seed)
    loader = DataLoader(JitteredImages(), batch_size=8, shuffle=True, num_workers=num_workers)
    return torch.cat([x for x, _ in loader])


a_workers, b_workers = [(0, 2), (2, 4), (2, 2)][v]
print(f"debug run: num_workers={a_workers}")
a = first_batches(a_workers)
print(f"cluster run: num_workers={b_workers}")
b = first_batches(b_workers)
diff = (a - b).abs().amax().item()
print(f"max pixel difference between the two runs: {diff:.4f}")
assert torch.equal(a, b), f"augmented epoch differs between runs (num_workers={a_workers} vs {b_workers}) with the same seed"
