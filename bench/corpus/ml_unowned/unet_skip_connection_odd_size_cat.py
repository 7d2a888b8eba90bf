"""U-Net style skip connection concatenated after downsampling an odd-sized input: Sizes of tensors must match except in dimension 1."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())


class TinyUNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.enc1, self.enc2 = conv_block(1, ch), conv_block(ch, 2 * ch)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.ConvTranspose2d(2 * ch, ch, 2, stride=2)
        self.dec = conv_block(2 * ch, ch)
        self.out = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        skip = self.enc1(x)
        h = self.up(self.enc2(self.pool(skip)))
        return self.out(self.dec(torch.cat([h, skip], dim=1)))


model = TinyUNet()
print("sanity check on 64x64:", tuple(model(torch.randn(2, 1, 64, 64)).shape), flush=True)
shape = [(2, 1, 101, 101), (4, 1, 64, 75), (1, 1, 255, 256)][variant]
print("segmenting scans of shape", shape, flush=True)
mask = model(torch.randn(*shape))
