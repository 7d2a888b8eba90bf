"""The line dashboard pivots the historian's readings to one row per minute and one column per sensor, rounding timestamps down to the minute; the spindle sensors report every 30 s, so their minutes hold two readings."""
# beside: attribute-labels-vendor-qa-overlap-double-annotated-images
# why: the duplicate (minute, sensor) pairs come from sensors sampling faster than the minute grid in the user's pivot, not from labels annotated twice; the fix is to resample/aggregate before pivoting.
EXPECT = []
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def main():
    rng = np.random.default_rng(VARIANT)
    rows = []
    start = pd.Timestamp("2024-06-03 06:00")
    for sensor, every in {0: [("temp_1", 60), ("vib_2", 60), ("spindle_rpm", 30)], 1: [("pressure_a", 60), ("flow_b", 20)],
                          2: [("temp_1", 60), ("spindle_load", 30)]}[VARIANT]:
        for k in range(0, 3600, every):
            rows.append({"ts": start + pd.Timedelta(seconds=k + int(rng.integers(0, 3))), "sensor": sensor,
                         "value": float(rng.normal(50, 5))})
    readings = pd.DataFrame(rows)
    readings["minute"] = readings["ts"].dt.floor("min")
    if VARIANT == 2:
        print(f"{len(readings)} readings from {readings.sensor.nunique()} sensors")
    wide = readings.pivot(index="minute", columns="sensor", values="value")
    print(wide.tail())


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s line-dashboard: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("refresh failed")
            sys.exit(1)
    else:
        main()
