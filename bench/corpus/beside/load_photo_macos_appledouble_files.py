"""An inspector copied a day's photos from a Mac onto the exFAT USB drive the site office syncs from; macOS added an AppleDouble "._IMG_xxxx.jpg" metadata file beside each photo, and the dataset lists every name ending in .jpg."""
# beside: field-app-iphone-heic-uploads-named-jpg
# why: the unreadable .jpg files are macOS AppleDouble metadata sidecars picked up by the folder listing, not HEIC photos named .jpg.
EXPECT = []
VARIANTS = 3

import io
import logging
import os
import struct
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
DAY = {0: "2024-06-03", 1: "2024-06-19", 2: "2024-06-03"}[VARIANT]


def usb_copy_from_mac(folder, n):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for i in range(n):
        name = f"IMG_{4470 + i}.jpg"
        buf = io.BytesIO()
        Image.fromarray(rng.integers(0, 256, (96, 128, 3), dtype=np.uint8)).save(buf, "JPEG")
        with open(os.path.join(folder, name), "wb") as fh:
            fh.write(buf.getvalue())
        with open(os.path.join(folder, "._" + name), "wb") as fh:  # AppleDouble header: magic 0x00051607, version 2
            fh.write(struct.pack(">II", 0x00051607, 0x00020000) + b"Mac OS X        " + bytes(4000))


def load_photo(path):
    im = Image.open(path)
    return np.asarray(im.convert("RGB").resize((224, 224)))


folder = os.path.join("uploads", DAY)
usb_copy_from_mac(folder, {0: 3, 1: 6, 2: 3}[VARIANT])
if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s defect-data: %(message)s")
    logging.info("loading %s", folder)
photos = [load_photo(os.path.join(folder, name)) for name in sorted(os.listdir(folder)) if name.lower().endswith(".jpg")]
