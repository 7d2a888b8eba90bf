"""pandas.errors.MergeError: Not allowed to merge between different levels: per-entity stats built with groupby().agg({col: [list of funcs]}) have two-level column labels and are merged / joined back onto the flat feature frame without flattening them."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)
n = [60, 120, 40, 90][V]
sales = pd.DataFrame({
    "store_id": rng.integers(1, 6, n),
    "user_id": rng.integers(100, 120, n),
    "units": rng.integers(0, 9, n),
    "price": rng.uniform(1, 20, n).round(2),
})

if V == 0:
    stats = sales.groupby("store_id").agg({"units": ["mean", "std"], "price": ["median"]})
    feats = sales.merge(stats, left_on="store_id", right_index=True, how="left")
    print(feats.head())
elif V == 1:
    def user_features(df):
        agg = df.groupby("user_id").agg({"units": ["sum", "max"], "price": ["mean"]})
        print(f"{len(agg)} users aggregated", flush=True)
        return agg

    users = user_features(sales)
    print(sales.join(users, on="user_id").shape)
elif V == 2:
    store_stats = sales.groupby("store_id").agg({"units": ["mean", "count"]}).reset_index()
    stores = pd.DataFrame({"store_id": range(1, 6), "region": list("NNSSW")})
    print(stores.merge(store_stats, on="store_id"))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("features")

    class StoreFeatureBuilder:
        aggs = {"units": ["mean", "std", "max"], "price": ["mean"]}

        def fit(self, df):
            self.table_ = df.groupby("store_id").agg(self.aggs)
            log.info("store table: %d stores x %d stats", *self.table_.shape)
            return self

        def transform(self, df):
            return pd.merge(df, self.table_, how="left", left_on="store_id", right_index=True)

    b = StoreFeatureBuilder().fit(sales)
    try:
        out = b.transform(sales.tail(10))
    except Exception:
        log.exception("transform failed")
        raise
    log.info("features %s", out.shape)
