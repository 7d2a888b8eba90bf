EXPECT = []
VARIANTS = 3

# Class weights for the loss are computed with sklearn's helper; the config names the scheme in
# its own words ("inverse", "inverse_frequency", "balance") instead of sklearn's "balanced".
import sys

import numpy as np
import torch
import torch.nn as nn
import yaml
from sklearn.utils.class_weight import compute_class_weight

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

LOSS_YAML = [
    "loss:\n  name: cross_entropy\n  class_weight: inverse\n",
    "loss:\n  name: cross_entropy\n  class_weight: inverse_frequency\n  label_smoothing: 0.05\n",
    "loss:\n  name: cross_entropy\n  class_weight: balance\n",
][V]


def class_weights(labels, scheme):
    classes = np.unique(labels)
    w = compute_class_weight(class_weight=scheme, classes=classes, y=labels)
    return torch.tensor(w, dtype=torch.float32)


def build_loss(cfg, labels):
    return nn.CrossEntropyLoss(weight=class_weights(labels, cfg["class_weight"]),
                               label_smoothing=cfg.get("label_smoothing", 0.0))


def main():
    with open("loss.yaml", "w") as f:
        f.write(LOSS_YAML)
    cfg = yaml.safe_load(open("loss.yaml"))["loss"]
    labels = np.random.default_rng(0).choice(4, size=1200, p=[0.7, 0.2, 0.07, 0.03])
    print("label histogram:", np.bincount(labels).tolist())
    criterion = build_loss(cfg, labels)
    print(criterion.weight)


if __name__ == "__main__":
    main()
