"""ValueError: embedded null byte from PIL.Image.open given the raw bytes of an image (an HTTP body, a base64-decoded payload, a zip member, a database blob) instead of a file object: Pillow takes bytes for a file name."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import base64
import io
import logging
import sqlite3
import sys
import zipfile

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def make_image(i, fmt):
    arr = (np.random.default_rng(i).random((24, 32, 3)) * 255).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format=fmt)
    return buf.getvalue()


class ZipImages(Dataset):
    def __init__(self, path):
        self.path = path
        with zipfile.ZipFile(path) as zf:
            self.names = zf.namelist()

    def __len__(self):
        return len(self.names)

    def __getitem__(self, i):
        with zipfile.ZipFile(self.path) as zf:
            img = Image.open(zf.read(self.names[i])).convert("RGB")
        return torch.from_numpy(np.asarray(img)).permute(2, 0, 1)


if V == 0:
    body = make_image(0, "JPEG")            # what the image service's response.content holds
    print(f"downloaded {len(body)} bytes", flush=True)
    img = Image.open(body)
    print(img.size)
elif V == 1:
    def predict_endpoint(request_json):
        raw = base64.b64decode(request_json["image_b64"])
        img = Image.open(raw).convert("RGB").resize((224, 224))
        return {"size": img.size}

    req = {"image_b64": base64.b64encode(make_image(1, "PNG")).decode()}
    print(predict_endpoint(req))
elif V == 2:
    with zipfile.ZipFile("shard-000.zip", "w") as zf:
        for i in range(6):
            zf.writestr(f"img_{i:03d}.jpg", make_image(i, "JPEG"))
    loader = DataLoader(ZipImages("shard-000.zip"), batch_size=2, num_workers=2)
    for step, batch in enumerate(loader):
        print(step, batch.shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("thumbs")
    db = sqlite3.connect("catalog.db")
    db.execute("CREATE TABLE images (sku TEXT, data BLOB)")
    db.executemany("INSERT INTO images VALUES (?, ?)", [(f"SKU{i}", make_image(i, "PNG")) for i in range(3)])
    for sku, blob in db.execute("SELECT sku, data FROM images"):
        log.info("thumbnail for %s (%d bytes)", sku, len(blob))
        try:
            Image.open(blob).thumbnail((64, 64))
        except ValueError:
            log.exception("could not open image of %s", sku)
            raise
