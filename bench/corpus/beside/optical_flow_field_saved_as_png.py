"""The video-stabilization notebook computes dense optical flow between frames (a float32 H x W x 2 field of pixel offsets) and saves the field with Image.fromarray for the review page."""
# beside: sample-dump-load-image-now-returns-normalized-float
# why: no image loader and no normalization involved; a two-channel flow field is not an image at all and needs a color coding (angle to hue, magnitude to value) before saving.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
H, W = {0: (120, 160), 1: (240, 320)}[VARIANT]


def synthetic_frames(n, seed):
    rng = np.random.default_rng(seed)
    base = rng.random((H + 8, W + 8)).astype(np.float32)
    return [base[i % 8:i % 8 + H, i % 5:i % 5 + W] for i in range(n)]


def block_flow(prev, cur, block=8, search=3):
    flow = np.zeros((H, W, 2), dtype=np.float32)
    for y in range(0, H - block, block):
        for x in range(0, W - block, block):
            patch = prev[y:y + block, x:x + block]
            best, best_d = None, np.inf
            for dy in range(-search, search + 1):
                for dx in range(-search, search + 1):
                    yy, xx = min(max(y + dy, 0), H - block), min(max(x + dx, 0), W - block)
                    d = np.abs(cur[yy:yy + block, xx:xx + block] - patch).sum()
                    if d < best_d:
                        best, best_d = (dx, dy), d
            flow[y:y + block, x:x + block] = best
    return flow


if __name__ == "__main__":
    frames = synthetic_frames(3, VARIANT)
    os.makedirs("review/flow", exist_ok=True)
    for i in range(1, len(frames)):
        flow = block_flow(frames[i - 1], frames[i])
        print(f"frame {i}: mean |flow| {np.linalg.norm(flow, axis=2).mean():.2f} px")
        Image.fromarray(flow).save(f"review/flow/flow_{i:03d}.png")
