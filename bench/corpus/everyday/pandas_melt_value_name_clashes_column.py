"""DataFrame.melt to long format with value_name equal to a column the frame still has ('sales', the default 'value', 'units'): ValueError: value_name (sales) cannot match an element in the DataFrame columns."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(3)


def weekly_sales_wide():
    weeks = [f"2024-W{w:02d}" for w in range(14, 20)]
    wide = pd.DataFrame(rng.integers(40, 400, (5, len(weeks))), columns=weeks)
    wide.insert(0, "store_id", [f"ST{i:03d}" for i in range(5)])
    wide["sales"] = wide[weeks].sum(axis=1)
    return wide, weeks


def customer_snapshot():
    return pd.DataFrame({
        "customer_id": [101, 102, 103, 104],
        "value": [1250.0, 88.5, 430.0, 19.9],
        "orders_30d": [4, 1, 2, 0],
        "returns_30d": [0, 0, 1, 0],
        "tickets_30d": [1, 3, 0, 0],
    })


def to_long(frame, id_cols):
    return frame.melt(id_vars=id_cols, var_name="feature")


def build_long_feature_table():
    snap = customer_snapshot()
    long = to_long(snap, ["customer_id"])
    return long.pivot_table(index="feature", values="value", aggfunc="mean")


def kpi_frame():
    return pd.DataFrame({"region": ["north", "south", "east"], "units": [1200, 980, 1430],
                         "units_promo": [300, 120, 410], "units_online": [220, 310, 150]})


def stack_unit_channels(kpis):
    channel_cols = [c for c in kpis.columns if c.startswith("units_")]
    return kpis.melt(id_vars=["region"], value_vars=channel_cols, var_name="channel", value_name="units")


if V == 0:
    wide, weeks = weekly_sales_wide()
    long = wide.melt(id_vars=["store_id"], value_vars=weeks, var_name="iso_week", value_name="sales")
    print(long.head())
elif V == 1:
    print(build_long_feature_table())
else:
    for step in ["load kpis", "validate regions", "reshape channels"]:
        print(f"[kpi-report] {step} ...", flush=True)
    print(stack_unit_channels(kpi_frame()))
