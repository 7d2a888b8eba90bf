"""A LabelEncoder fitted on the training labels meets a label it never saw at serving / evaluation time: y contains previously unseen labels."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import pickle
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])
log = logging.getLogger("serve")
rng = np.random.default_rng(0)

if VARIANT == 1:
    train_labels = np.array([3, 5, 7, 3, 5, 7, 3, 5])   # product category ids
    new_labels = np.array([5, 3, 9])
else:
    train_labels = np.array(["desktop", "mobile", "desktop", "mobile", "mobile", "desktop"])
    new_labels = np.array(["mobile", "tablet", "desktop"])

enc = LabelEncoder().fit(train_labels)
X = rng.normal(size=(len(train_labels), 4))
clf = LogisticRegression().fit(X, enc.transform(train_labels))
with open("model.pkl", "wb") as f:
    pickle.dump({"encoder": enc, "clf": clf}, f)

bundle = pickle.load(open("model.pkl", "rb"))
if VARIANT == 0:
    print("classes:", list(bundle["encoder"].classes_))
    y_new = bundle["encoder"].transform(new_labels)
    print("accuracy", bundle["clf"].score(rng.normal(size=(3, 4)), y_new))
elif VARIANT == 1:
    y_eval = bundle["encoder"].transform(new_labels)
    print(y_eval)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        for device in new_labels:
            code = bundle["encoder"].transform([device])[0]
            log.info("device %s -> %d", device, code)
    except Exception:
        log.exception("request failed")
        sys.exit(1)
