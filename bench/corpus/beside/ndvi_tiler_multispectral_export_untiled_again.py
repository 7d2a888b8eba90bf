"""A teammate's new NDVI tiler reads the multispectral orthomosaic from the same photogrammetry export preset, which lost its "split into tiles" option; the field arrives as one stitched PNG."""
# beside: orthomosaic-export-preset-lost-tiling-single-huge-png
# why: the team's export preset without tiling makes a single orthomosaic above Pillow's pixel limit, the entry's cause and fix.
EXPECT = ["orthomosaic-export-preset-lost-tiling-single-huge-png"]
VARIANTS = 3

import os
import struct
import sys
import zlib

from PIL import Image

VARIANT = int(sys.argv[1])
FIELD = {0: "field_0412", 1: "field_0533", 2: "field_0412"}[VARIANT]
W, H = {0: (24000, 18000), 1: (26500, 19100), 2: (24000, 18000)}[VARIANT]


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


os.makedirs(f"surveys/2024-06-10/{FIELD}", exist_ok=True)
path = f"surveys/2024-06-10/{FIELD}/{FIELD}_nir.png"
with open(path, "wb") as fh:  # the export's header; pixel data elided
    fh.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 16, 0, 0, 0, 0))
             + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b""))


def ndvi_tiles(path, tile=512):
    nir = Image.open(path)
    return [(x, y) for y in range(0, nir.height, tile) for x in range(0, nir.width, tile)]


if VARIANT == 2:
    print(f"ndvi: {FIELD}")
print(len(ndvi_tiles(path)))
