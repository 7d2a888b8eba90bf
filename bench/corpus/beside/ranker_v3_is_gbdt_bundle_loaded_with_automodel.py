"""ranker-v3 was trained by the GBDT team (a gradient-boosted ranker with its own config.json); the serving loader still opens every exported ranker with transformers' AutoModel."""
# beside: export-config-json-missing-model-type
# why: the folder is not a transformers model at all (a scikit-learn GBDT bundle); the loader is the wrong one for this model family, the config was not meant to have a model_type.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import joblib
import numpy as np
from sklearn.ensemble import GradientBoostingRegressor

VARIANT = int(sys.argv[1])
FEATURES = ["bm25", "ctr_7d", "price_rank", "brand_match", "days_since_launch"]


def export_gbdt(out_dir):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(400, len(FEATURES)))
    model = GradientBoostingRegressor(n_estimators=20, max_depth=3).fit(x, x[:, 0] * 0.7 + rng.normal(size=400) * 0.1)
    os.makedirs(out_dir, exist_ok=True)
    joblib.dump(model, os.path.join(out_dir, "model.joblib"))
    with open(os.path.join(out_dir, "config.json"), "w") as fh:
        json.dump({"objective": "pointwise_mse", "n_estimators": 20, "max_depth": 3, "features": FEATURES}, fh, indent=2)


class RankerServer:
    def __init__(self, model_dir):
        from transformers import AutoModel, AutoConfig

        self.config = AutoConfig.from_pretrained(model_dir)
        self.model = AutoModel.from_pretrained(model_dir, config=self.config)


def main():
    export_gbdt("exported/ranker-v3")
    if VARIANT == 1:
        print("registry: ranker@production -> exported/ranker-v3")
        print("loading ranker")
    RankerServer("exported/ranker-v3")


if __name__ == "__main__":
    main()
