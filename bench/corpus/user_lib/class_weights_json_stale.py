"""class_weights.json was computed when the defect taxonomy had 10 classes; two classes were added since and the loss is built from the stale file."""
EXPECT = ["defect-class-weights-json-stale-after-taxonomy-grew"]
VARIANTS = 4

import json
import logging
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])
N_CLASSES = {0: 12, 1: 12, 2: 14, 3: 12}[VARIANT]


def write_weights():
    # written by scripts/class_weights.py when the taxonomy had 10 classes
    with open("class_weights.json", "w") as fh:
        json.dump({"weights": [round(1.0 + 0.1 * i, 2) for i in range(10)]}, fh)


def build_criterion():
    with open("class_weights.json") as fh:
        weights = torch.tensor(json.load(fh)["weights"])
    return nn.CrossEntropyLoss(weight=weights)


def main():
    write_weights()
    criterion = build_criterion()
    model = nn.Linear(16, N_CLASSES)
    x = torch.randn(64, 16)
    y = torch.randint(0, N_CLASSES, (64,))
    if VARIANT == 0:
        criterion(model(x), y)
    else:
        loader = DataLoader(TensorDataset(x, y), batch_size=16, num_workers=2 if VARIANT == 1 else 0)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for step, (xb, yb) in enumerate(loader):
            if VARIANT == 3:
                print(f"step {step}")
            loss = criterion(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s defects: %(message)s")
        logging.info("taxonomy v3: %d classes", N_CLASSES)
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
