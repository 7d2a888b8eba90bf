"""sorted()/list.sort() given reverse='desc' (or 'descending') straight from a ranking config or CLI flag: TypeError: 'str' object cannot be interpreted as an integer."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import logging
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

LEADERBOARD_YAML = """
metric: val_ndcg
order: desc
top_k: 3
"""


def leaderboard(runs, cfg):
    ranked = sorted(runs, key=lambda r: r[cfg["metric"]], reverse=cfg["order"])
    return ranked[: cfg["top_k"]]


def rank_candidates(candidates, direction):
    candidates.sort(key=lambda c: c["score"], reverse=direction)
    return [c["item_id"] for c in candidates]


def recommend_for_user(user_id, log):
    candidates = [{"item_id": f"it-{i}", "score": s} for i, s in enumerate([0.12, 0.87, 0.55, 0.31])]
    log.info("user %s: %d candidates after filtering", user_id, len(candidates))
    return rank_candidates(candidates, direction="descending")


def cli_report(argv):
    p = argparse.ArgumentParser(prog="report_runs.py")
    p.add_argument("--sort-desc", default="false")
    args = p.parse_args(argv)
    runs = [("run-a", 0.31), ("run-b", 0.29), ("run-c", 0.35)]
    for name, loss in sorted(runs, key=lambda r: r[1], reverse=args.sort_desc):
        print(name, loss)


if V == 0:
    with open("leaderboard.yaml", "w") as f:
        f.write(LEADERBOARD_YAML)
    with open("leaderboard.yaml") as f:
        cfg = yaml.safe_load(f)
    runs = [{"run": "r1", "val_ndcg": 0.41}, {"run": "r2", "val_ndcg": 0.44}, {"run": "r3", "val_ndcg": 0.39}]
    print(leaderboard(runs, cfg))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(recommend_for_user(4411, logging.getLogger("reco.rank")))
else:
    cli_report(["--sort-desc", "true"])
