"""locale_encoder.pkl was fit on last quarter's traffic; the Austria launch brings locale de-AT, which it has never seen."""
EXPECT = ["locale-label-encoder-fit-before-market-launch"]
VARIANTS = 3

import pickle
import sys

from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])
OLD = ["de-DE", "en-GB", "en-US", "fr-FR", "it-IT", "nl-NL"]
NEW = {0: "de-AT", 1: "de-AT", 2: "fr-BE"}[VARIANT]


def fit_encoder():
    enc = LabelEncoder().fit(OLD)
    with open("locale_encoder.pkl", "wb") as fh:
        pickle.dump(enc, fh)


def encode(locales):
    with open("locale_encoder.pkl", "rb") as fh:
        enc = pickle.load(fh)
    return enc.transform(locales)


def main():
    fit_encoder()
    traffic = OLD * 20 + [NEW] * 3
    if VARIANT == 2:
        for day in ("06-01", "06-02"):
            print(f"{day}: {len(traffic)} sessions")
    if VARIANT == 1:
        for start in range(0, len(traffic), 50):
            encode(traffic[start : start + 50])
    else:
        encode(traffic)


if __name__ == "__main__":
    main()
