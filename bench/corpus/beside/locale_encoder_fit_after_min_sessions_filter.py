"""Training drops locales with fewer than 500 sessions before fitting the locale encoder; the scoring path encodes every request's locale unfiltered."""
# beside: locale-label-encoder-fit-before-market-launch
# why: de-AT has been in the traffic all along but below the training's min-support filter, which serving does not apply; no new market launched after the fit.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])
MIN_SESSIONS = 500
log = logging.getLogger("locale_features")


def sessions(seed, n):
    rng = np.random.default_rng(seed)
    locales = ["de-DE", "en-GB", "en-US", "fr-FR", "nl-NL", "de-AT", "de-CH"]
    share = [0.30, 0.18, 0.25, 0.12, 0.10, 0.02, 0.03]
    return pd.DataFrame({"locale": rng.choice(locales, n, p=share), "converted": rng.integers(0, 2, n)})


def fit_encoder(train):
    counts = train["locale"].value_counts()
    kept = train[train["locale"].isin(counts[counts >= MIN_SESSIONS].index)]
    log.info("locales kept for training: %s", sorted(kept["locale"].unique()))
    return LabelEncoder().fit(kept["locale"].to_numpy(dtype=str))


def score(encoder, requests):
    return encoder.transform(requests["locale"])


def main():
    train = sessions(0, 20000)
    encoder = fit_encoder(train)
    requests = pd.DataFrame({"locale": {0: ["de-DE", "de-AT", "en-US"], 1: ["en-GB", "fr-FR", "de-AT", "de-CH", "nl-NL"]}[VARIANT]})
    if VARIANT == 1:
        for start in range(0, len(requests), 2):
            log.info("scoring requests %d..%d", start, start + 1)
            score(encoder, requests.iloc[start : start + 2])
    else:
        score(encoder, requests)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("scoring failed")
            sys.exit(1)
    else:
        main()
