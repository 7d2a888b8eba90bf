"""A teammate's new tools/fetch_listing_photos.py for the listing-quality model reuses fetch_images' MAX_BYTES = 65536 read cap, written for thumbnails, on full-size listing photos."""
# beside: image-fetcher-max-bytes-cap-truncates-full-photos
# why: full-size photos are read with the 64 KB thumbnail cap and saved cut off, the entry's cause and fix.
EXPECT = ["image-fetcher-max-bytes-cap-truncates-full-photos"]
VARIANTS = 2

import io
import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
MAX_BYTES = 65536  # copied from tools/fetch_images.py


def listing_photo(rng):
    buf = io.BytesIO()
    Image.fromarray(rng.integers(0, 256, ({0: 420, 1: 640}[VARIANT], 512, 3), dtype=np.uint8)).save(buf, "JPEG", quality=92)
    return io.BytesIO(buf.getvalue())


def fetch_listing_photos(listing_ids, out_dir):
    rng = np.random.default_rng(VARIANT + 3)
    os.makedirs(out_dir, exist_ok=True)
    for lid in listing_ids:
        with open(os.path.join(out_dir, f"{lid}.jpg"), "wb") as fh:
            fh.write(listing_photo(rng).read(MAX_BYTES))
    return [os.path.join(out_dir, f"{lid}.jpg") for lid in listing_ids]


paths = fetch_listing_photos([f"L{7700 + i}" for i in range({0: 2, 1: 5}[VARIANT])], "data/listing_photos")
if VARIANT == 1:
    print(f"fetched {len(paths)} listing photos")
features = [np.asarray(Image.open(p).convert("L").resize((128, 128))) for p in paths]
