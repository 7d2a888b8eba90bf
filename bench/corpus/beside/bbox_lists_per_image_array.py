"""Each image has a different number of bounding boxes, and the detection targets are packed with np.array as if every image had the same number."""
# beside: user-embeddings-export-cold-start-empty-list
# why: the rows are per-image box lists of varying count in the user's target packing, not an embeddings export with empty vectors.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n_images = {0: 40, 1: 120}[VARIANT]
annotations = {
    f"img_{i:04d}.jpg": [[int(v) for v in rng.integers(0, 300, 4)] for _ in range(int(rng.integers(1, 5)))]
    for i in range(n_images)
}
with open("boxes.json", "w") as fh:
    json.dump(annotations, fh)

with open("boxes.json") as fh:
    boxes = json.load(fh)
if VARIANT == 1:
    print(f"{len(boxes)} images, {sum(map(len, boxes.values()))} boxes")
targets = np.asarray(list(boxes.values()), dtype=np.float32)
print(targets.shape)
