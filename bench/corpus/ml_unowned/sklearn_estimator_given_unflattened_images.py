"""Image arrays of shape (N, H, W) or (N, H, W, C) passed straight to a scikit-learn estimator, PCA or scaler without reshaping to (N, features): ValueError: Found array with dim 3, while dim <= 2 is required by ..."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
from sklearn.cluster import KMeans
from sklearn.decomposition import PCA
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
log = logging.getLogger("baseline")


def load_patches(n, size, channels=None):
    shape = (n, size, size) if channels is None else (n, size, size, channels)
    images = rng.integers(0, 256, shape).astype(np.float32) / 255.0
    labels = rng.integers(0, 4, n)
    return images, labels


def fit_baseline(images, labels):
    log.info("fitting baseline on %s", images.shape)
    pipe = make_pipeline(StandardScaler(), SVC(C=1.0))
    return pipe.fit(images, labels)


def cluster_embeddings(images, k=5):
    reduced = PCA(n_components=16).fit_transform(images)
    return KMeans(n_clusters=k, n_init=3, random_state=0).fit_predict(reduced)


if variant == 0:
    X, y = load_patches(200, 8)
    clf = LogisticRegression(max_iter=300).fit(X, y)
elif variant == 1:
    X, _ = load_patches(150, 28)
    print("cluster sizes", np.bincount(cluster_embeddings(X)))
else:
    X, y = load_patches(120, 32, channels=3)
    log.info("loaded %d RGB patches", len(X))
    model = fit_baseline(X[:100], y[:100])
    log.info("val accuracy %.3f", model.score(X[100:], y[100:]))
