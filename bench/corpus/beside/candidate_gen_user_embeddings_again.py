"""A teammate's candidate-generation job reads the same nightly user-embeddings export and builds its ANN index matrix with np.asarray."""
# beside: user-embeddings-export-cold-start-empty-list
# why: the embedding service's export has [] for cold-start users and this loader stacks the column unchanged, exactly the entry's cause and fix.
EXPECT = ["user-embeddings-export-cold-start-empty-list"]
VARIANTS = 2

import json
import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])
N, DIM = {0: 900, 1: 300}[VARIANT], 32


def nightly_export(path):
    """The embedding service's export (cold-start users have no sessions, hence no vector)."""
    rng = np.random.default_rng(10 + VARIANT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        for i in range(N):
            sessions = int(rng.poisson(2))
            vec = rng.normal(0, 1, DIM).round(5).tolist() if sessions else []
            fh.write(json.dumps({"user_id": f"u{200000 + i}", "n_sessions": sessions, "user_embedding": vec}) + "\n")


class AnnIndex:
    def __init__(self, path):
        with open(path) as fh:
            rows = [json.loads(line) for line in fh]
        self.ids = [r["user_id"] for r in rows]
        self.matrix = np.asarray([r["user_embedding"] for r in rows], dtype=np.float32)
        self.matrix /= np.linalg.norm(self.matrix, axis=1, keepdims=True)


path = {0: "exports/user_embeddings.jsonl", 1: "exports/user_embeddings_2024-06-04.jsonl"}[VARIANT]
nightly_export(path)
if VARIANT == 1:
    print("candidate-gen: building user index")
index = AnnIndex(path)
print(f"indexed {len(index.ids)} users")
