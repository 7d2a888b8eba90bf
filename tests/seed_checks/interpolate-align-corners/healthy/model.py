"""A small segmentation decoder that upsamples with bilinear interpolation."""

import torch.nn.functional as F
from torch import nn


class Decoder(nn.Module):
    def __init__(self, channels=16, classes=3):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.head = nn.Conv2d(channels, classes, 1)

    def forward(self, features, size):
        x = self.up(features)
        x = F.interpolate(
            self.head(x),
            size=(size[0], size[1]),
            mode="bilinear",
            align_corners=False,
        )
        return x
