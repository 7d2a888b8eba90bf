"""Full-resolution photos resampled with an antialiased resize in __getitem__ on every read: preprocessing takes tens of ms per image; the user's Timer budget check fails."""
EXPECT = ["transforms-resize-slow"]
VARIANTS = 3

import sys
import time

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image
from torch.utils.benchmark import Timer
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
torch.set_num_threads(1)                                  # as inside a DataLoader worker
rng = np.random.default_rng(v)
H, W = [(3000, 4000), (3024, 4032), (2448, 3264)][v]      # phone photos
photos = [rng.integers(0, 256, (H, W, 3), dtype=np.uint8) for _ in range(4)]


class Photos(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        arr = photos[i % len(photos)]
        if v == 1:
            x = torch.from_numpy(arr).permute(2, 0, 1).float().div(255)[None]
            return F.interpolate(x, size=(224, 224), mode="bilinear", antialias=True)[0]
        img = Image.fromarray(arr).resize((224, 224), Image.LANCZOS)   # what Resize(224) does
        return torch.from_numpy(np.asarray(img)).permute(2, 0, 1).float().div(255)


ds = Photos()
budget_ms = 10.0
if v == 2:
    loader = DataLoader(ds, batch_size=16, num_workers=2)
    t0 = time.perf_counter()
    for step, batch in enumerate(loader):
        print(f"batch {step}: {tuple(batch.shape)} after {time.perf_counter() - t0:.2f} s")
    per_image = (time.perf_counter() - t0) * 1000 / len(ds)
else:
    m = Timer(stmt="ds[0]", globals={"ds": ds}, label="preprocess").blocked_autorange(min_run_time=1.0)
    print(m)
    per_image = m.median * 1000
assert per_image < budget_ms, f"preprocessing takes {per_image:.1f} ms per image, budget is {budget_ms} ms (GPU step time / batch)"
