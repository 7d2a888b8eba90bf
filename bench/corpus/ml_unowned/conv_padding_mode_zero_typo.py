EXPECT = []
VARIANTS = 3

# A UNet-ish block builder takes padding_mode from the config; the config says "zero" / "reflection"
# / "same" (names from other frameworks) instead of torch's "zeros" / "reflect".
import sys

import torch
import torch.nn as nn
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

MODEL_YAML = [
    "encoder:\n  channels: [3, 16, 32]\n  kernel: 3\n  padding: 1\n  padding_mode: zero\n",
    "encoder:\n  channels: [1, 8, 16, 32]\n  kernel: 3\n  padding: 1\n  padding_mode: reflection\n",
    "encoder:\n  channels: [3, 32]\n  kernel: 5\n  padding: 2\n  padding_mode: same\n",
][V]


def conv_block(cin, cout, cfg):
    return nn.Sequential(
        nn.Conv2d(cin, cout, cfg["kernel"], padding=cfg["padding"], padding_mode=cfg["padding_mode"]),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class Encoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch = cfg["channels"]
        self.blocks = nn.ModuleList(conv_block(a, b, cfg) for a, b in zip(ch[:-1], ch[1:]))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def main():
    with open("model.yaml", "w") as f:
        f.write(MODEL_YAML)
    cfg = yaml.safe_load(open("model.yaml"))["encoder"]
    print("building encoder", cfg["channels"])
    enc = Encoder(cfg)
    print(enc(torch.randn(2, cfg["channels"][0], 64, 64)).shape)


if __name__ == "__main__":
    main()
