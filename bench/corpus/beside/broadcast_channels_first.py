"""The images are channels-first (C, H, W) while mean/std are applied along the last axis."""
# beside: image-norm-stats-json-computed-with-alpha
# why: the stats have the right 3 channels; the image layout is CHW instead of HWC.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np

VARIANT = int(sys.argv[1])

mean = np.array([0.485, 0.456, 0.406])
std = np.array([0.229, 0.224, 0.225])
h, w = {0: 64, 1: 32}[VARIANT], 48
img = np.random.default_rng(0).random((3, h, w))  # from a torch-style pipeline
(img - mean) / std
