"""The new merchant onboarding portal accepts logos as PNG with transparency; jobs/make_thumbnails.py resizes every uploaded logo and saves the thumbnail as JPEG without converting it to RGB, which worked while the old portal only took JPEG."""
EXPECT = ["merchant-portal-png-logos-rgba-jpeg-thumbnails"]
VARIANTS = 4

import logging
import os
import sys

from PIL import Image, ImageDraw

VARIANT = int(sys.argv[1])
UPLOADS = {0: "uploads/merchant_logos", 1: "media/merchants/logos/incoming", 2: "uploads/merchant_logos",
           3: "uploads/merchant_logos"}[VARIANT]
THUMB = {0: (128, 128), 1: (96, 96), 2: (128, 128), 3: (128, 128)}[VARIANT]


def merchant_uploads():
    os.makedirs(UPLOADS, exist_ok=True)
    for i in range(4):  # from the old portal: JPEG only
        Image.new("RGB", (400, 400), (30 * i, 90, 160)).save(os.path.join(UPLOADS, f"m{1040 + i}_logo.jpg"), quality=90)
    logo = Image.new("RGBA", (512, 512), (0, 0, 0, 0))  # new portal: PNG with a transparent background
    ImageDraw.Draw(logo).ellipse((64, 64, 448, 448), fill=(220, 40, 60, 255))
    logo.save(os.path.join(UPLOADS, {0: "m1187_logo.png", 1: "m2210_brand.png", 2: "m1187_logo.png",
                                     3: "m1187_logo.png"}[VARIANT]))


def make_thumbnail(src, out_dir):
    with Image.open(src) as img:
        img.thumbnail(THUMB)
        dst = os.path.join(out_dir, os.path.splitext(os.path.basename(src))[0] + ".jpg")
        img.save(dst, "JPEG", quality=85)
    return dst


def make_thumbnails(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    done = []
    for name in sorted(os.listdir(UPLOADS)):
        done.append(make_thumbnail(os.path.join(UPLOADS, name), out_dir))
        if VARIANT == 3:
            print(f"thumbnail {done[-1]}")
    return done


def main():
    merchant_uploads()
    out = {0: "static/thumbs/merchants", 1: "media/merchants/thumbs", 2: "static/thumbs/merchants",
           3: "static/thumbs/merchants"}[VARIANT]
    print(f"{len(make_thumbnails(out))} thumbnails written")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s make_thumbnails: %(message)s")
        logging.info("thumbnailing merchant logos in %s", UPLOADS)
        try:
            main()
        except Exception:
            logging.exception("thumbnail job failed")
            sys.exit(1)
    else:
        main()
