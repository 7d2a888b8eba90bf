"""Since the web channel launched, web sessions leave device_type empty, and the shared clean_frame step fills every missing value with 0, so the encoder gets 0 among the device names."""
EXPECT = ["clean-frame-fillna-zero-blank-device-type-encoder"]
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder

VARIANT = int(sys.argv[1])
CATEGORICAL = ["channel", "device_type"]
NUMERIC = ["pageviews", "add_to_cart", "session_s"]


def export_sessions(path, n, rng):
    """The sessions export: app sessions carry a device type, web sessions (new) do not."""
    channel = rng.choice(["app", "web"], n, p=[0.7, 0.3])
    device = np.where(channel == "app", rng.choice(["ios", "android", "ipados"], n), None)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    pd.DataFrame({
        "session_id": np.arange(n), "channel": channel, "device_type": device,
        "pageviews": rng.integers(1, 30, n), "add_to_cart": np.where(rng.random(n) < 0.1, np.nan, rng.integers(0, 4, n)),
        "session_s": rng.gamma(2.0, 120.0, n).round(1), "converted": rng.integers(0, 2, n),
    }).to_csv(path, index=False)


def clean_frame(df):
    """Shared cleaning step used by every model's training script."""
    return df.drop_duplicates("session_id").fillna(0)


def build_model():
    encoder = OneHotEncoder(handle_unknown="ignore") if VARIANT != 1 else OrdinalEncoder()
    pre = ColumnTransformer([("cat", encoder, CATEGORICAL), ("num", "passthrough", NUMERIC)])
    return Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=1000))])


def train(path):
    sessions = clean_frame(pd.read_csv(path))
    print(f"training on {len(sessions)} sessions")
    return build_model().fit(sessions[CATEGORICAL + NUMERIC], sessions["converted"])


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    path = {0: "exports/sessions_2024-06-03.csv", 1: "data/sessions.csv", 2: "exports/sessions_2024-06-10.csv"}[VARIANT]
    export_sessions(path, {0: 1000, 1: 4000, 2: 600}[VARIANT], rng)
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("conversion.train")
        try:
            train(path)
        except Exception:
            log.exception("conversion model training failed")
            sys.exit(1)
    else:
        train(path)
