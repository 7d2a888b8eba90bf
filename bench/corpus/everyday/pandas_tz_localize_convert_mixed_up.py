"""tz_localize called on timestamps that are already tz-aware (read with utc=True, or ISO strings with offsets), or tz_convert on naive ones: TypeError: Already tz-aware, use tz_convert to convert. / Cannot convert tz-naive timestamps, use tz_localize to localize."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def write_clicks_csv(path):
    rows = ["session_id,clicked_at,page"]
    for i in range(12):
        rows.append(f"s{i:04d},2024-10-27T0{i % 6}:1{i % 10}:00Z,/product/{100 + i}")
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")


def load_clicks(path):
    clicks = pd.read_csv(path)
    clicks["clicked_at"] = pd.to_datetime(clicks["clicked_at"], utc=True)
    return clicks


def add_local_hour(clicks):
    clicks["clicked_at"] = clicks["clicked_at"].dt.tz_localize("UTC").dt.tz_convert("Europe/Amsterdam")
    clicks["local_hour"] = clicks["clicked_at"].dt.hour
    return clicks


def meter_series():
    stamps = [f"2024-03-3{d}T{h:02d}:00:00+01:00" for d in (0, 1) for h in range(0, 24, 6)]
    idx = pd.DatetimeIndex(pd.to_datetime(stamps))
    return pd.Series(range(len(idx)), index=idx, name="kwh")


def hourly_profile(series, site_tz):
    series.index = series.index.tz_localize(site_tz)
    return series.groupby(series.index.hour).mean()


def build_site_profile(site_tz):
    return hourly_profile(meter_series(), site_tz)


def align_shift_logs(log):
    shifts = pd.DataFrame({"line": ["L1", "L2", "L3"],
                           "shift_start": pd.to_datetime(["2024-11-04 06:00", "2024-11-04 14:00", "2024-11-04 22:00"])})
    log.info("loaded %d shift rows from MES export", len(shifts))
    shifts["shift_start_utc"] = shifts["shift_start"].dt.tz_convert("UTC")
    return shifts


if V == 0:
    write_clicks_csv("clicks_2024-10-27.csv")
    print(add_local_hour(load_clicks("clicks_2024-10-27.csv")).head())
elif V == 1:
    print(build_site_profile("Europe/Berlin"))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(align_shift_logs(logging.getLogger("mes.shifts")))
