"""Product-category taxonomy grew from 14 to 17 classes; fine-tuning starts from the old checkpoint whose classifier has 14 rows."""
EXPECT = ["category-classifier-old-checkpoint-fewer-classes"]
VARIANTS = 4

import json
import logging
import os
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


class CategoryClassifier(nn.Module):
    def __init__(self, num_classes, dim=128):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(300, dim), nn.ReLU(), nn.Linear(dim, dim), nn.ReLU())
        self.classifier = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.classifier(self.encoder(x))


def save_previous_release(path, num_classes, dim):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save(CategoryClassifier(num_classes, dim).state_dict(), path)


def load_taxonomy(path):
    with open(path) as fh:
        return json.load(fh)["categories"]


def build_model(taxonomy_path, init_from, dim):
    categories = load_taxonomy(taxonomy_path)
    model = CategoryClassifier(len(categories), dim)
    model.load_state_dict(torch.load(init_from, map_location="cpu"))
    return model


def main():
    old, new, dim, ckpt = {0: (14, 17, 128, "models/catclf_2024_03/model.pt"), 1: (17, 23, 256, "models/catclf_2024_06/model.pt"),
                          2: (14, 15, 64, "models/catclf_2024_03/model.pt"), 3: (23, 31, 128, "models/catclf_2024_09/model.pt")}[VARIANT]
    save_previous_release(ckpt, old, dim)
    with open("taxonomy.json", "w") as fh:
        json.dump({"categories": [f"cat_{i:03d}" for i in range(new)]}, fh)
    if VARIANT == 3:
        print(f"taxonomy.json: {new} categories")
        print(f"init weights: {ckpt}")
    model = build_model("taxonomy.json", ckpt, dim)
    print(model)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("catclf.finetune")
        log.info("fine-tuning from previous release")
        try:
            main()
        except Exception:
            log.exception("could not initialise model")
            sys.exit(1)
    else:
        main()
