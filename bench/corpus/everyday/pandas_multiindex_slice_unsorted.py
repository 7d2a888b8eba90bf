"""pandas.errors.UnsortedIndexError: 'MultiIndex slicing requires the index to be lexsorted': a (store, date) or (user, session) MultiIndex built from rows in arrival order, then sliced with .loc / IndexSlice without sort_index()."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)
days = pd.date_range("2024-03-01", periods=10, freq="D")
rows = [(s, d, int(rng.integers(0, 50))) for d in days for s in ("S3", "S1", "S2")]
sales = pd.DataFrame(rows, columns=["store", "date", "units"]).sample(frac=1.0, random_state=V)
sales.to_csv("sales.csv", index=False)

if V == 0:
    df = pd.read_csv("sales.csv", parse_dates=["date"]).set_index(["store", "date"])
    week = df.loc[("S1", slice("2024-03-01", "2024-03-07")), "units"]
    print(week.sum())
elif V == 1:
    idx = pd.IndexSlice
    df = sales.set_index(["store", "date"])
    print(f"{len(df)} rows", flush=True)
    print(df.loc[idx["S1":"S2", "2024-03-03":"2024-03-05"], :])
elif V == 2:
    def window(df, store, start, end):
        return df.loc[(store, slice(start, end)), :]

    a = sales[sales.date < "2024-03-06"].set_index(["store", "date"]).sort_index()
    b = sales[sales.date >= "2024-03-06"].set_index(["store", "date"]).sort_index()
    both = pd.concat([b, a])                     # each part sorted, the concat is not
    print(window(both, "S2", "2024-03-04", "2024-03-08"))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("lags")
    df = sales.set_index(["store", "date"])
    for store in ("S1", "S3"):
        log.info("lag features for %s", store)
        try:
            hist = df.loc[store:store]
        except Exception:
            log.exception("slice failed for %s", store)
            raise
        log.info("%d days", len(hist))
