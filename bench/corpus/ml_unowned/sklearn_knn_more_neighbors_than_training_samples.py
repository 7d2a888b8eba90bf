"""Per-segment KNN models (per store, per user, per class) fitted on segments smaller than n_neighbors: Expected n_neighbors <= n_samples_fit, but n_neighbors = 10, n_samples_fit = 6."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsRegressor, NearestNeighbors

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
k = [10, 25, 5][variant]
sizes = {"store_A": 400, "store_B": 120, "store_C": [6, 18, 4][variant], "store_D": 90}
frames = [pd.DataFrame({"store": s, "temp": rng.normal(20, 5, n), "promo": rng.integers(0, 2, n),
                        "units": rng.poisson(30, n)}) for s, n in sizes.items()]
sales = pd.concat(frames, ignore_index=True)
sales.to_csv("sales.csv", index=False)

sales = pd.read_csv("sales.csv")
forecasts = {}
for store, part in sales.groupby("store"):
    X, y = part[["temp", "promo"]].to_numpy(), part["units"].to_numpy()
    if variant == 2:
        nn = NearestNeighbors(n_neighbors=k).fit(X)
        dist, _ = nn.kneighbors(X[:3])
        forecasts[store] = dist.mean()
    else:
        model = KNeighborsRegressor(n_neighbors=k, weights="distance").fit(X, y)
        forecasts[store] = model.predict(X[-7:]).sum()
    print(f"{store}: {len(part)} rows -> {forecasts[store]:.1f}")
