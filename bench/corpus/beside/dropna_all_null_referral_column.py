"""The lead-scoring notebook cleans the marketing export with frame.dropna(); this month's export has a referral_code column that is empty for every lead (the field was retired in the form), so every row is dropped."""
# beside: smb-churn-retrain-crm-segment-values-renamed
# why: the rows are removed by a blanket dropna over an all-null column the user kept, not by a filter on a renamed segment value; the fix is dropna(subset=features) or dropping the column.
EXPECT = []
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

VARIANT = int(sys.argv[1])
FEATURES = {0: ["visits", "pages", "minutes", "emails_opened", "webinar"], 1: ["visits", "pages", "minutes"],
            2: ["visits", "pages", "minutes", "emails_opened", "webinar"]}[VARIANT]


def main():
    rng = np.random.default_rng(VARIANT)
    n = 900
    leads = pd.DataFrame({f: rng.integers(0, 50, n) for f in FEATURES})
    leads["referral_code"] = np.nan
    leads["converted"] = rng.random(n) < 0.2
    clean = leads.dropna()
    if VARIANT == 2:
        print(f"leads: {len(leads)} -> {len(clean)} after cleaning")
    RandomForestClassifier(n_estimators=50).fit(clean[FEATURES], clean["converted"])


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s lead-scoring: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
