"""AttributeError: Can't get attribute 'FeatureSpec' on <module '__main__'>: an object whose class or function was defined in the training script itself (so pickled as __main__.X) is loaded by another script (a scorer, an API) that has no such name in its __main__."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import pickle
import subprocess
import sys

import joblib

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

TRAIN_SCRIPTS = {
    0: (
        "import pickle\n"
        "class FeatureSpec:\n"
        "    def __init__(self, cols, fill):\n"
        "        self.cols, self.fill = cols, fill\n"
        "spec = FeatureSpec(['age', 'income', 'tenure'], {'income': 0.0})\n"
        "with open('feature_spec.pkl', 'wb') as f:\n"
        "    pickle.dump({'spec': spec, 'version': 3}, f)\n"
        "print('train: wrote feature_spec.pkl')\n"
    ),
    1: (
        "import joblib, numpy as np\n"
        "from sklearn.base import BaseEstimator, TransformerMixin\n"
        "from sklearn.pipeline import make_pipeline\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "class LogAmount(BaseEstimator, TransformerMixin):\n"
        "    def fit(self, X, y=None):\n"
        "        return self\n"
        "    def transform(self, X):\n"
        "        return np.log1p(np.clip(X, 0, None))\n"
        "X = np.abs(np.random.default_rng(0).normal(size=(40, 3))) * 100\n"
        "y = (X[:, 0] > 80).astype(int)\n"
        "joblib.dump(make_pipeline(LogAmount(), LogisticRegression()).fit(X, y), 'model.joblib')\n"
        "print('train: wrote model.joblib')\n"
    ),
    2: (
        "import pickle\n"
        "def normalize_text(s):\n"
        "    return ' '.join(s.lower().split())\n"
        "vocab = {'<unk>': 0, 'great': 1, 'broken': 2}\n"
        "with open('text_prep.pkl', 'wb') as f:\n"
        "    pickle.dump({'vocab': vocab, 'normalizer': normalize_text}, f)\n"
        "print('train: wrote text_prep.pkl')\n"
    ),
}
TRAIN_SCRIPTS[3] = TRAIN_SCRIPTS[0]

with open("train.py", "w") as f:
    f.write(TRAIN_SCRIPTS[V])
subprocess.run([sys.executable, "train.py"], check=True)

# ---- the scoring side: a different script, so its __main__ is this file
if V == 0:
    with open("feature_spec.pkl", "rb") as f:
        bundle = pickle.load(f)
    print(bundle["spec"].cols)
elif V == 1:
    def load_model(path="model.joblib"):
        print(f"score: loading {path}", flush=True)
        return joblib.load(path)

    model = load_model()
    print(model.predict([[120.0, 3.0, 50.0]]))
elif V == 2:
    with open("text_prep.pkl", "rb") as f:
        prep = pickle.load(f)
    print(prep["normalizer"]("  Great   Product "))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("api")

    class Predictor:
        def __init__(self, spec_path):
            log.info("loading feature spec from %s", spec_path)
            try:
                with open(spec_path, "rb") as f:
                    self.spec = pickle.load(f)["spec"]
            except AttributeError:
                log.exception("could not unpickle %s", spec_path)
                raise

    Predictor("feature_spec.pkl")
