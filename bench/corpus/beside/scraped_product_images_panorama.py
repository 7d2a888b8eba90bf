"""A web-scraped product-image dataset includes a few huge panoramas and poster files from a furniture retailer's site; the dataset builder opens every downloaded file with Pillow to make thumbnails."""
# beside: orthomosaic-export-preset-lost-tiling-single-huge-png
# why: an occasional genuinely huge image from the web in a scraped dataset, not the team's own export arriving untiled; the fix is to skip (or catch DecompressionBombError for) oversized downloads in the builder.
EXPECT = []
VARIANTS = 2

import os
import struct
import sys
import zlib

from PIL import Image

VARIANT = int(sys.argv[1])


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def fake_png(path, w, h):
    with open(path, "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                 + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b""))


os.makedirs("downloads", exist_ok=True)
sizes = [(800, 800), (1200, 900), (640, 640), {0: (40000, 9000), 1: (36000, 12000)}[VARIANT], (1000, 1000)]
for i, (w, h) in enumerate(sizes):
    fake_png(f"downloads/img_{i:06d}.png", w, h)

for name in sorted(os.listdir("downloads")):
    with Image.open(os.path.join("downloads", name)) as im:
        print(f"{name}: {im.size}")
