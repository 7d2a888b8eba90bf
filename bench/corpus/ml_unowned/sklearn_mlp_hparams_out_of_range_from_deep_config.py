EXPECT = []
VARIANTS = 3

# A tabular baseline reuses the deep model's hyper-parameter file: momentum written as 1.5 (a
# typo for 0.95), a batch_size of 0 meaning "full batch", a validation_fraction in percent.
import json
import sys

import numpy as np
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

HPARAMS = [
    {"hidden": [64, 32], "solver": "sgd", "momentum": 1.5, "learning_rate_init": 0.01, "batch_size": 32},
    {"hidden": [128], "solver": "adam", "batch_size": 0, "learning_rate_init": 0.001},
    {"hidden": [32, 16], "solver": "sgd", "momentum": 0.9, "early_stopping": True, "validation_fraction": 15},
][V]


def build(h):
    kw = {k: v for k, v in h.items() if k != "hidden"}
    return make_pipeline(StandardScaler(), MLPClassifier(hidden_layer_sizes=tuple(h["hidden"]), max_iter=50,
                                                         random_state=0, **kw))


def main():
    with open("hparams.json", "w") as f:
        json.dump(HPARAMS, f)
    h = json.load(open("hparams.json"))
    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 12))
    y = (X[:, :3].sum(1) > 0).astype(int)
    print(f"fitting MLP baseline with {h}")
    model = build(h).fit(X, y)
    print("train accuracy", model.score(X, y))


if __name__ == "__main__":
    main()
