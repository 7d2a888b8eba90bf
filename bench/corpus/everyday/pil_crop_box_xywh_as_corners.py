"""ValueError: Coordinate 'right' is less than 'left' (or 'lower' is less than 'upper') from PIL Image.crop: a COCO-style [x, y, width, height] box (or a YOLO centre/size box) passed where crop expects corners (left, upper, right, lower)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
arr = (np.random.default_rng(0).random((300, 400, 3)) * 255).astype(np.uint8)
Image.fromarray(arr).save("street.jpg")
coco = {
    "images": [{"id": 1, "file_name": "street.jpg", "width": 400, "height": 300}],
    "annotations": [
        {"image_id": 1, "bbox": [10, 20, 120, 90], "category_id": 3},     # x, y, w, h
        {"image_id": 1, "bbox": [250, 40, 60, 150], "category_id": 1},
        {"image_id": 1, "bbox": [180, 200, 40, 30], "category_id": 3},
    ],
}
with open("instances_val.json", "w") as f:
    json.dump(coco, f)


class BoxCrops(Dataset):
    def __init__(self, ann_file):
        with open(ann_file) as f:
            self.anns = json.load(f)["annotations"]

    def __len__(self):
        return len(self.anns)

    def __getitem__(self, i):
        box = self.anns[i]["bbox"]
        crop = Image.open("street.jpg").crop(tuple(box)).resize((32, 32))
        return torch.from_numpy(np.asarray(crop)).permute(2, 0, 1), self.anns[i]["category_id"]


if V == 0:
    img = Image.open("street.jpg")
    for k, ann in enumerate(coco["annotations"]):
        patch = img.crop(ann["bbox"])
        patch.save(f"crop_{k}.jpg")
        print(f"saved crop_{k}.jpg {patch.size}", flush=True)
elif V == 1:
    loader = DataLoader(BoxCrops("instances_val.json"), batch_size=2, num_workers=2)
    for x, y in loader:
        print(x.shape, y)
elif V == 2:
    with open("street.txt", "w") as f:          # YOLO labels: class cx cy w h, normalised
        f.write("3 0.50 0.30 0.60 0.20\n1 0.70 0.55 0.15 0.50\n")

    def crop_labels(img, label_file):
        W, H = img.size
        crops = []
        for line in open(label_file):
            cls, cx, cy, w, h = line.split()
            box = (float(cx) * W, float(cy) * H, float(w) * W, float(h) * H)
            print(f"class {cls} box {tuple(round(v) for v in box)}", flush=True)
            crops.append(img.crop(box))
        return crops

    crops = crop_labels(Image.open("street.jpg"), "street.txt")
    print([c.size for c in crops])
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("review")
    img = Image.open("street.jpg")
    for ann in sorted(coco["annotations"], key=lambda a: a["bbox"][1], reverse=True):
        x, y, w, h = ann["bbox"]
        log.info("cropping box at (%d, %d) size %dx%d", x, y, w, h)
        try:
            img.crop((x, y, w, h)).save(f"review_{x}_{y}.png")
        except ValueError:
            log.exception("bad box %s", ann["bbox"])
            raise
