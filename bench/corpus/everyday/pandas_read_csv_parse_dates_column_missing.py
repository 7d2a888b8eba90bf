"""read_csv(parse_dates=[...]) naming a column the file does not have under that name (export renamed it, usecols left it out, or its case differs): ValueError: Missing column provided to 'parse_dates': 'order_date'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def write_orders_export(path):
    with open(path, "w") as f:
        f.write("order_id,customer_id,order_ts,total_eur\n")
        for i in range(6):
            f.write(f"{5000 + i},{300 + i % 3},2024-09-0{i + 1} 10:15:00,{19.9 + i:.2f}\n")


def load_orders(path):
    return pd.read_csv(path, parse_dates=["order_date"])


def write_shipments(path):
    with open(path, "w") as f:
        f.write("shipment_id,carrier,shipped_at,delivered_at,weight_kg\n")
        f.write("SH1,dhl,2024-09-02,2024-09-04,1.2\nSH2,ups,2024-09-03,2024-09-07,0.4\n")


def delivery_days(path):
    cols = ["shipment_id", "carrier", "delivered_at"]
    frame = pd.read_csv(path, usecols=cols, parse_dates=["shipped_at", "delivered_at"])
    return (frame.delivered_at - frame.shipped_at).dt.days


def write_daily_sensor_files(folder):
    os.makedirs(folder, exist_ok=True)
    for day in range(1, 4):
        header = "date,line,temp_c\n" if day < 3 else "Date,Line,Temp_C\n"
        with open(os.path.join(folder, f"line_temps_2024-08-0{day}.csv"), "w") as f:
            f.write(header + f"2024-08-0{day},L1,71.{day}\n2024-08-0{day},L2,69.{day}\n")


def load_all_daily(folder):
    parts = []
    for name in sorted(os.listdir(folder)):
        parts.append(pd.read_csv(os.path.join(folder, name), parse_dates=["date"]))
        print(f"loaded {name}: {len(parts[-1])} rows", flush=True)
    return pd.concat(parts)


if V == 0:
    write_orders_export("orders_export.csv")
    print(load_orders("orders_export.csv").dtypes)
elif V == 1:
    write_shipments("shipments.csv")
    print(delivery_days("shipments.csv").describe())
else:
    write_daily_sensor_files("line_temps")
    print(load_all_daily("line_temps").groupby("line").temp_c.mean())
