"""The defect trainer is launched from models/paint_defects/ for a quick test and its relative class_weights.json path picks up the paint model's 10-class file."""
# beside: defect-class-weights-json-stale-after-taxonomy-grew
# why: the 10 weights belong to another model's class_weights.json found through the working directory; the defect classifier's own file is current (12 weights).
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


def write_repo():
    """models/surface_defects has the 12-class taxonomy; models/paint_defects is another 10-class model."""
    for name, n in (("surface_defects", 12), ("paint_defects", 10)):
        os.makedirs(f"models/{name}", exist_ok=True)
        with open(f"models/{name}/class_weights.json", "w") as fh:
            json.dump({"weights": [round(1.0 + 0.05 * i, 2) for i in range(n)]}, fh)


def build_criterion(path="class_weights.json"):
    with open(path) as fh:
        weights = torch.tensor(json.load(fh)["weights"])
    return nn.CrossEntropyLoss(weight=weights)


def main():
    write_repo()
    os.chdir("models/paint_defects")  # the shell was still in the paint model's folder
    n_classes = 12
    criterion = build_criterion()
    model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 16 * 16, n_classes))
    x = torch.randn(32, 3, 16, 16)
    y = torch.randint(0, n_classes, (32,))
    if VARIANT == 1:
        print(f"cwd {os.getcwd()}")
        print("surface_defects: 12 classes, smoke test 1 batch")
    loss = criterion(model(x), y)
    loss.backward()


if __name__ == "__main__":
    main()
