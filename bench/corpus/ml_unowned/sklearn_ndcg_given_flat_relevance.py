"""ndcg_score / dcg_score given one query's relevance and scores as flat 1-D lists instead of shape (n_queries, n_docs): ValueError: Only ('multilabel-indicator', 'continuous-multioutput', 'multiclass-multioutput') formats are supported. Got multiclass instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import dcg_score, ndcg_score

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(10)


def search_eval_log():
    rows = []
    for q in range(4):
        for rank in range(6):
            rows.append({"query_id": f"q{q}", "doc_id": f"d{q}{rank}", "grade": int(rng.integers(0, 4)),
                         "model_score": float(rng.random())})
    return pd.DataFrame(rows)


def mean_ndcg(log_frame, k=5):
    per_query = []
    for qid, part in log_frame.groupby("query_id"):
        per_query.append(ndcg_score(part["grade"].to_numpy(), part["model_score"].to_numpy(), k=k))
    return float(np.mean(per_query))


def clicked_at_k(clicks, scores, log):
    log.info("computing nDCG@10 for one session with %d impressions", len(clicks))
    return ndcg_score(clicks, scores, k=10)


def dwell_time_gain(dwell_seconds, scores):
    gains = np.log1p(np.asarray(dwell_seconds))
    return dcg_score(gains, scores)


if V == 0:
    print("mean nDCG@5:", mean_ndcg(search_eval_log()))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    clicks = (rng.random(20) < 0.15).astype(int)
    print(clicked_at_k(clicks, rng.random(20), logging.getLogger("reco.offline_eval")))
else:
    print("evaluating dwell-weighted DCG over 12 results", flush=True)
    print(dwell_time_gain(rng.gamma(2.0, 20.0, 12), rng.random(12)))
