"""feature_list.txt was last edited on Windows and committed with CRLF line endings; the scorer reads it from the model bundle as bytes, splits on "\n" and keeps a "\r" on every name."""
EXPECT = ["feature-list-txt-crlf-line-endings"]
VARIANTS = 4

import io
import logging
import os
import sys
import tarfile

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

FEATURES = {
    0: ["tenure_months", "monthly_charges", "n_products"],
    1: ["basket_value", "items", "discount_pct"],
    2: ["tenure_months", "monthly_charges", "n_products", "days_since_login"],
    3: ["age", "income", "utilization", "late_payments_12m", "open_lines"],
}[VARIANT]


def build_bundle(path):
    """The model bundle as CI packs it from the repo checkout (feature_list.txt has CRLF endings)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = "\r\n".join(FEATURES) + "\r\n"
    with tarfile.open(path, "w:gz") as tar:
        data = text.encode()
        info = tarfile.TarInfo("feature_list.txt")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))


def load_feature_list(bundle):
    with tarfile.open(bundle, "r:gz") as tar:
        text = tar.extractfile("feature_list.txt").read().decode("utf-8")
    return [name for name in text.split("\n") if name]


def requests_frame(n):
    rng = np.random.default_rng(VARIANT)
    return pd.DataFrame({name: rng.uniform(0, 100, n).round(1) for name in FEATURES} | {"request_id": np.arange(n)})


def main():
    bundle = {0: "models/churn/bundle.tar.gz", 1: "artifacts/basket/model-2024-06.tar.gz", 2: "models/churn/bundle.tar.gz", 3: "models/credit/bundle.tar.gz"}[VARIANT]
    build_bundle(bundle)
    features = load_feature_list(bundle)
    batch = requests_frame({0: 32, 1: 500, 2: 64, 3: 200}[VARIANT])
    if VARIANT == 1:
        print(f"{len(features)} features from {bundle}")
        x = batch.loc[:, features]
    elif VARIANT == 3:
        for i in range(0, len(batch), 100):
            print(f"scoring rows {i}-{i + 99}")
            x = batch.iloc[i : i + 100][features]
    else:
        x = batch[features]
    print(x.shape)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s scorer: %(message)s")
        logging.info("loading bundle models/churn/bundle.tar.gz")
        try:
            main()
        except Exception:
            logging.exception("scoring failed")
            sys.exit(1)
    else:
        main()
