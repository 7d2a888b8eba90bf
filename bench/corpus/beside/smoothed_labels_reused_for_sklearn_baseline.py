"""Labels are label-smoothed (y * 0.9 + 0.05) for the neural model, and the same smoothed array is reused to fit a scikit-learn baseline."""
# beside: fraud-labels-export-label-now-analyst-score
# why: the continuous targets come from the user's own label smoothing step, not from an upstream export replacing 0/1 labels with scores.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
from sklearn.ensemble import RandomForestClassifier

VARIANT = int(sys.argv[1])


def main():
    rng = np.random.default_rng(VARIANT)
    n = {0: 800, 1: 3000}[VARIANT]
    X = rng.normal(size=(n, 10))
    y = (X[:, 0] + rng.normal(0, 0.5, n) > 0).astype(np.float32)
    y = y * 0.9 + 0.05  # label smoothing for the MLP
    # ... MLP training elided ...
    baseline = RandomForestClassifier(n_estimators=50, random_state=0).fit(X, y)
    print(f"baseline accuracy {baseline.score(X, y):.3f}")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s baselines: %(message)s")
        logging.info("fitting baselines")
        try:
            main()
        except Exception:
            logging.exception("baseline failed")
            sys.exit(1)
    else:
        main()
