"""The segmentation class weights were computed over the mask values including 255-mapped void as an extra class; the head predicts only the real classes."""
# beside: defect-class-weights-json-stale-after-taxonomy-grew
# why: the weight vector has one entry too many (a void/background class the head does not predict); no class_weights.json is stale after a taxonomy change.
EXPECT = []
VARIANTS = 3

import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])
N_CLASSES = {0: 5, 1: 7, 2: 5}[VARIANT]


def mask_class_weights(masks, n_classes):
    """Median-frequency weights; void pixels (255) are counted as class n_classes."""
    flat = np.where(masks == 255, n_classes, masks).ravel()
    freq = np.bincount(flat, minlength=n_classes + 1).astype(np.float64)
    return torch.tensor(np.median(freq) / np.maximum(freq, 1), dtype=torch.float32)


def main():
    rng = np.random.default_rng(VARIANT)
    masks = rng.integers(0, N_CLASSES, (16, 32, 32))
    masks[:, :2, :] = 255
    weights = mask_class_weights(masks, N_CLASSES)
    criterion = nn.CrossEntropyLoss(weight=weights, ignore_index=255)
    head = nn.Conv2d(8, N_CLASSES, 1)

    def pixel_loss(logits, target):
        return criterion(logits.permute(0, 2, 3, 1).reshape(-1, logits.shape[1]), target.reshape(-1))

    feats = torch.randn(16, 8, 32, 32)
    target = torch.from_numpy(masks).long()
    if VARIANT == 2:
        for epoch in range(1, 3):
            print(f"epoch {epoch}")
            for i in range(0, 16, 4):
                pixel_loss(head(feats[i : i + 4]), target[i : i + 4]).backward()
    else:
        pixel_loss(head(feats), target).backward()


if __name__ == "__main__":
    main()
