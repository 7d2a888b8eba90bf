EXPECT = []
VARIANTS = 3

# A model builder reads the dropout rate from a JSON config that a teammate filled in percent
# ("dropout": 50 meaning 0.5); the layers receive the number as it is.
import json
import logging
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONFIGS = [
    {"in_features": 40, "hidden": [128, 64], "num_classes": 6, "dropout": 50},
    {"d_model": 64, "nhead": 4, "layers": 2, "num_classes": 4, "dropout": 10},
    {"in_channels": 3, "channels": [16, 32], "num_classes": 10, "dropout": 25},
][V]


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        layers, d = [], cfg["in_features"]
        for h in cfg["hidden"]:
            layers += [nn.Linear(d, h), nn.ReLU(), nn.Dropout(cfg["dropout"])]
            d = h
        layers.append(nn.Linear(d, cfg["num_classes"]))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


class SeqEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        layer = nn.TransformerEncoderLayer(cfg["d_model"], cfg["nhead"], dim_feedforward=128,
                                           dropout=cfg["dropout"], batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, cfg["layers"])
        self.head = nn.Linear(cfg["d_model"], cfg["num_classes"])

    def forward(self, x):
        return self.head(self.encoder(x).mean(1))


class SmallCNN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c1, c2 = cfg["channels"]
        self.conv1 = nn.Conv2d(cfg["in_channels"], c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.fc = nn.Linear(c2, cfg["num_classes"])
        self.p = cfg["dropout"]

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.dropout2d(F.relu(self.conv2(x)), p=self.p, training=self.training)
        return self.fc(x.mean((2, 3)))


def build_model(path):
    cfg = json.load(open(path))
    return [MLP, SeqEncoder, SmallCNN][V](cfg)


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("train")
    with open("model_config.json", "w") as f:
        json.dump(CONFIGS, f)
    log.info("building model from model_config.json")
    model = build_model("model_config.json")
    log.info("model has %d parameters", sum(p.numel() for p in model.parameters()))
    model.train()
    x = torch.randn(8, 3, 16, 16)
    out = model(x)
    print(out.shape)


if __name__ == "__main__":
    main()
