"""pd.merge_asof on order/price/sensor tables not sorted by the `on` key (CSV in arrival order, sorted by store then time, or two files concatenated): ValueError: left keys must be sorted / right keys must be sorted."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(7)


def write_orders_csv(path):
    ts = pd.Timestamp("2024-05-01 08:00") + pd.to_timedelta(rng.integers(0, 600, 40), unit="min")
    pd.DataFrame({"order_id": range(1000, 1040), "sku": rng.choice(["A-100", "B-220"], 40),
                  "ordered_at": ts.strftime("%Y-%m-%d %H:%M:%S"), "qty": rng.integers(1, 5, 40)}).to_csv(path, index=False)


def price_history():
    return pd.DataFrame({"effective_at": pd.date_range("2024-05-01 06:00", periods=6, freq="2h"),
                         "unit_price": [9.99, 9.49, 9.99, 10.49, 9.99, 8.99]})


def attach_price_at_order_time(orders_path):
    orders = pd.read_csv(orders_path, parse_dates=["ordered_at"])
    return pd.merge_asof(orders, price_history(), left_on="ordered_at", right_on="effective_at",
                         direction="backward")


def load_store_visits():
    frames = []
    for store in ["S01", "S02", "S03"]:
        t = pd.date_range("2024-06-03 09:00", periods=8, freq="47min")
        frames.append(pd.DataFrame({"store_id": store, "visit_ts": t, "basket": rng.integers(5, 80, 8)}))
    return pd.concat(frames, ignore_index=True).sort_values(["store_id", "visit_ts"])


def load_promos():
    return pd.DataFrame({"store_id": ["S01", "S02", "S03", "S01"],
                         "promo_start": pd.to_datetime(["2024-06-03 08:00", "2024-06-03 10:00",
                                                        "2024-06-03 11:30", "2024-06-03 13:00"]),
                         "promo_code": ["SUMMER5", "BBQ10", "BBQ10", "LUNCH3"]}).sort_values("promo_start")


def tag_visits_with_active_promo():
    visits = load_store_visits()
    print(f"loaded {len(visits)} visits from {visits.store_id.nunique()} stores", flush=True)
    promos = load_promos()
    print(f"loaded {len(promos)} promo windows", flush=True)
    return pd.merge_asof(visits, promos, left_on="visit_ts", right_on="promo_start", by="store_id")


def build_visit_features():
    tagged = tag_visits_with_active_promo()
    return tagged.groupby("promo_code", dropna=False)["basket"].mean()


def read_calibration_table():
    old = pd.DataFrame({"calibrated_at": pd.date_range("2024-03-01", periods=4, freq="7D"), "offset_c": [0.1, 0.2, 0.15, 0.3]})
    new = pd.DataFrame({"calibrated_at": pd.date_range("2024-02-01", periods=3, freq="7D"), "offset_c": [0.05, 0.0, 0.12]})
    return pd.concat([old, new], ignore_index=True)


def correct_readings(log):
    readings = pd.DataFrame({"read_at": pd.date_range("2024-03-02", periods=20, freq="17h"),
                             "temp_c": rng.normal(4.0, 0.4, 20).round(2)})
    calib = read_calibration_table()
    log.info("joining %d readings to %d calibration rows", len(readings), len(calib))
    joined = pd.merge_asof(readings, calib, left_on="read_at", right_on="calibrated_at")
    joined["temp_corrected"] = joined.temp_c - joined.offset_c
    return joined


if V == 0:
    write_orders_csv("orders_2024-05-01.csv")
    priced = attach_price_at_order_time("orders_2024-05-01.csv")
    print(priced.head())
elif V == 1:
    print(build_visit_features())
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("coldchain.features")
    log.info("starting calibration correction")
    out = correct_readings(log)
    log.info("wrote %d rows", len(out))
