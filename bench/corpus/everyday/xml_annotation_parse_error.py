"""xml.etree.ElementTree.ParseError reading VOC-style box annotations: a mismatched tag from a hand edit, an unescaped '&' in a class name, an empty annotation file (in DataLoader workers)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys
import xml.etree.ElementTree as ET

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
CLASSES = ["cat", "dog", "salt&pepper shaker"]

GOOD = """<annotation>
  <filename>{name}.jpg</filename>
  <size><width>320</width><height>240</height></size>
  <object><name>{label}</name><bndbox><xmin>10</xmin><ymin>20</ymin><xmax>110</xmax><ymax>140</ymax></bndbox></object>
</annotation>
"""


def write_annotations(root, n):
    os.makedirs(root, exist_ok=True)
    for i in range(n):
        with open(os.path.join(root, f"{i:05d}.xml"), "w") as f:
            f.write(GOOD.format(name=f"{i:05d}", label=CLASSES[i % 2]))


def parse_boxes(path):
    root = ET.parse(path).getroot()
    boxes = []
    for obj in root.iter("object"):
        bb = obj.find("bndbox")
        boxes.append([int(bb.find(k).text) for k in ("xmin", "ymin", "xmax", "ymax")] + [CLASSES.index(obj.find("name").text)])
    return boxes


class VocBoxes(Dataset):
    def __init__(self, root):
        self.paths = sorted(os.path.join(root, p) for p in os.listdir(root))

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return torch.tensor(parse_boxes(self.paths[i]), dtype=torch.float32)


if __name__ == "__main__":
    write_annotations("Annotations", 24)
    if V == 0:
        with open("Annotations/00007.xml", "w") as f:
            f.write(GOOD.format(name="00007", label="dog").replace("</ymax>", "</ymin>"))
        counts = [len(parse_boxes(os.path.join("Annotations", p))) for p in sorted(os.listdir("Annotations"))]
        print(sum(counts), "boxes")
    elif V == 1:
        with open("Annotations/00013.xml", "w") as f:
            f.write(GOOD.format(name="00013", label=CLASSES[2]))
        for p in sorted(os.listdir("Annotations"))[10:16]:
            print(p, parse_boxes(os.path.join("Annotations", p)))
    else:
        open("Annotations/00019.xml", "w").close()
        loader = DataLoader(VocBoxes("Annotations"), batch_size=4, num_workers=2, collate_fn=list)
        for step, batch in enumerate(loader):
            print(f"step {step}: {sum(len(b) for b in batch)} boxes", flush=True)
