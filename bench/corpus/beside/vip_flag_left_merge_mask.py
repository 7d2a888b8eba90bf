"""The loyalty table's is_vip flag is left-merged onto orders; customers outside the loyalty programme get NaN and the flag is then used directly as a filter."""
# beside: order-lines-api-numeric-legacy-promo-codes
# why: the NaN comes from a left merge of a boolean flag in the user's own code, not from numeric promo codes in the order-lines API.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 500, 1: 2000}[VARIANT]
orders = pd.DataFrame({"order_id": np.arange(n), "customer_id": rng.integers(0, n // 4, n), "net": rng.uniform(5, 200, n).round(2)})
members = np.unique(rng.integers(0, n // 4, n // 10))
loyalty = pd.DataFrame({"customer_id": members, "is_vip": rng.random(len(members)) < 0.3})
orders = orders.merge(loyalty, on="customer_id", how="left")
if VARIANT == 1:
    print(f"{len(orders)} orders, {len(loyalty)} loyalty members")
vip_revenue = orders[orders["is_vip"]]["net"].sum()
print(f"VIP revenue: {vip_revenue:.2f}")
