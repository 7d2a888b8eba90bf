"""An output file name built from every hyper-parameter (a dict's repr, a joined list of features, a prompt's text) is longer than the 255 bytes a file name may have: OSError: [Errno 36] File name too long."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("sweep")

params = {
    "model": "gbm", "learning_rate": 0.05, "n_estimators": 800, "max_depth": 7, "subsample": 0.8,
    "colsample_bytree": 0.7, "min_child_weight": 3, "reg_alpha": 0.001, "reg_lambda": 1.5,
    "objective": "binary", "eval_metric": "auc", "early_stopping_rounds": 50, "seed": 1234,
    "scale_pos_weight": 12.5, "max_bin": 255, "tree_method": "hist", "grow_policy": "lossguide",
}
features = [f"txn_amount_rolling_{w}d_{agg}" for w in (7, 30, 90) for agg in ("mean", "max", "std")]


def run_name(cfg):
    return "_".join(f"{k}={v}" for k, v in cfg.items())


def save_result(folder, name, result):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".json")
    with open(path, "w") as f:
        json.dump(result, f)
    return path


class Sweep:
    def __init__(self, out):
        self.out = out

    def record(self, cfg, auc):
        log.info("run finished: auc=%.4f", auc)
        return save_result(self.out, run_name(cfg), {"auc": auc, **cfg})


if V == 0:
    for depth in (3, 5, 7):
        params["max_depth"] = depth
        print(Sweep("results").record(params, 0.80 + depth / 100))
elif V == 1:
    name = "features-" + "+".join(features)
    log.info("caching feature matrix as %s", name[:40] + "...")
    save_result("cache", name, {"n_features": len(features)})
else:
    prompts = [
        "Summarise the following support ticket in one sentence and classify its urgency as low, medium or high, "
        "taking into account the customer's plan, the number of previous tickets and whether a refund was requested "
        "in the last thirty days; answer in JSON with the keys summary and urgency."
    ]
    for p in prompts:
        save_result("generations", p.replace(" ", "_"), {"prompt": p, "output": "..."})
