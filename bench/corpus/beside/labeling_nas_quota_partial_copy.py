"""The photo-station uploader copies each product photo onto the labeling NAS share; the share hit its quota mid-copy, the uploader logged the ENOSPC warning and went on, and the partial file stayed in place."""
# beside: image-fetcher-max-bytes-cap-truncates-full-photos
# why: the photo is cut where a full NAS quota stopped the copy (an error the uploader swallowed), not by a byte cap in the fetcher.
EXPECT = []
VARIANTS = 2

import errno
import io
import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
QUOTA_LEFT = 65536


class NasShare:
    def __init__(self, root):
        self.root = root
        self.free = QUOTA_LEFT
        os.makedirs(root, exist_ok=True)

    def copy_in(self, name, data, chunk=16384):
        with open(os.path.join(self.root, name), "wb") as fh:
            for start in range(0, len(data), chunk):
                part = data[start : start + chunk]
                if len(part) > self.free:
                    raise OSError(errno.ENOSPC, "No space left on device")
                fh.write(part)
                self.free -= len(part)


def photo_station_shot(rng, side):
    buf = io.BytesIO()
    Image.fromarray(rng.integers(0, 256, (side, side, 3), dtype=np.uint8)).save(buf, "JPEG", quality=95)
    return buf.getvalue()


rng = np.random.default_rng(0)
share = NasShare({0: "nas/labeling/incoming", 1: "mnt/nas/photos/2024-06-12"}[VARIANT])
names = []
for i in range({0: 1, 1: 3}[VARIANT]):
    name = f"station4_{i:04d}.jpg"
    try:
        share.copy_in(name, photo_station_shot(rng, 300))
    except OSError as exc:
        print(f"WARNING upload {name}: {exc}")
    names.append(name)
for name in names:
    with Image.open(os.path.join(share.root, name)) as im:
        im.convert("RGB")
