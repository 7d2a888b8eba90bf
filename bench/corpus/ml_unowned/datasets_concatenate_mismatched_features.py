"""ValueError: The features can't be aligned because the key label of features ... has unexpected type: concatenate_datasets / interleave_datasets over splits whose column types differ (a ClassLabel next to int64, string labels next to ids, a from_pandas split (large_string, int32) next to a from_dict one, float32 embeddings next to float64)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from datasets import ClassLabel, Dataset, concatenate_datasets, interleave_datasets

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
texts = ["great product", "arrived broken", "works as described", "refund please", "love it", "meh"]

if V == 0:
    train = Dataset.from_dict({"text": texts[:4], "label": [1, 0, 1, 0]})
    train = train.cast_column("label", ClassLabel(names=["neg", "pos"]))
    # newly labelled examples from the review tool, as plain ints
    extra = Dataset.from_dict({"text": texts[4:], "label": [1, 0]})
    print(f"train {len(train)} + extra {len(extra)}", flush=True)
    merged = concatenate_datasets([train, extra])
    print(merged)
elif V == 1:
    def load_split(rows):
        return Dataset.from_list(rows)

    old = load_split([{"text": t, "label": i % 2} for i, t in enumerate(texts[:3])])
    vendor = load_split([{"text": t, "label": ["neg", "pos"][i % 2]} for i, t in enumerate(texts[3:])])
    train = concatenate_datasets([old, vendor])
    print(train[:2])
elif V == 2:
    df = pd.DataFrame({"text": texts[:3], "label": np.array([0, 1, 0], dtype=np.int32)})
    from_csv_export = Dataset.from_pandas(df, preserve_index=False)
    hand_written = Dataset.from_dict({"text": texts[3:], "label": [1, 1, 0]})
    mixed = interleave_datasets([from_csv_export, hand_written], seed=0)
    print(mixed["label"])
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("emb-cache")
    shards = []
    for i in range(3):
        if i < 2:
            emb = [np.random.default_rng(i).normal(size=8).astype(np.float32) for _ in range(4)]
        else:
            emb = [np.random.default_rng(i).normal(size=8).tolist() for _ in range(4)]   # re-encoded shard
        shards.append(Dataset.from_dict({"doc_id": list(range(i * 4, i * 4 + 4)), "emb": emb}))
        log.info("shard %d: %s", i, shards[-1].features["emb"])
    try:
        cache = concatenate_datasets(shards)
    except ValueError:
        log.exception("could not merge embedding shards")
        raise
    log.info("cache %d rows", len(cache))
