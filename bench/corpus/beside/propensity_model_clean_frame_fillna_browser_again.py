"""A teammate's add-to-cart propensity model uses the same shared clean_frame (fillna(0) over the whole frame) on the sessions export, where app sessions leave the browser column empty since app sessions joined the export."""
# beside: clean-frame-fillna-zero-blank-device-type-encoder
# why: the same fault: the shared clean_frame fills every blank with 0, including a categorical column that is empty for one channel, so the encoder sees 0 among the strings; same fix, fill only numeric columns.
EXPECT = ["clean-frame-fillna-zero-blank-device-type-encoder"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

VARIANT = int(sys.argv[1])
CATEGORICAL = ["channel", "browser", "country"]
NUMERIC = ["pageviews", "search_count"]


def export_sessions(path, n, rng):
    channel = rng.choice(["web", "app"], n, p=[0.6, 0.4])
    browser = np.where(channel == "web", rng.choice(["chrome", "safari", "firefox"], n), None)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pd.DataFrame({"session_id": np.arange(n), "channel": channel, "browser": browser,
                  "country": rng.choice(["DE", "FR", "NL"], n), "pageviews": rng.integers(1, 25, n),
                  "search_count": np.where(rng.random(n) < 0.2, np.nan, rng.integers(0, 6, n)),
                  "added_to_cart": rng.integers(0, 2, n)}).to_csv(path, index=False)


def clean_frame(df):
    """Shared cleaning step used by every model's training script."""
    return df.drop_duplicates("session_id").fillna(0)


def fit_propensity(path):
    sessions = clean_frame(pd.read_csv(path))
    pre = ColumnTransformer([("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL), ("num", "passthrough", NUMERIC)])
    model = Pipeline([("pre", pre), ("rf", RandomForestClassifier(n_estimators=50, random_state=0))])
    return model.fit(sessions[CATEGORICAL + NUMERIC], sessions["added_to_cart"])


if __name__ == "__main__":
    path = {0: "exports/sessions_2024-06-03.csv", 1: "propensity/inputs/sessions_2024-06.csv"}[VARIANT]
    export_sessions(path, {0: 1200, 1: 5000}[VARIANT], np.random.default_rng(VARIANT))
    print("fitting add-to-cart propensity on", path)
    fit_propensity(path)
