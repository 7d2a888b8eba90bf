"""JPEGs decoded with PIL in every __getitem__ on a few CPU cores: each batch takes longer to load than the model step; the user's input-pipeline check fails (more workers than cores does not help)."""
EXPECT = ["gpu-starved-by-jpeg-decoding"]
VARIANTS = 3

import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
from PIL import Image
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
rng = np.random.default_rng(v)
os.makedirs("images", exist_ok=True)
base = np.linspace(0, 255, 1280, dtype=np.float32)[None, :, None] * np.ones((960, 1, 3), np.float32)
shots = [np.clip(base + rng.normal(0, 40, base.shape), 0, 255).astype(np.uint8) for _ in range(4)]
for i in range(96):                                       # the camera export: 1280x960 JPEGs
    Image.fromarray(shots[i % 4]).save(f"images/{i:05d}.jpg", quality=95)


class JpegFolder(Dataset):
    def __init__(self, root):
        self.paths = sorted(os.path.join(root, f) for f in os.listdir(root))

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        img = np.asarray(Image.open(self.paths[i]).convert("RGB"))          # libjpeg decode, full size
        y0, x0 = rng.integers(0, 960 - 224), rng.integers(0, 1280 - 224)
        crop = torch.from_numpy(img[y0:y0 + 224, x0:x0 + 224].copy()).permute(2, 0, 1)
        return crop.float().div(255), i % 10


model = nn.Sequential(nn.Conv2d(3, 16, 7, stride=4), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
workers = [0, 2, 8][v]
print(f"cpu cores: {os.cpu_count()}, num_workers={workers}")
loader = DataLoader(JpegFolder("images"), batch_size=16, shuffle=True, num_workers=workers)
wait = compute = 0.0
t0 = time.perf_counter()
for step, (x, y) in enumerate(loader):
    t1 = time.perf_counter()
    loss = nn.functional.cross_entropy(model(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
    t2 = time.perf_counter()
    wait, compute = wait + t1 - t0, compute + t2 - t1
    print(f"step {step}: waited {1000 * (t1 - t0):.0f} ms for data, step {1000 * (t2 - t1):.0f} ms")
    t0 = time.perf_counter()
assert wait < compute, f"data wait {wait:.2f} s vs model {compute:.2f} s over {step + 1} steps: the model is starved"
