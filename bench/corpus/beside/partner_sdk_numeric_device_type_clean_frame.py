"""Sessions from the partner app arrive through the partner SDK's JSON feed, which sends device_type as a numeric code (1 = ios, 2 = android) where our own apps send the name, and the conversion model one-hot encodes device_type."""
# beside: clean-frame-fillna-zero-blank-device-type-encoder
# why: device_type has no blanks and clean_frame fills nothing here; the upstream feed itself mixes numeric codes with names, so the fix is mapping the partner's codes to names at ingest, not narrowing a fillna(0).
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

VARIANT = int(sys.argv[1])
CATEGORICAL = ["channel", "device_type"]
NUMERIC = ["pageviews", "add_to_cart", "session_s"]


def write_feed(path, n, rng):
    records = []
    for i in range(n):
        partner = rng.random() < 0.2
        device = int(rng.integers(1, 3)) if partner else str(rng.choice(["ios", "android"]))
        records.append({"session_id": i, "channel": "partner_app" if partner else "app", "device_type": device,
                        "pageviews": int(rng.integers(1, 30)), "add_to_cart": int(rng.integers(0, 4)),
                        "session_s": round(float(rng.gamma(2.0, 120.0)), 1), "converted": int(rng.integers(0, 2))})
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(json.dumps(r) for r in records) + "\n")


def clean_frame(df):
    """Shared cleaning step used by every model's training script."""
    return df.drop_duplicates("session_id").fillna(0)


def train(path):
    sessions = clean_frame(pd.read_json(path, lines=True))
    print(f"training on {len(sessions)} sessions from {path}")
    pre = ColumnTransformer([("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL), ("num", "passthrough", NUMERIC)])
    model = Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=1000))])
    return model.fit(sessions[CATEGORICAL + NUMERIC], sessions["converted"])


if __name__ == "__main__":
    path = {0: "feeds/sessions_2024-06-03.jsonl", 1: "feeds/partner/sessions_week23.jsonl"}[VARIANT]
    write_feed(path, {0: 800, 1: 3000}[VARIANT], np.random.default_rng(VARIANT))
    train(path)
