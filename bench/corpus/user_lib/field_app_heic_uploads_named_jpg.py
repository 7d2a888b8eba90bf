"""The field inspection app (v3.2) uploads iPhone photos in their native HEIC format but names them .jpg; the defect dataset opens uploads/*/*.jpg with Pillow, which has no HEIC decoder here."""
EXPECT = ["field-app-iphone-heic-uploads-named-jpg"]
VARIANTS = 4

import io
import logging
import os
import struct
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
DAY = {0: "2024-06-03", 1: "2024-06-17", 2: "2024-06-03", 3: "2024-06-05"}[VARIANT]


def heic_bytes(rng):
    """What an iPhone writes: an ISO-BMFF container with the heic brand (ftyp, meta, mdat boxes)."""
    ftyp = b"ftyp" + b"heic" + struct.pack(">I", 0) + b"mif1heic"
    meta = b"meta" + bytes(4) + rng.bytes(300)
    mdat = b"mdat" + rng.bytes(4000)
    return b"".join(struct.pack(">I", len(box) + 4) + box for box in (ftyp, meta, mdat))


def sync_uploads(root, rng):
    """tools/sync_field_uploads.py: Android phones send JPEG, iPhones (app v3.2) send HEIC named .jpg."""
    folder = os.path.join(root, DAY)
    os.makedirs(folder, exist_ok=True)
    phones = {0: ["android", "iphone"], 1: ["android", "android", "android", "iphone"], 2: ["android", "iphone"], 3: ["android", "android", "iphone"]}[VARIANT]
    for n, phone in enumerate(phones):
        name = f"IMG_{4470 + n}.jpg"
        if phone == "iphone":
            data = heic_bytes(rng)
        else:
            buf = io.BytesIO()
            Image.fromarray(rng.integers(0, 256, (120, 160, 3), dtype=np.uint8)).save(buf, "JPEG")
            data = buf.getvalue()
        with open(os.path.join(folder, name), "wb") as fh:
            fh.write(data)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder))


def load_photo(path):
    im = Image.open(path)
    return np.asarray(im.convert("RGB").resize((224, 224)))


class DefectDataset:
    def __init__(self, paths):
        self.paths = paths

    def __getitem__(self, i):
        return load_photo(self.paths[i])

    def __len__(self):
        return len(self.paths)


def main():
    rng = np.random.default_rng(VARIANT)
    paths = sync_uploads("uploads", rng)
    ds = DefectDataset(paths)
    if VARIANT == 1:
        import torch
        from torch.utils.data import DataLoader

        for batch in DataLoader(ds, batch_size=2, num_workers=2):
            print(batch.shape)
    elif VARIANT == 3:
        print(f"{len(ds)} uploads for {DAY}")
        for i in range(len(ds)):
            ds[i]
            print(f"ok {paths[i]}")
    else:
        [ds[i] for i in range(len(ds))]


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s defect-data: %(message)s")
        logging.info("loading field uploads")
        try:
            main()
        except Exception:
            logging.exception("could not load uploads")
            sys.exit(1)
    else:
        main()
