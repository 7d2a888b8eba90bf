"""The segmentation review tool draws each mask as a half-transparent RGBA overlay on the photo (Image.alpha_composite) and saves the preview under a .jpg name for the review page."""
# beside: merchant-portal-png-logos-rgba-jpeg-thumbnails
# why: the RGBA image is made by the user's own overlay code (alpha_composite), not uploaded by a portal; no logos or thumbnails are involved, the fix is to save the preview as PNG or flatten it.
EXPECT = []
VARIANTS = 2

import os
import sys

from PIL import Image, ImageDraw

VARIANT = int(sys.argv[1])


def overlay(photo, polygon, color):
    layer = Image.new("RGBA", photo.size, (0, 0, 0, 0))
    ImageDraw.Draw(layer).polygon(polygon, fill=(*color, 110))
    return Image.alpha_composite(photo.convert("RGBA"), layer)


os.makedirs("review/previews", exist_ok=True)
photo = Image.new("RGB", (640, 480), (90, 90, 90))
masks = {0: [[(100, 100), (300, 120), (250, 300)]], 1: [[(10, 10), (200, 10), (200, 200)], [(300, 300), (600, 320), (500, 470)]]}[VARIANT]
preview = photo
for k, poly in enumerate(masks):
    preview = overlay(preview, poly, [(255, 0, 0), (0, 200, 0)][k % 2])
out = f"review/previews/frame_{1042 + VARIANT:06d}.jpg"
preview.save(out)
print(f"wrote {out}")
