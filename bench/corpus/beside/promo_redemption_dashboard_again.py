"""A teammate's promo-redemption dashboard loads the same order-lines API response and counts BF24 redemptions with str.contains."""
# beside: order-lines-api-numeric-legacy-promo-codes
# why: the API returns legacy promo codes as JSON numbers next to strings, so promo_code is object and str.contains gives NaN, exactly the entry's cause and fix.
EXPECT = ["order-lines-api-numeric-legacy-promo-codes"]
VARIANTS = 2

import json
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def saved_api_response(day, n):
    rng = np.random.default_rng(20 + VARIANT)
    codes = ["BF24-10", "BF24-25", "XMAS10", None, None, 1150, 3075]
    lines = [{"order_id": 80000 + i, "net": round(float(rng.uniform(5, 150)), 2), "promo_code": codes[int(rng.integers(0, len(codes)))]}
             for i in range(n)]
    with open(f"order_lines_{day}.json", "w") as fh:
        json.dump({"date": day, "lines": lines}, fh)
    return f"order_lines_{day}.json"


path = saved_api_response({0: "2024-11-29", 1: "2024-12-02"}[VARIANT], {0: 700, 1: 250}[VARIANT])
with open(path) as fh:
    lines = pd.json_normalize(json.load(fh)["lines"])
redeemed = lines[lines.promo_code.str.contains("BF24")]
print(f"BF24 redemptions: {len(redeemed)}, revenue {redeemed.net.sum():.2f}")
