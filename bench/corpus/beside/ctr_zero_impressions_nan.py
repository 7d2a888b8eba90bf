"""A click-through-rate feature computed as clicks / impressions gives 0/0 = NaN for ads with no impressions yet."""
# beside: churn-features-tickets-left-join-nan
# why: the NaN comes from a 0/0 ratio in the user's own feature, not from a left join of the support-tickets table.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 300, 1: 900}[VARIANT]
ads = pd.DataFrame({"impressions": rng.integers(0, 50, n), "bid": rng.uniform(0.1, 2, n)})
ads.loc[::17, "impressions"] = 0
ads["clicks"] = (ads["impressions"] * rng.uniform(0, 0.1, n)).round()
ads["ctr"] = ads["clicks"] / ads["impressions"]
ads["converted"] = rng.integers(0, 2, n)
if VARIANT == 1:
    print(f"{len(ads)} ads, mean ctr {ads['ctr'].mean():.3f}")
LogisticRegression().fit(ads[["bid", "ctr"]], ads["converted"])
