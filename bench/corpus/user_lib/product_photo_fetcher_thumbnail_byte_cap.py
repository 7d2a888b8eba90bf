"""tools/fetch_images.py reads each response body with read(MAX_BYTES), MAX_BYTES = 65536 from when it only fetched catalog thumbnails; for the new detector it fetches full-size product photos, and every photo over 64 KB is saved cut off."""
EXPECT = ["image-fetcher-max-bytes-cap-truncates-full-photos"]
VARIANTS = 4

import io
import logging
import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
MAX_BYTES = 65536  # tools/fetch_images.py: "thumbnails are < 20 KB, cap to be safe"
N_PHOTOS = {0: 6, 1: 12, 2: 6, 3: 20}[VARIANT]
SIZE = {0: 300, 1: 480, 2: 300, 3: 360}[VARIANT]


class FakeCDN:
    """Stands in for the catalog CDN: full-size JPEGs of the products, some small, most large."""

    def __init__(self):
        self.rng = np.random.default_rng(VARIANT)

    def get(self, sku):
        side = SIZE if sku % 3 else 64
        pixels = self.rng.integers(0, 256, (side, side, 3), dtype=np.uint8)
        buf = io.BytesIO()
        Image.fromarray(pixels).save(buf, "JPEG", quality=95)
        return io.BytesIO(buf.getvalue())


def fetch_images(cdn, skus, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for sku in skus:
        body = cdn.get(sku).read(MAX_BYTES)
        path = os.path.join(out_dir, f"{sku:07d}.jpg")
        with open(path, "wb") as fh:
            fh.write(body)
        paths.append(path)
    return paths


class PhotoDataset:
    def __init__(self, paths):
        self.paths = paths

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        with Image.open(self.paths[i]) as im:
            return np.asarray(im.convert("RGB").resize((224, 224)), dtype=np.float32) / 255.0


def main():
    out_dir = {0: "data/photos", 1: "data/detector/photos_full", 2: "data/photos", 3: "data/photos"}[VARIANT]
    skus = [1000 + 7 * i for i in range(N_PHOTOS)]
    paths = fetch_images(FakeCDN(), skus, out_dir)
    ds = PhotoDataset(paths)
    if VARIANT == 1:
        import torch
        from torch.utils.data import DataLoader

        for batch in DataLoader(ds, batch_size=4, num_workers=2):
            print(torch.as_tensor(batch).shape)
    elif VARIANT == 3:
        print(f"fetched {len(paths)} photos into {out_dir}")
        for i in range(len(ds)):
            ds[i]
            print(f"decoded {paths[i]}")
    else:
        [ds[i] for i in range(len(ds))]


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s detector-data: %(message)s")
        logging.info("fetching product photos")
        try:
            main()
        except Exception:
            logging.exception("dataset build failed")
            sys.exit(1)
    else:
        main()
