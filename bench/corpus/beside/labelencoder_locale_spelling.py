"""Some locale values in the request log are spelled in another case or with a leading space ("de-de", "EN-GB"), which the encoder treats as a different label."""
# beside: locale-label-encoder-fit-before-market-launch
# why: the locale is known but spelled differently (case, whitespace); no new market was launched after the encoder was fit.
EXPECT = []
VARIANTS = 2

import sys

from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])

enc = LabelEncoder().fit(["de-DE", "en-GB", "fr-FR"])
bad = {0: "de-de", 1: "EN-GB"}[VARIANT]
enc.transform(["en-GB", "de-DE", bad])
