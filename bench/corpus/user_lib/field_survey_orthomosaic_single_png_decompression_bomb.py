"""The crop-health tiler opens each field's orthomosaic and cuts 512 px tiles; a teammate updated the photogrammetry export preset and its "split into tiles" option was lost, so each field now arrives as one stitched PNG, far above Pillow's pixel limit."""
EXPECT = ["orthomosaic-export-preset-lost-tiling-single-huge-png"]
VARIANTS = 4

import logging
import os
import struct
import sys
import zlib

from PIL import Image

VARIANT = int(sys.argv[1])
FIELD = {0: "field_0412", 1: "field_0977", 2: "field_0412", 3: "field_0412"}[VARIANT]
SIZE = {0: (24000, 18000), 1: (31200, 20800), 2: (24000, 18000), 3: (24000, 18000)}[VARIANT]


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def photogrammetry_export(field, out_dir):
    """What the export preset now writes: one stitched RGB PNG per field (pixel data elided here)."""
    os.makedirs(out_dir, exist_ok=True)
    w, h = SIZE
    path = os.path.join(out_dir, f"{field}_ortho.png")
    with open(path, "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                 + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b""))
    return path


def iter_tiles(path, tile=512):
    with Image.open(path) as im:
        w, h = im.size
        for top in range(0, h, tile):
            for left in range(0, w, tile):
                yield (left, top), im.crop((left, top, left + tile, top + tile))


class Tiler:
    def __init__(self, out_dir):
        self.out_dir = out_dir

    def run(self, path):
        n = 0
        for _, tile in iter_tiles(path):
            n += 1
        return n


def main():
    path = photogrammetry_export(FIELD, f"surveys/2024-06-03/{FIELD}")
    if VARIANT == 3:
        print("survey 2024-06-03: 1 field")
        print(f"tiling {path}")
    if VARIANT == 1:
        print(Tiler("tiles").run(path))
    else:
        n = sum(1 for _ in iter_tiles(path))
        print(f"{n} tiles from {path}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s tiler: %(message)s")
        logging.info("survey 2024-06-03")
        try:
            main()
        except Exception:
            logging.exception("tiling failed")
            sys.exit(1)
    else:
        main()
