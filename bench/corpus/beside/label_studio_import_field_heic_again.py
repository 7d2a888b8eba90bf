"""A teammate's new tools/import_to_label_studio.py makes thumbnails of the field inspection app's uploads with Pillow; the iPhone uploads from app v3.2 are HEIC files named .jpg."""
# beside: field-app-iphone-heic-uploads-named-jpg
# why: iPhone photos from the field app arrive as HEIC under a .jpg name and Pillow here has no HEIC decoder, the entry's cause and fix.
EXPECT = ["field-app-iphone-heic-uploads-named-jpg"]
VARIANTS = 2

import io
import os
import struct
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
DAY = {0: "2024-06-21", 1: "2024-07-02"}[VARIANT]


def iphone_upload(rng):
    boxes = [b"ftypheic" + struct.pack(">I", 0) + b"mif1heic", b"meta" + bytes(4) + rng.bytes(200), b"mdat" + rng.bytes(3000)]
    return b"".join(struct.pack(">I", len(b) + 4) + b for b in boxes)


def sync(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for i, phone in enumerate({0: ["iphone"], 1: ["android", "android", "iphone", "android"]}[VARIANT]):
        if phone == "iphone":
            data = iphone_upload(rng)
        else:
            buf = io.BytesIO()
            Image.fromarray(rng.integers(0, 256, (90, 120, 3), dtype=np.uint8)).save(buf, "JPEG")
            data = buf.getvalue()
        with open(os.path.join(folder, f"IMG_{5100 + i}.jpg"), "wb") as fh:
            fh.write(data)


def make_thumbnails(folder, out):
    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(folder)):
        with Image.open(os.path.join(folder, name)) as im:
            im.thumbnail((256, 256))
            im.save(os.path.join(out, name))


folder = os.path.join("uploads", DAY)
sync(folder)
if VARIANT == 1:
    print(f"importing {folder} into label studio project 'field-defects'")
make_thumbnails(folder, "label_studio/thumbs")
