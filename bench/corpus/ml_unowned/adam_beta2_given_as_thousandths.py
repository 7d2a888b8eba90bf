EXPECT = []
VARIANTS = 3

# The optimizer section of the config spells betas the way the paper table does ("beta2: 999" for
# 0.999, "beta1: 9" for 0.9); the tuple is built from those numbers.
import sys

import torch
import torch.nn as nn
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

OPT_YAML = [
    "optimizer:\n  name: adam\n  lr: 3.0e-4\n  beta1: 0.9\n  beta2: 999\n  eps: 1.0e-8\n",
    "optimizer:\n  name: adamw\n  lr: 1.0e-3\n  beta1: 0.9\n  beta2: 98\n  weight_decay: 0.05\n",
    "optimizer:\n  name: adam\n  lr: 2.0e-4\n  beta1: 5\n  beta2: 0.999\n",
][V]


def make_optimizer(params, cfg):
    kind = {"adam": torch.optim.Adam, "adamw": torch.optim.AdamW}[cfg.pop("name")]
    betas = (cfg.pop("beta1"), cfg.pop("beta2"))
    return kind(params, betas=betas, **cfg)


class Trainer:
    def __init__(self, model, opt_cfg):
        self.model = model
        self.optimizer = make_optimizer(model.parameters(), dict(opt_cfg))

    def fit(self, x, y, steps=5):
        for step in range(steps):
            self.optimizer.zero_grad()
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            print(f"step {step} loss {loss.item():.4f}")


def main():
    with open("optim.yaml", "w") as f:
        f.write(OPT_YAML)
    cfg = yaml.safe_load(open("optim.yaml"))["optimizer"]
    print(f"optimizer config: {cfg}")
    model = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 1))
    trainer = Trainer(model, cfg)
    trainer.fit(torch.randn(32, 16), torch.randn(32, 1))


if __name__ == "__main__":
    main()
