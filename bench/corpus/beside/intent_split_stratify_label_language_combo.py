"""An intent dataset is split with stratify on a combined label+language key so every intent is represented per language in test; one combination (a Portuguese "close_account" utterance) occurs once."""
# beside: failure-split-stratify-by-device-model-pilot-single-unit
# why: the singleton is a rare cross of two columns made for stratification, in a text dataset with no devices or pilot units; the fix is to stratify on the label alone (or merge rare combinations).
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT)
n = 600
data = pd.DataFrame({"text": [f"utt {i}" for i in range(n)],
                     "intent": rng.choice(["billing", "refund", "delivery", "close_account"], n, p=[0.4, 0.3, 0.27, 0.03]),
                     "lang": rng.choice(["en", "de", "fr"], n)})
data.loc[n] = {"text": "quero encerrar minha conta", "intent": "close_account", "lang": "pt"}
if VARIANT == 1:
    data.loc[n + 1] = {"text": "cancelar mi suscripción", "intent": "refund", "lang": "es"}
key = data["intent"] + "/" + data["lang"]
train, test = train_test_split(data, test_size=0.15, stratify=key, random_state=0)
print(len(train), len(test))
