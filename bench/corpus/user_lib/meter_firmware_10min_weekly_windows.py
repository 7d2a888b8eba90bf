"""data/windows.py's weekly_windows views each meter's week of readings as [n_days, 96] quarter hours; the line-7 meters' firmware 4.2 update switched them to a 10-minute logging interval (144 readings a day)."""
EXPECT = ["meter-firmware-10min-interval-weekly-window-view"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
import torch

VARIANT = int(sys.argv[1])
READINGS_PER_DAY = 96  # 15-minute interval, data/windows.py
N_DAYS = {0: 7, 1: 14, 2: 7, 3: 7}[VARIANT]
METER = {0: "L7-M03", 1: "L7-M11", 2: "L7-M03", 3: "L7-M07"}[VARIANT]


def historian_export(meter, start, days):
    """Readings as the meter logs them since firmware 4.2: every 10 minutes."""
    index = pd.date_range(start, periods=days * 144, freq="10min")
    rng = np.random.default_rng(VARIANT)
    return pd.DataFrame({"meter": meter, "ts": index, "kw": rng.gamma(2.0, 3.0, len(index))})


def weekly_windows(readings, n_days):
    values = torch.as_tensor(readings["kw"].to_numpy(), dtype=torch.float32)
    return values.view(n_days, READINGS_PER_DAY)


class LoadDataset:
    def __init__(self, frame):
        self.frame = frame

    def window(self):
        return weekly_windows(self.frame, N_DAYS)


def main():
    readings = historian_export(METER, "2024-06-03", N_DAYS)
    if VARIANT == 3:
        print(f"{METER}: {len(readings)} readings from {readings.ts.min()} to {readings.ts.max()}")
        print("building weekly windows")
    if VARIANT == 1:
        x = LoadDataset(readings).window()
    else:
        x = weekly_windows(readings, N_DAYS)
    print(x.mean(dim=1))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s load-forecast: %(message)s")
        logging.info("windowing line-7 meters")
        try:
            main()
        except Exception:
            logging.exception("windowing failed")
            sys.exit(1)
    else:
        main()
