"""A teammate's recommendations model encodes the request locale with an encoder fit on Q1 traffic, before the Austria launch brought de-AT."""
# beside: locale-label-encoder-fit-before-market-launch
# why: a LabelEncoder fit on last quarter's traffic meets the newly launched market's locale de-AT, the entry's own cause and fix (refit, or an unknown bucket).
EXPECT = ["locale-label-encoder-fit-before-market-launch"]
VARIANTS = 2

import logging
import os
import pickle
import sys

import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])
log = logging.getLogger("reco.features")

Q1_LOCALES = ["de-DE", "de-CH", "en-GB", "fr-FR", "it-IT", "nl-NL"]


def fit_on_q1():
    rng = np.random.default_rng(1)
    q1 = pd.DataFrame({"locale": rng.choice(Q1_LOCALES, 5000), "ts": pd.date_range("2024-01-01", periods=5000, freq="25min")})
    os.makedirs("artifacts/reco", exist_ok=True)
    with open("artifacts/reco/locale_encoder.pkl", "wb") as fh:
        pickle.dump(LabelEncoder().fit(q1["locale"].tolist()), fh)


class RecoFeatures:
    def __init__(self, path):
        with open(path, "rb") as fh:
            self.locale_encoder = pickle.load(fh)

    def transform(self, requests):
        out = requests.copy()
        out["locale_id"] = self.locale_encoder.transform(out["locale"])
        return out


def main():
    fit_on_q1()
    features = RecoFeatures("artifacts/reco/locale_encoder.pkl")
    # June traffic: Austria went live on 2024-06-01
    rng = np.random.default_rng(VARIANT)
    june = pd.DataFrame({"user_id": rng.integers(1, 10**6, 300), "locale": rng.choice(Q1_LOCALES + ["de-AT"], 300)})
    if VARIANT == 1:
        for day in ("2024-06-01", "2024-06-02"):
            log.info("%s: %d requests", day, len(june) // 2)
    features.transform(june)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("feature build failed")
            sys.exit(1)
    else:
        main()
