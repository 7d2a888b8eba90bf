"""A clustering step per group (per customer segment, per day) meets a group with fewer rows than n_clusters / n_components: n_samples=5 should be >= n_clusters=8."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.cluster import KMeans, MiniBatchKMeans
from sklearn.mixture import GaussianMixture

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(0)

sizes = {"retail": 400, "wholesale": 120, "online": 60, "b2b_pilot": 5}
if VARIANT == 2:
    sizes = {"2024-05-01": 300, "2024-05-02": 280, "2024-05-03": 3}
df = pd.concat(
    [pd.DataFrame({"group": g, "f1": rng.normal(size=n), "f2": rng.normal(size=n), "f3": rng.gamma(2, size=n)})
     for g, n in sizes.items()],
    ignore_index=True,
)

for group, part in df.groupby("group", sort=False):
    X = part[["f1", "f2", "f3"]].to_numpy()
    if VARIANT == 0:
        model = KMeans(n_clusters=8, n_init=3, random_state=0).fit(X)
        print(f"{group}: {len(X)} rows, inertia {model.inertia_:.1f}")
    elif VARIANT == 1:
        model = MiniBatchKMeans(n_clusters=6, batch_size=64, n_init=3, random_state=0).fit(X)
        print(f"{group}: {len(X)} rows, {len(set(model.labels_))} clusters")
    else:
        gmm = GaussianMixture(n_components=4, random_state=0).fit(X)
        print(f"{group}: {len(X)} rows, mean log-likelihood {gmm.score(X):.3f}")
