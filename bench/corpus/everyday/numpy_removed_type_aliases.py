"""AttributeError: module 'numpy' has no attribute 'float' (or `np.NaN` was removed in the NumPy 2.0 release): older feature code uses aliases numpy removed (np.float, np.int, np.object, np.NaN, np.float_, np.product, np.trapz)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
df = pd.DataFrame({"age": ["34", "51", "", "27"], "income": [52000, 61000, None, 38000],
                   "city": ["Oslo", "Bergen", "Oslo", None]})

if V == 0:
    def to_features(frame):
        out = frame[["income"]].fillna(0).astype(np.float)
        return out.to_numpy()

    print(to_features(df))
elif V == 1:
    ids = np.zeros(len(df), dtype=np.int)
    print(ids)
elif V == 2:
    print(f"{len(df)} rows loaded", flush=True)
    df["age"] = df["age"].replace("", np.NaN).astype(float)
    print(df.dtypes)
elif V == 3:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("eval")
    recall = np.array([0.0, 0.4, 0.7, 0.9, 1.0])
    precision = np.array([1.0, 0.95, 0.8, 0.6, 0.4])
    log.info("computing PR AUC over %d points", len(recall))
    try:
        auc = np.trapz(precision, recall)
    except AttributeError:
        log.exception("PR AUC failed")
        raise
    log.info("PR AUC %.3f", auc)
else:
    class Scaler:
        def fit(self, x):
            self.mean_ = x.mean(0).astype(np.float_)
            self.n_ = np.product(x.shape)
            return self

    print(Scaler().fit(np.ones((8, 3))).mean_)
