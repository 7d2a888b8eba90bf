"""ValueError when a pandas operation needs unique labels but they repeat: to_dict(orient='index') on repeated user ids, to_json on columns renamed to the same name, set_index(verify_integrity=True)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)


def load_user_features():
    users = [f"u{i:04d}" for i in range(12)]
    users[9] = users[4]
    return pd.DataFrame({"user_id": users, "n_orders": rng.integers(0, 20, 12), "avg_basket": rng.random(12).round(2)})


def build_lookup(frame):
    return frame.set_index("user_id").to_dict(orient="index")


def export_leaderboard(results, path):
    table = results.rename(columns={"val_acc": "accuracy", "acc": "accuracy", "val_f1": "f1"})
    table.set_index("model").to_json(path, orient="index", indent=2)


def index_samples(manifest):
    return manifest.set_index("sample_id", verify_integrity=True)


if V == 0:
    feats = load_user_features()
    print(f"{len(feats)} rows of user features")
    lookup = build_lookup(feats)
    print(lookup["u0004"])
elif V == 1:
    legacy = pd.DataFrame({"model": ["logreg", "xgb"], "acc": [0.81, 0.86], "val_f1": [0.77, 0.83]})
    new = pd.DataFrame({"model": ["mlp", "tabnet"], "val_acc": [0.84, 0.85], "val_f1": [0.80, 0.82]})
    results = pd.concat([legacy, new], ignore_index=True)
    print(results)
    export_leaderboard(results, "leaderboard.json")
else:
    manifest = pd.DataFrame({"sample_id": [101, 102, 103, 104, 102, 105], "path": [f"img_{i}.png" for i in range(6)]})
    manifest = pd.concat([manifest.iloc[:3], manifest.iloc[3:]])
    print(index_samples(manifest).head())
