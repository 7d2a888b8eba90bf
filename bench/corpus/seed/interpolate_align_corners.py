"""align_corners passed to a non-interpolating upsample mode (nearest/area) in a decoder or preprocessing step."""
EXPECT = ["interpolate-align-corners"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

v = int(sys.argv[1])


class Decoder(nn.Module):
    def __init__(self, mode):
        super().__init__()
        self.conv = nn.Conv2d(16, 4, 3, padding=1)
        self.up = nn.Upsample(scale_factor=2, mode=mode, align_corners=True)

    def forward(self, x):
        return self.up(self.conv(x))


if v == 0:
    print(Decoder("nearest")(torch.randn(2, 16, 32, 32)).shape)
elif v == 1:
    mask = torch.randint(0, 5, (1, 1, 64, 64)).float()
    mask = F.interpolate(mask, size=(256, 256), mode="nearest", align_corners=False)
else:
    feats = torch.randn(2, 8, 64, 64)
    print(F.interpolate(feats, scale_factor=0.5, mode="area", align_corners=True).shape)
