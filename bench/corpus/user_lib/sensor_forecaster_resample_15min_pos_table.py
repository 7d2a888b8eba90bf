"""data.yaml's resample was changed from 30min to 15min, so a 24 h input window is now 96 steps; the forecaster's learned position table is still sized from model.yaml's max_len: 48."""
EXPECT = ["sensor-forecaster-15min-resample-stale-max-len"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
import torch
import yaml
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
WINDOW_H = {0: 24, 1: 12, 2: 24, 3: 24}[VARIANT]


def write_configs():
    with open("data.yaml", "w") as fh:
        fh.write(f"resample: 15min   # was 30min; ops wants quarter-hour forecasts\nwindow_hours: {WINDOW_H}\nhorizon_steps: 4\n")
    with open("model.yaml", "w") as fh:
        fh.write(f"d_model: 32\nn_heads: 4\nn_layers: 2\nmax_len: {WINDOW_H * 2}   # window_hours at 30min\n")


def load_series(resample):
    idx = pd.date_range("2024-05-01", periods=14 * 24 * 60, freq="min")
    rng = np.random.default_rng(VARIANT)
    raw = pd.DataFrame({"load_kw": 50 + 10 * np.sin(np.arange(len(idx)) / 240) + rng.normal(0, 1, len(idx)),
                        "temp_c": 18 + rng.normal(0, 2, len(idx))}, index=idx)
    return raw.resample(resample).mean()


class Windows(Dataset):
    def __init__(self, frame, steps, horizon):
        self.x = torch.tensor(frame.to_numpy(), dtype=torch.float32)
        self.steps, self.horizon = steps, horizon

    def __len__(self):
        return len(self.x) - self.steps - self.horizon

    def __getitem__(self, i):
        return self.x[i : i + self.steps], self.x[i + self.steps : i + self.steps + self.horizon, 0]


class Forecaster(nn.Module):
    def __init__(self, n_inputs, d_model, n_heads, n_layers, max_len, horizon):
        super().__init__()
        self.inp = nn.Linear(n_inputs, d_model)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        layer = nn.TransformerEncoderLayer(d_model, n_heads, 64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layers)
        self.head = nn.Linear(d_model, horizon)

    def forward(self, x):
        h = self.inp(x) + self.pos
        return self.head(self.encoder(h)[:, -1])


def main():
    torch.manual_seed(0)
    write_configs()
    data_cfg = yaml.safe_load(open("data.yaml"))
    model_cfg = yaml.safe_load(open("model.yaml"))
    series = load_series(data_cfg["resample"])
    steps = int(pd.Timedelta(hours=data_cfg["window_hours"]) / pd.Timedelta(data_cfg["resample"]))
    ds = Windows(series, steps, data_cfg["horizon_steps"])
    model = Forecaster(series.shape[1], model_cfg["d_model"], model_cfg["n_heads"], model_cfg["n_layers"],
                       model_cfg["max_len"], data_cfg["horizon_steps"])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loader = DataLoader(ds, batch_size={0: 32, 1: 64, 2: 32, 3: 16}[VARIANT], shuffle=True,
                        num_workers=2 if VARIANT == 1 else 0)
    if VARIANT == 3:
        print(f"{len(ds)} windows of {steps} steps")
        print("epoch 1/20")
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 50 == 0:
            print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s forecaster: %(message)s")
        logging.info("training load forecaster")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
