"""F.interpolate / nn.Upsample given both a target size and a scale_factor (a config default scale kept when a fixed output size was added): ValueError: only one of size or scale_factor should be defined."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
import torch.nn.functional as F
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(6)

DECODER_CFG = {"scale_factor": 2.0, "mode": "nearest"}


def upsample_to(x, size, cfg=DECODER_CFG):
    return F.interpolate(x, size=size, **cfg)


class MaskHead(nn.Module):
    def __init__(self, channels=16, n_classes=3):
        super().__init__()
        self.conv = nn.Conv2d(channels, n_classes, 1)

    def forward(self, feats, image_hw):
        return upsample_to(self.conv(feats), image_hw)


class SuperResBlock(nn.Module):
    def __init__(self, channels, out_hw=None, scale=2):
        super().__init__()
        self.up = nn.Upsample(size=out_hw, scale_factor=scale, mode="nearest")
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        return self.conv(self.up(x))


def resample_series(batch, target_len, log):
    log.info("resampling %d series from %d to %d steps", batch.shape[0], batch.shape[-1], target_len)
    return F.interpolate(batch, size=target_len, scale_factor=target_len / batch.shape[-1], mode="linear")


if V == 0:
    feats = torch.randn(2, 16, 32, 32)
    print(MaskHead()(feats, (128, 128)).shape)
elif V == 1:
    block = SuperResBlock(8, out_hw=(96, 96))
    for i in range(2):
        print(f"tile {i}", flush=True)
        print(block(torch.randn(1, 8, 48, 48)).shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(resample_series(torch.randn(4, 3, 90), 120, logging.getLogger("vibration.prep")).shape)
