"""Training adds is_weekend and is_holiday in add_calendar_flags; the serving path builds features without that step."""
EXPECT = ["serving-features-skip-calendar-flags"]
VARIANTS = 3

import logging
import sys

import numpy as np
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import Ridge

VARIANT = int(sys.argv[1])
N_BASE = {0: 12, 1: 8, 2: 20}[VARIANT]


def base_features(n, seed):
    return np.random.default_rng(seed).normal(size=(n, N_BASE))


def add_calendar_flags(x, seed):
    rng = np.random.default_rng(seed)
    return np.hstack([x, rng.integers(0, 2, (len(x), 2))])


def train():
    x = add_calendar_flags(base_features(500, 0), 0)
    y = x[:, 0] * 2 + np.random.default_rng(1).normal(size=500)
    scaler = StandardScaler().fit(x)
    return scaler, make_pipeline(StandardScaler(), Ridge()).fit(x, y)


def serve(scaler, model, request_rows):
    x = base_features(request_rows, 7)
    if VARIANT == 1:
        return model.predict(x)
    return scaler.transform(x)


def main():
    scaler, model = train()
    serve(scaler, model, {0: 1, 1: 16, 2: 4}[VARIANT])


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("serving")
        log.info("model loaded, 22 features")
        try:
            main()
        except Exception:
            log.exception("prediction failed")
            sys.exit(1)
    else:
        main()
