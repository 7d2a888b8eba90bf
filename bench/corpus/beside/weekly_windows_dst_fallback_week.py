"""weekly_windows is run on the week of the end of summer time, with local timestamps: 27 October 2024 has 25 hours, four readings more than 7 x 96."""
# beside: meter-firmware-10min-interval-weekly-window-view
# why: the meters still log every 15 minutes; the extra four readings are the repeated hour of the DST change in a local-time week, not a 10-minute firmware interval.
EXPECT = []
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd
import torch

VARIANT = int(sys.argv[1])
READINGS_PER_DAY = 96


def weekly_windows(readings, n_days):
    values = torch.as_tensor(readings["kw"].to_numpy(), dtype=torch.float32)
    return values.view(n_days, READINGS_PER_DAY)


def local_week(meter, start, days):
    first = pd.Timestamp(start).tz_localize("Europe/Berlin")
    end = (pd.Timestamp(start) + pd.Timedelta(days=days)).tz_localize("Europe/Berlin")
    idx = pd.date_range(first, end, freq="15min", inclusive="left")
    return pd.DataFrame({"meter": meter, "ts": idx, "kw": np.random.default_rng(VARIANT).gamma(2.0, 3.0, len(idx))})


def main():
    days = {0: 7, 1: 14, 2: 7}[VARIANT]
    start = {0: "2024-10-21", 1: "2024-10-21", 2: "2024-10-24"}[VARIANT]
    readings = local_week({0: "L2-M01", 1: "L2-M04", 2: "L2-M01"}[VARIANT], start, days)
    if VARIANT == 2:
        logging.info("%d readings", len(readings))
    weekly_windows(readings, days)


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s load-forecast: %(message)s")
main()
