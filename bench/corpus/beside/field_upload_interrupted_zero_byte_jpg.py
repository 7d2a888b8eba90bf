"""The upload endpoint creates the target file when an upload starts; an inspector's upload from a site with no signal was cut off before any bytes arrived, leaving uploads/2024-06-03/IMG_4471.jpg empty."""
# beside: field-app-iphone-heic-uploads-named-jpg
# why: the file is empty, left by an interrupted upload, not a HEIC photo under a .jpg name.
EXPECT = []
VARIANTS = 2

import io
import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
folder = "uploads/2024-06-03"
os.makedirs(folder, exist_ok=True)
rng = np.random.default_rng(VARIANT)


def receive_upload(name, chunks):
    with open(os.path.join(folder, name), "wb") as fh:  # created before the first chunk arrives
        for chunk in chunks:
            fh.write(chunk)


def phone_upload(connection_ok):
    buf = io.BytesIO()
    Image.fromarray(rng.integers(0, 256, (120, 160, 3), dtype=np.uint8)).save(buf, "JPEG")
    if not connection_ok:
        return
    yield buf.getvalue()


for n in range({0: 2, 1: 5}[VARIANT]):
    receive_upload(f"IMG_{4470 + n}.jpg", phone_upload(connection_ok=(n != 1)))
paths = sorted(os.path.join(folder, f) for f in os.listdir(folder))
if VARIANT == 1:
    print(f"{len(paths)} uploads for 2024-06-03")
photos = [np.asarray(Image.open(p).convert("RGB")) for p in paths]
