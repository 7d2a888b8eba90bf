"""The catalog team's fetch_images streams each photo in chunks and, to keep the nightly job going, catches the read timeout and keeps whatever arrived; a slow CDN edge left half-downloaded photos on disk."""
# beside: image-fetcher-max-bytes-cap-truncates-full-photos
# why: the photos are cut where a swallowed read timeout stopped the stream, not at a fixed byte cap left over from thumbnails.
EXPECT = []
VARIANTS = 3

import io
import logging
import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])


class SlowEdge:
    """Stands in for the CDN edge: the stream times out after a number of chunks."""

    def __init__(self, rng):
        self.rng = rng

    def stream(self, sku, chunk=8192):
        buf = io.BytesIO()
        Image.fromarray(self.rng.integers(0, 256, (400, 400, 3), dtype=np.uint8)).save(buf, "JPEG", quality=90)
        data = buf.getvalue()
        cut = {0: 5, 1: 9, 2: 3}[VARIANT]
        for n, start in enumerate(range(0, len(data), chunk)):
            if sku % 2 and n == cut:
                raise TimeoutError("The read operation timed out")
            yield data[start : start + chunk]


def fetch_images(edge, skus, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for sku in skus:
        path = os.path.join(out_dir, f"{sku}.jpg")
        with open(path, "wb") as fh:
            try:
                for part in edge.stream(sku):
                    fh.write(part)
            except TimeoutError:
                logging.warning("timeout fetching %s, keeping partial file", sku)
        paths.append(path)
    return paths


def main():
    paths = fetch_images(SlowEdge(np.random.default_rng(VARIANT)), [2000 + i for i in range(4)], "data/catalog_photos")
    for p in paths:
        with Image.open(p) as im:
            im.load()


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s catalog-photos: %(message)s")
    logging.info("nightly photo fetch")
main()
