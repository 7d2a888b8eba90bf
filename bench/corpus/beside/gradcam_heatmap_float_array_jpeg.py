"""The model-debugging notebook turns a Grad-CAM map (a float32 array in [0, 1]) into an image with Image.fromarray and saves it as JPEG next to the input."""
# beside: merchant-portal-png-logos-rgba-jpeg-thumbnails
# why: the image is mode F made from the user's own float array, which JPEG cannot hold; the fix is to scale it to uint8, not to flatten an uploaded logo's alpha.
EXPECT = []
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import torch
from PIL import Image

VARIANT = int(sys.argv[1])


def gradcam(size):
    torch.manual_seed(VARIANT)
    act = torch.rand(8, 14, 14)
    weights = torch.rand(8, 1, 1)
    cam = torch.relu((act * weights).sum(0))
    cam = torch.nn.functional.interpolate(cam[None, None], size=size, mode="bilinear")[0, 0]
    return (cam / cam.max()).numpy()


def main():
    os.makedirs("debug/cam", exist_ok=True)
    size = {0: (224, 224), 1: (384, 384), 2: (224, 224)}[VARIANT]
    heat = gradcam(size)
    if VARIANT == 2:
        print(f"cam min={heat.min():.3f} max={heat.max():.3f} dtype={heat.dtype}")
    Image.fromarray(heat).save(f"debug/cam/sample_{VARIANT:03d}_cam.jpg")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s debug: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("cam export failed")
            sys.exit(1)
    else:
        main()
