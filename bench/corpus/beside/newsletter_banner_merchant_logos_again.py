"""A teammate's new newsletter job resizes the merchants' logos from the onboarding portal's uploads into banner tiles and saves them as JPEG."""
# beside: merchant-portal-png-logos-rgba-jpeg-thumbnails
# why: the portal's PNG logos with a transparent background are resized and saved as JPEG without flattening to RGB, the entry's cause and fix.
EXPECT = ["merchant-portal-png-logos-rgba-jpeg-thumbnails"]
VARIANTS = 2

import os
import sys

from PIL import Image, ImageDraw

VARIANT = int(sys.argv[1])

os.makedirs("uploads/merchant_logos", exist_ok=True)
Image.new("RGB", (300, 300), "navy").save("uploads/merchant_logos/m1002_logo.jpg")
logo = Image.new("RGBA", (400, 400), (0, 0, 0, 0))
ImageDraw.Draw(logo).rectangle((50, 150, 350, 250), fill=(20, 160, 90, 255))
logo.save(f"uploads/merchant_logos/m{1190 + VARIANT}_logo.png")

os.makedirs("newsletter/tiles", exist_ok=True)
for name in sorted(os.listdir("uploads/merchant_logos")):
    tile = Image.open(os.path.join("uploads/merchant_logos", name)).resize({0: (160, 160), 1: (120, 120)}[VARIANT])
    out = os.path.join("newsletter/tiles", os.path.splitext(name)[0] + ".jpg")
    tile.save(out, quality=80)
    print("tile", out)
