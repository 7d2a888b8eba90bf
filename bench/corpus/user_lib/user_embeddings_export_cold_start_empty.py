"""The embedding service's nightly export writes user_embedding as [] for cold-start users (no sessions yet); the ranker's feature loader turns the column into a float32 matrix with np.array."""
EXPECT = ["user-embeddings-export-cold-start-empty-list"]
VARIANTS = 4

import json
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
N_USERS, DIM = {0: (600, 32), 1: (2000, 64), 2: (450, 32), 3: (1200, 16)}[VARIANT]


def nightly_export(path):
    """What the embedding service writes each night (its cold-start users have no vector yet)."""
    rng = np.random.default_rng(VARIANT)
    n_sessions = rng.poisson(3, N_USERS)
    rows = [
        {
            "user_id": f"u{100000 + i}",
            "n_sessions": int(s),
            "user_embedding": rng.normal(0, 1, DIM).round(5).tolist() if s > 0 else [],
        }
        for i, s in enumerate(n_sessions)
    ]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if path.endswith(".parquet"):
        pd.DataFrame(rows).to_parquet(path, index=False)
    else:
        with open(path, "w") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")


def load_user_features(path):
    frame = pd.read_parquet(path) if path.endswith(".parquet") else pd.read_json(path, lines=True)
    embeddings = np.array(frame["user_embedding"].tolist(), dtype=np.float32)
    return frame["user_id"].to_numpy(), embeddings


class RankerFeatures:
    def __init__(self, path):
        print(f"loading user embeddings from {path}")
        self.user_ids, self.user_emb = load_user_features(path)
        self.index = {u: i for i, u in enumerate(self.user_ids)}


def main():
    path = {
        0: "exports/user_embeddings.parquet",
        1: "features/user_embeddings.parquet",
        2: "exports/user_embeddings.parquet",
        3: "exports/user_embeddings_2024-06-03.jsonl",
    }[VARIANT]
    nightly_export(path)
    if VARIANT == 1:
        RankerFeatures(path)
    elif VARIANT == 3:
        for step in ("candidates", "item_features"):
            print(f"[ranker-features] {step}: ok")
        load_user_features(path)
    else:
        user_ids, emb = load_user_features(path)
        print(emb.shape)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ranker_features: %(message)s")
        logging.info("building ranker features for 2024-06-03")
        try:
            main()
        except Exception:
            logging.exception("feature build failed")
            sys.exit(1)
    else:
        main()
