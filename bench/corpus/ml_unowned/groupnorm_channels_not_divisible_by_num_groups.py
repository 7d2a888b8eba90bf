"""BatchNorm swapped for GroupNorm(32, C) (small-batch training) in a network whose widths are not all multiples of 32 (48-, 72-, 40-channel stages): ValueError: num_channels (48) must be divisible by num_groups (32)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import torch
from torch import nn

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("seg.model")
torch.manual_seed(0)


def norm_layer(kind, channels, groups=32):
    if kind == "bn":
        return nn.BatchNorm2d(channels)
    return nn.GroupNorm(groups, channels)


class ConvBlock(nn.Module):
    def __init__(self, cin, cout, norm):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.norm = norm_layer(norm, cout)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


def build_encoder(widths, norm):
    layers, cin = [], 3
    for i, w in enumerate(widths):
        log.info("stage %d: %d -> %d channels (%s)", i, cin, w, norm)
        layers += [ConvBlock(cin, w, norm), nn.MaxPool2d(2)]
        cin = w
    return nn.Sequential(*layers)


def swap_bn_for_gn(module, groups=32, prefix=""):
    """Replace every BatchNorm2d by GroupNorm: batch size 2 per GPU is too small for BN."""
    for name, child in module.named_children():
        full = f"{prefix}.{name}" if prefix else name
        if isinstance(child, nn.BatchNorm2d):
            setattr(module, name, nn.GroupNorm(groups, child.num_features))
            print(f"replaced {full}: BatchNorm2d({child.num_features}) -> GroupNorm({groups})", flush=True)
        else:
            swap_bn_for_gn(child, groups, full)


if V == 0:
    # a width multiplier of 0.75 applied to a 64/128/256 design
    cfg = {"base": [64, 128, 256, 512], "width_mult": 0.75, "norm": "gn"}
    widths = [int(w * cfg["width_mult"]) for w in cfg["base"]]
    log.info("building encoder with widths %s", widths)
    model = build_encoder(widths, cfg["norm"])
elif V == 1:
    model = build_encoder([32, 64, 72, 144], "bn")
    log.info("encoder built with BatchNorm, %d params", sum(p.numel() for p in model.parameters()))
    swap_bn_for_gn(model)
else:
    class MelEncoder(nn.Module):
        def __init__(self, n_mels=40, hidden=96):
            super().__init__()
            self.conv1 = nn.Conv1d(n_mels, hidden, 5, padding=2)
            self.gn1 = nn.GroupNorm(16, hidden)
            self.conv2 = nn.Conv1d(hidden, n_mels, 5, padding=2)
            self.gn2 = nn.GroupNorm(16, n_mels)

        def forward(self, x):
            return self.gn2(self.conv2(torch.relu(self.gn1(self.conv1(x)))))

    log.info("feature extractor: 40 log-mel bins, 16 groups")
    model = MelEncoder()

x = torch.randn(2, 3, 64, 64)
print(model(x).shape)
