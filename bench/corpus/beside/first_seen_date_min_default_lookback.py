"""The fraud features look back 30 days before each account's first_seen date, and the account loader defaults first_seen to date.min for accounts imported from the partner bank without one."""
# beside: customer-dim-v2-valid-to-9999-plus-grace-window
# why: not an open-ended validity date from the warehouse: the team's own loader fills a missing first_seen with date.min, and subtracting the lookback goes below year 1; the fix is to keep missing first_seen as None.
EXPECT = []
VARIANTS = 2

import json
import logging
import os
import sys
from datetime import date, timedelta

import numpy as np

VARIANT = int(sys.argv[1])
LOOKBACK = timedelta(days={0: 30, 1: 14}[VARIANT])


def write_accounts(path, n, rng):
    rows = []
    for i in range(n):
        first = (date(2020, 1, 1) + timedelta(days=int(rng.integers(0, 1500)))).isoformat()
        rows.append({"account_id": f"A{i:06d}", "source": "partner_bank" if i % 9 == 4 else "app",
                     "first_seen": None if i % 9 == 4 else first})
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(rows, f)


def load_accounts(path):
    with open(path) as f:
        rows = json.load(f)
    for r in rows:
        r["first_seen"] = date.fromisoformat(r["first_seen"]) if r["first_seen"] else date.min
    return rows


def lookback_window(account):
    return account["first_seen"] - LOOKBACK, account["first_seen"]


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s fraud-features %(message)s")
    path = {0: "data/accounts.json", 1: "fraud/inputs/accounts_2024-06.json"}[VARIANT]
    write_accounts(path, {0: 20, 1: 200}[VARIANT], np.random.default_rng(VARIANT))
    accounts = load_accounts(path)
    logging.info("%d accounts loaded", len(accounts))
    windows = [lookback_window(a) for a in accounts]
    logging.info("%d lookback windows", len(windows))
