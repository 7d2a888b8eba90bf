"""A backfill concatenates user embeddings from the old 32-d two-tower model and the new 64-d one into one table before stacking them."""
# beside: user-embeddings-export-cold-start-empty-list
# why: every row has a vector, but from two model versions of different width mixed by the user's backfill; no cold-start user has an empty list.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def embeddings(model, n, dim, start):
    rng = np.random.default_rng(dim)
    return pd.DataFrame(
        {"user_id": [f"u{100000 + start + i}" for i in range(n)], "model": model,
         "user_embedding": [rng.normal(0, 1, dim).round(5).tolist() for _ in range(n)]}
    )


def main():
    old = embeddings("two_tower_v1", {0: 400, 1: 1500}[VARIANT], 32, 0)
    new = embeddings("two_tower_v2", {0: 200, 1: 500}[VARIANT], 64, 5000)
    table = pd.concat([old, new], ignore_index=True)
    table.to_parquet("user_embeddings_backfill.parquet", index=False)
    frame = pd.read_parquet("user_embeddings_backfill.parquet")
    emb = np.array(frame["user_embedding"].tolist(), dtype=np.float32)
    print(emb.shape)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s backfill: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("backfill failed")
            sys.exit(1)
    else:
        main()
