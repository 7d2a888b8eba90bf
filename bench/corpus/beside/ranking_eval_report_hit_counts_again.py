"""A teammate's ranking eval adds n_positive and n_hits per segment to the eval report with numpy sums; write_metrics dumps the report to metrics.json."""
# beside: eval-report-numpy-counts-not-json-serializable
# why: counts added to the eval report are numpy sums (int64) and write_metrics passes them to json.dump, the entry's cause and fix.
EXPECT = ["eval-report-numpy-counts-not-json-serializable"]
VARIANTS = 2

import json
import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])


def scores(n, seed):
    rng = np.random.default_rng(seed)
    relevant = rng.random(n) < 0.1
    score = rng.random(n) + 0.3 * relevant
    return relevant, score


def segment_report(relevant, score, k):
    top = np.argsort(-score)[:k]
    return {
        "recall_at_k": float(relevant[top].sum() / max(relevant.sum(), 1)),
        "n_positive": relevant.sum(),
        "n_hits": relevant[top].sum(),
    }


def build_report(segments, k):
    return {"k": k, "segments": {name: segment_report(*data, k) for name, data in segments.items()}}


def write_metrics(report, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "metrics.json"), "w") as fh:
        json.dump(report, fh, indent=2)


def main():
    names = {0: ["new_users", "returning"], 1: ["web", "ios", "android"]}[VARIANT]
    segments = {name: scores(3000, i) for i, name in enumerate(names)}
    if VARIANT == 1:
        for name in names:
            print(f"scored segment {name}")
    write_metrics(build_report(segments, k={0: 50, 1: 100}[VARIANT]), {0: "eval/ranking", 1: "runs/ranker-v9/eval"}[VARIANT])


if __name__ == "__main__":
    main()
