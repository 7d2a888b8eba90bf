"""AssertionError (bare, from PIL ImageFile.load: assert self.fp is not None): a loader returns the image opened in `with Image.open(path) as im:`; Pillow reads pixels lazily, and the file is closed before anything loads them."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
os.makedirs("images", exist_ok=True)
paths = []
for i in range(6):
    arr = (np.random.default_rng(i).random((40, 48, 3)) * 255).astype(np.uint8)
    p = f"images/{i:04d}.{'jpg' if i % 2 == 0 else 'png'}"
    Image.fromarray(arr).save(p)
    paths.append(p)


def load_image(path):
    with Image.open(path) as im:
        print(f"opened {path} {im.size} {im.mode}", flush=True)
        return im


class Photos(Dataset):
    def __init__(self, files):
        self.files = files

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        img = load_image(self.files[i])
        return torch.from_numpy(np.asarray(img.resize((32, 32)))).permute(2, 0, 1)


if V == 0:
    img = load_image(paths[0])
    x = np.asarray(img, dtype=np.float32) / 255.0
    print(x.mean())
elif V == 1:
    loader = DataLoader(Photos(paths), batch_size=3, num_workers=2)
    for batch in loader:
        print(batch.shape)
elif V == 2:
    def make_thumbnails(files, size=(16, 16)):
        images = [load_image(p) for p in files]
        for p, im in zip(files, images):
            im.convert("L").resize(size).save(p.replace("images/", "thumb_"))

    make_thumbnails(paths[:3])
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("stats")
    cache = {p: load_image(p) for p in paths[1::2]}   # the PNGs
    log.info("cached %d images", len(cache))
    try:
        means = [np.array(im).mean(axis=(0, 1)) for im in cache.values()]
    except AssertionError:
        log.exception("computing channel means failed")
        raise
    log.info("channel means %s", np.mean(means, axis=0))
