"""ImportError: Unable to find a usable engine / Missing optional dependency 'pyarrow' when writing or reading parquet."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("export")


def build_features(n):
    rng = np.random.default_rng(0)
    return pd.DataFrame({"user_id": np.arange(n), "clicks": rng.integers(0, 50, n), "ctr": rng.random(n)})


def export_features(df, path):
    log.info("writing %d rows to %s", len(df), path)
    if V == 0:
        df.to_parquet(path)
    else:
        df.to_parquet(path, engine="pyarrow", index=False)


def load_features(path):
    log.info("reading %s", path)
    return pd.read_parquet(path)


if V == 2:
    build_features(50).to_csv("features.parquet", index=False)  # an older job wrote CSV under this name
    print(load_features("features.parquet").head())
else:
    export_features(build_features([200, 1000][V]), ["features.parquet", "daily_features.parquet"][V])
