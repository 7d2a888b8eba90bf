"""Inference script builds a fresh StandardScaler / pipeline and calls transform/predict without fitting it: NotFittedError."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import pickle
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
log = logging.getLogger("serve")

X, y = np.random.rand(100, 5), np.random.randint(0, 2, 100)
clf = LogisticRegression().fit(StandardScaler().fit_transform(X), y)
with open("model.pkl", "wb") as f:
    pickle.dump(clf, f)   # the fitted scaler was never saved


def predict(rows):
    with open("model.pkl", "rb") as f:
        model = pickle.load(f)
    scaler = StandardScaler()        # re-created instead of loaded
    return model.predict(scaler.transform(rows))


log.info("loaded model.pkl")
if variant == 0:
    print(predict(np.random.rand(3, 5)))
elif variant == 1:
    try:
        print(predict(np.random.rand(10, 5)))
    except Exception:
        log.exception("prediction failed")
        sys.exit(1)
else:
    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=200))
    print(pipe.predict_proba(np.random.rand(4, 5)))   # forgot pipe.fit(...)
