"""Customer/store segmentation code that calls .predict on DBSCAN or AgglomerativeClustering (fit-only clusterers) to assign new rows: AttributeError: 'DBSCAN' object has no attribute 'predict'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
from sklearn.cluster import DBSCAN, AgglomerativeClustering
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(9)


def store_profiles(n):
    centers = np.array([[200.0, 3.1], [850.0, 7.4], [400.0, 12.0]])
    return np.vstack([c + rng.normal(0, [40.0, 0.8], (n // 3, 2)) for c in centers])


def segment_new_stores(history, new_stores):
    clusterer = DBSCAN(eps=0.5, min_samples=4).fit(StandardScaler().fit_transform(history))
    print("segments found:", sorted(set(clusterer.labels_)))
    return clusterer.predict(StandardScaler().fit(history).transform(new_stores))


def build_segmenter(n_segments):
    return AgglomerativeClustering(n_clusters=n_segments, linkage="ward")


def assign_weekly_customers(week, segmenter, log):
    feats = rng.normal(0, 1, (50, 4))
    log.info("week %s: assigning %d customers", week, len(feats))
    return segmenter.predict(feats)


def anomaly_pipeline(readings):
    pipe = make_pipeline(StandardScaler(), DBSCAN(eps=0.8, min_samples=5))
    pipe.fit(readings)
    return pipe


if V == 0:
    print(segment_new_stores(store_profiles(90), store_profiles(9)))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("crm.segments")
    seg = build_segmenter(4).fit(rng.normal(0, 1, (300, 4)))
    log.info("segmenter fitted: %d leaves", seg.n_leaves_)
    for week in ["2024-W48", "2024-W49"]:
        print(np.bincount(assign_weekly_customers(week, seg, log)))
else:
    pipe = anomaly_pipeline(rng.normal(0, 1, (500, 3)))
    for batch in range(3):
        print(f"batch {batch}: checking 20 vibration readings", flush=True)
        print((pipe.predict(rng.normal(0, 1, (20, 3))) == -1).sum())
