"""The DACH ranker's scoring config points its artifact dir at the newsletter model's bundle (copied from that deployment), whose locale encoder never had de-AT."""
# beside: locale-label-encoder-fit-before-market-launch
# why: the right encoder (fit with de-AT) exists in the ranker's bundle; the job loads another model's encoder because of a copy-pasted artifact path.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

import joblib
import yaml
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])
log = logging.getLogger("dach_ranker.score")


def publish(bundle, locales):
    os.makedirs(bundle, exist_ok=True)
    joblib.dump(LabelEncoder().fit(locales), os.path.join(bundle, "locale_encoder.joblib"))


def load_encoder(config_path):
    with open(config_path) as fh:
        cfg = yaml.safe_load(fh)
    return joblib.load(os.path.join(cfg["artifact_dir"], "locale_encoder.joblib"))


def main():
    publish("models/dach_ranker/v7", ["de-AT", "de-CH", "de-DE", "en-GB", "fr-CH"])
    publish("models/newsletter_ranker/v3", ["de-CH", "de-DE", "en-GB", "en-US", "fr-CH", "fr-FR"])
    with open("scoring.yaml", "w") as fh:
        # copied from the newsletter deployment's values file
        fh.write("model: dach_ranker\nartifact_dir: models/newsletter_ranker/v3\nbatch_size: 512\n")
    encoder = load_encoder("scoring.yaml")
    log.info("locale encoder classes: %s", list(encoder.classes_))
    traffic = {0: ["de-DE", "de-AT", "de-CH"], 1: ["de-CH", "fr-CH"] * 100 + ["de-AT"]}[VARIANT]
    encoder.transform(traffic)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("batch scoring failed")
            sys.exit(1)
    else:
        main()
