"""The digitization vendor scanned the archive's map sheets at the scanner's 1200 dpi preset instead of the 300 dpi in the contract; the map-symbol detector's tiler opens each sheet whole."""
# beside: orthomosaic-export-preset-lost-tiling-single-huge-png
# why: the sheets are large because they were scanned at four times the agreed resolution; there is no photogrammetry export or tiling option, and the fix is to rescan (or downsample) at 300 dpi.
EXPECT = []
VARIANTS = 3

import os
import struct
import sys
import zlib

from PIL import Image

VARIANT = int(sys.argv[1])
SHEET = {0: "sheet_0412", 1: "sheet_1187", 2: "sheet_0412"}[VARIANT]
W, H = {0: (24000, 18000), 1: (22800, 17400), 2: (24000, 18000)}[VARIANT]  # 20 x 15 in at 1200 dpi


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


os.makedirs("scans/batch_07", exist_ok=True)
path = f"scans/batch_07/{SHEET}.png"
with open(path, "wb") as fh:  # header of the vendor's file; pixel data elided
    fh.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0))
             + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b""))


def iter_tiles(path, tile=1024):
    with Image.open(path) as im:
        for top in range(0, im.height, tile):
            for left in range(0, im.width, tile):
                yield im.crop((left, top, left + tile, top + tile))


if VARIANT == 2:
    print(f"batch_07: detecting symbols on {SHEET}")
print(sum(1 for _ in iter_tiles(path)))
