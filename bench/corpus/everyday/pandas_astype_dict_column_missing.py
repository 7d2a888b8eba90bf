"""DataFrame.astype given a dtype mapping (a schema dict from config) naming a column the frame does not have (dropped, renamed, other casing): KeyError: Only a column name can be used for the key in a dtype mappings argument."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import logging
import sys

import pandas as pd
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SCHEMA_YAML = """
dtypes:
  store_id: int32
  week: int16
  units_sold: float32
  promo_flag: bool
  markdown_pct: float32
"""

CSV = "store_id,week,units_sold,promo_flag\n31,22,130,1\n31,23,98,0\n45,22,75,0\n"


def load_schema():
    return yaml.safe_load(SCHEMA_YAML)["dtypes"]


def read_weekly_sales(text):
    frame = pd.read_csv(io.StringIO(text))
    return frame.astype(load_schema())


def normalise_columns(frame):
    return frame.rename(columns=str.lower)


def apply_serving_schema(frame):
    schema = {"StoreID": "int32", "Region": "category", "Revenue": "float64"}
    return frame.astype(schema)


if V == 0:
    print("reading weekly sales")
    print(read_weekly_sales(CSV).dtypes)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    raw = pd.DataFrame({"StoreID": ["0412", "0977"], "Region": ["north", "west"], "Revenue": ["1200.5", "980.0"]})
    frame = normalise_columns(raw)
    logging.getLogger("serving.prep").info("columns after cleaning: %s", list(frame.columns))
    frame = apply_serving_schema(frame)
else:
    frame = pd.DataFrame({"user_id": [1, 2, 3], "sessions_30d": ["4", "0", "12"], "avg_basket": ["31.2", "0", "55.9"]})
    frame = frame.drop(columns=["avg_basket"])
    for step in ("dedupe", "cast"):
        print(f"step {step}")
    frame = frame.astype({"user_id": "int64", "sessions_30d": "int32", "avg_basket": "float32"})
