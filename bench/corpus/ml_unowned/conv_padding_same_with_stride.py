"""Downsampling conv layers written with padding='same' and stride > 1 (Conv2d block, Conv1d audio front end, functional conv2d): padding='same' is not supported for strided convolutions."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
import torch.nn.functional as F
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


def conv_block(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride=stride, padding="same"), nn.BatchNorm2d(cout), nn.ReLU())


class SmallEncoder(nn.Module):
    def __init__(self, widths=(16, 32, 64)):
        super().__init__()
        layers, cin = [], 3
        for i, w in enumerate(widths):
            layers.append(conv_block(cin, w, stride=1 if i == 0 else 2))
            cin = w
        self.body = nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x).mean((2, 3))


class AudioFrontEnd(nn.Module):
    def __init__(self, n_filters=40, hop=160):
        super().__init__()
        self.conv = nn.Conv1d(1, n_filters, kernel_size=400, stride=hop, padding="same")

    def forward(self, wav):
        return self.conv(wav.unsqueeze(1)).abs().log1p()


class AntiAliasDown(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels, 1, 3, 3) * 0.1)
        self.channels = channels

    def forward(self, x):
        return F.conv2d(x, self.weight, stride=2, padding="same", groups=self.channels)


if variant == 0:
    print("building encoder", flush=True)
    enc = SmallEncoder()
    print(enc(torch.randn(2, 3, 64, 64)).shape)
elif variant == 1:
    fe = AudioFrontEnd()
    print(fe(torch.randn(4, 16000)).shape)
else:
    down = AntiAliasDown(8)
    x = torch.randn(2, 8, 32, 32)
    print("input", tuple(x.shape))
    print(down(x).shape)
