"""TypeError: got an unexpected keyword argument 'squared' (or 'sparse', 'base_estimator', 'multi_class', 'n_iter'): a training or evaluation script written for an older scikit-learn passes arguments that newer releases removed."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import BaggingRegressor
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.manifold import TSNE
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeRegressor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)
n = 200
X = rng.normal(size=(n, 5))
y = X @ rng.normal(size=5) + rng.normal(scale=0.3, size=n)
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.25, random_state=0)

if V == 0:
    model = Ridge(alpha=1.0).fit(X_tr, y_tr)
    rmse = mean_squared_error(y_te, model.predict(X_te), squared=False)
    print(f"test RMSE {rmse:.4f}")
elif V == 1:
    df = pd.DataFrame({"plan": rng.choice(["basic", "pro"], n), "country": rng.choice(["de", "fr"], n)})

    def encode(frame):
        enc = OneHotEncoder(sparse=False, handle_unknown="ignore")
        return enc.fit_transform(frame)

    print(f"encoding {df.shape[1]} categorical columns", flush=True)
    print(encode(df).shape)
elif V == 2:
    bag = BaggingRegressor(base_estimator=DecisionTreeRegressor(max_depth=4), n_estimators=10)
    bag.fit(X_tr, y_tr)
    print(bag.score(X_te, y_te))
elif V == 3:
    labels = (y > np.median(y)).astype(int) + (y > np.quantile(y, 0.8)).astype(int)
    clf = LogisticRegression(multi_class="multinomial", solver="lbfgs", max_iter=500)
    print(clf.fit(X, labels).score(X, labels))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("embed-viz")
    emb = rng.normal(size=(60, 16))
    log.info("projecting %d embeddings", len(emb))
    try:
        xy = TSNE(n_components=2, perplexity=10, n_iter=500, random_state=0).fit_transform(emb)
    except TypeError:
        log.exception("t-SNE failed")
        raise
    log.info("projection %s", xy.shape)
