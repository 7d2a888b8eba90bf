"""model.yaml still says n_features: 16; the feature list grew to 20 columns (four weather features) and the MLP is built from the yaml."""
EXPECT = ["demand-mlp-model-yaml-n-features-stale"]
VARIANTS = 4

import sys

import torch
import yaml
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])

FEATURES = [f"lag_{i}" for i in range(1, 15)] + ["dow", "holiday"] + ["temp_max", "temp_min", "rain_mm", "wind_kmh"]
MODEL_YAML = "model:\n  n_features: 16\n  hidden: {hidden}\n  horizon: {horizon}\n"


def build_model(cfg):
    m = cfg["model"]
    return nn.Sequential(nn.Linear(m["n_features"], m["hidden"]), nn.ReLU(), nn.Linear(m["hidden"], m["horizon"]))


def main():
    batch, hidden, horizon = {0: (8, 4, 4), 1: (32, 64, 7), 2: (16, 32, 1), 3: (64, 128, 14)}[VARIANT]
    with open("model.yaml", "w") as fh:
        fh.write(MODEL_YAML.format(hidden=hidden, horizon=horizon))
    with open("model.yaml") as fh:
        cfg = yaml.safe_load(fh)
    model = build_model(cfg)
    x = torch.randn(batch * 4, len(FEATURES))
    y = torch.randn(batch * 4, horizon)
    if VARIANT == 0:
        model(x[:batch])
    else:
        loader = DataLoader(TensorDataset(x, y), batch_size=batch, num_workers=2 if VARIANT == 2 else 0)
        opt = torch.optim.Adam(model.parameters())
        for epoch in range(2):
            if VARIANT == 3:
                print(f"epoch {epoch}: {len(loader)} batches of {batch}")
            for xb, yb in loader:
                loss = nn.functional.mse_loss(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()


if __name__ == "__main__":
    main()
