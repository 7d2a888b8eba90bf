"""The plant historian's CSV export now writes each reading with its unit ("71.3 °C", "4.12 bar"); the anomaly job reads the export as plain numbers."""
EXPECT = ["historian-export-readings-with-unit-suffix"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

SENSORS = ["bearing_temp", "inlet_pressure", "flow_rate", "vibration_rms"]
UNITS = {"bearing_temp": "°C", "inlet_pressure": "bar", "flow_rate": "m3/h", "vibration_rms": "mm/s"}


def export_from_historian(path, n, seed):
    """What the historian's scheduled export writes since the upgrade."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"ts": pd.date_range("2024-05-01", periods=n, freq="min").astype(str)})
    for name, (lo, hi) in zip(SENSORS, [(55, 85), (3.5, 4.5), (110, 140), (1.0, 6.0)]):
        frame[name] = [f"{v:.2f} {UNITS[name]}" for v in rng.uniform(lo, hi, n)]
    frame.to_csv(path, index=False)


def load_readings(path):
    return pd.read_csv(path, parse_dates=["ts"])


def fit_detector(readings):
    from sklearn.ensemble import IsolationForest

    return IsolationForest(n_estimators=50, random_state=0).fit(readings[SENSORS])


def main():
    path = {0: "historian_pump_07.csv", 1: "export/line3_compressors.csv", 2: "historian_pump_07.csv", 3: "historian_boiler_02.csv"}[VARIANT]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    export_from_historian(path, {0: 1440, 1: 600, 2: 2000, 3: 720}[VARIANT], VARIANT)
    readings = load_readings(path)
    if VARIANT == 1:
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        from sklearn.svm import OneClassSVM

        print(f"{len(readings)} readings from {path}")
        make_pipeline(StandardScaler(), OneClassSVM(nu=0.01)).fit(readings[SENSORS[:2]])
    elif VARIANT == 3:
        import torch
        from torch.utils.data import DataLoader, Dataset

        class Windows(Dataset):
            def __init__(self, frame, size=60):
                self.frame, self.size = frame, size

            def __len__(self):
                return len(self.frame) // self.size

            def __getitem__(self, i):
                rows = self.frame[SENSORS].iloc[i * self.size : (i + 1) * self.size]
                return torch.from_numpy(np.asarray(rows.to_numpy(), dtype=np.float32))

        print(f"autoencoder: {len(readings) // 60} windows of 60 min")
        for batch in DataLoader(Windows(readings), batch_size=4, num_workers=1):
            print(batch.shape)
    else:
        fit_detector(readings)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s anomaly: %(message)s")
        logging.info("fitting detector on pump 07")
        try:
            main()
        except Exception:
            logging.exception("detector fit failed")
            sys.exit(1)
    else:
        main()
