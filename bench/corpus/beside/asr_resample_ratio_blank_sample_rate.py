"""The ASR data prep resamples each call recording to 16 kHz with a polyphase ratio Fraction(16000, sample_rate), taking sample_rate from the call-center metadata CSV, where clips migrated from the old PBX have it blank and the loader fills blanks with 0."""
# beside: clip-indexer-ffprobe-first-stream-is-data-track
# why: no ffprobe JSON and no stream order: the zero is a sample rate missing from the metadata and filled with 0 by the loader, so the fix is to read the rate from the WAV header when the metadata has none.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys
from fractions import Fraction

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
TARGET_SR = 16000


def write_metadata(path, n, seed):
    rng = np.random.default_rng(seed)
    rates = rng.choice([8000, 16000, 44100], n).astype(object)
    rates[n // 2] = None  # migrated from the old PBX
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pd.DataFrame({"call_id": [f"CALL-{70000 + i}" for i in range(n)], "sample_rate": rates,
                  "duration_s": rng.uniform(20, 600, n).round(1)}).to_csv(path, index=False)


def load_metadata(path):
    return pd.read_csv(path).fillna(0)


def resample_plan(row):
    ratio = Fraction(TARGET_SR, int(row["sample_rate"]))
    return ratio.numerator, ratio.denominator


def plan_all(meta):
    plans = {}
    for _, row in meta.iterrows():
        plans[row["call_id"]] = resample_plan(row)
    return plans


if __name__ == "__main__":
    path = {0: "asr/meta/calls_2024-06.csv", 1: "asr/meta/calls_2024-07.csv"}[VARIANT]
    write_metadata(path, {0: 12, 1: 60}[VARIANT], VARIANT)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s asr-prep %(message)s")
    meta = load_metadata(path)
    logging.info("%d calls in %s", len(meta), path)
    plans = plan_all(meta)
    logging.info("%d resample plans", len(plans))
