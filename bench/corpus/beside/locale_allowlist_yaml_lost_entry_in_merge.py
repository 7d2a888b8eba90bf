"""The locale encoder is fit on configs/locales.yaml's allowlist; resolving a merge conflict in that file dropped the de-AT line."""
# beside: locale-label-encoder-fit-before-market-launch
# why: de-AT was launched and listed before the encoder was fit; a hand-resolved merge conflict removed it from the allowlist the encoder is fit on.
EXPECT = []
VARIANTS = 2

import os
import pickle
import sys

import yaml
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])

# configs/locales.yaml after `git merge origin/add-ch-locales` (the conflict was resolved by keeping "theirs" block)
LOCALES_YAML = """\
# supported storefront locales
locales:
  - de-DE
  - de-CH
  - en-GB
  - en-US
  - fr-FR
  - fr-CH
  - it-CH
  - nl-NL
"""


def build_encoder():
    with open("configs/locales.yaml") as fh:
        allowed = yaml.safe_load(fh)["locales"]
    encoder = LabelEncoder().fit(allowed)
    with open("artifacts/locale_encoder.pkl", "wb") as fh:
        pickle.dump(encoder, fh)
    return encoder


def encode_batch(rows):
    with open("artifacts/locale_encoder.pkl", "rb") as fh:
        encoder = pickle.load(fh)
    return encoder.transform([r["locale"] for r in rows])


def main():
    os.makedirs("configs", exist_ok=True)
    os.makedirs("artifacts", exist_ok=True)
    with open("configs/locales.yaml", "w") as fh:
        fh.write(LOCALES_YAML)
    encoder = build_encoder()
    print(f"locale encoder: {len(encoder.classes_)} classes")
    rows = [{"session": i, "locale": loc} for i, loc in enumerate({0: ["de-DE", "en-US", "de-AT"] * 4, 1: ["fr-CH", "de-AT", "it-CH", "de-DE"] * 25}[VARIANT])]
    if VARIANT == 1:
        print(f"encoding {len(rows)} sessions")
    encode_batch(rows)


if __name__ == "__main__":
    main()
