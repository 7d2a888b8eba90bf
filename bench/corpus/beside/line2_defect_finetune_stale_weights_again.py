"""A teammate fine-tunes the defect classifier for line 2 on the current taxonomy, with the loss built from class_weights.json as written before the taxonomy grew."""
# beside: defect-class-weights-json-stale-after-taxonomy-grew
# why: class_weights.json still holds the 10 weights computed by scripts/class_weights.py before classes were added to the taxonomy, the entry's cause and fix.
EXPECT = ["defect-class-weights-json-stale-after-taxonomy-grew"]
VARIANTS = 2

import json
import logging
import sys

import torch
import yaml
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])


def write_files():
    classes = ["scratch", "dent", "crack", "stain", "burr", "chip", "pit", "warp", "seam", "bubble", "porosity", "inclusion", "delamination"]
    with open("taxonomy.yaml", "w") as fh:
        yaml.safe_dump({"version": 4, "classes": classes}, fh)
    with open("class_weights.json", "w") as fh:  # from scripts/class_weights.py, taxonomy v2
        json.dump({"taxonomy_version": 2, "weights": [0.8, 1.0, 1.2, 0.9, 1.5, 1.1, 2.0, 1.3, 0.7, 1.9]}, fh)


def build_criterion():
    with open("class_weights.json") as fh:
        return nn.CrossEntropyLoss(weight=torch.tensor(json.load(fh)["weights"]))


def finetune(model, loader, criterion, epochs):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for xb, yb in loader:
            loss = criterion(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        logging.info("epoch %d loss %.3f", epoch, loss.item())


def main():
    write_files()
    with open("taxonomy.yaml") as fh:
        n_classes = len(yaml.safe_load(fh)["classes"])
    logging.info("line 2 fine-tune, taxonomy v4 (%d classes)", n_classes)
    model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, n_classes))
    x, y = torch.randn(96, 32), torch.randint(0, n_classes, (96,))
    loader = DataLoader(TensorDataset(x, y), batch_size=32, shuffle=True)
    finetune(model, loader, build_criterion(), epochs={0: 3, 1: 5}[VARIANT])


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s line2: %(message)s")
    main()
