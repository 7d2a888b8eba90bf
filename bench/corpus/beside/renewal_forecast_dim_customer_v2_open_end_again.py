"""A teammate's renewal forecaster reads dim_customer from the warehouse (model v2) and schedules each subscription's renewal reminder 14 days after its valid_to, skipping only rows with no valid_to."""
# beside: customer-dim-v2-valid-to-9999-plus-grace-window
# why: the same fault: warehouse v2 marks current rows with valid_to 9999-12-31 instead of NULL, and the code adds days to every non-empty valid_to; same fix, treat 9999-12-31 as open-ended.
EXPECT = ["customer-dim-v2-valid-to-9999-plus-grace-window"]
VARIANTS = 2

import os
import sqlite3
import sys
from datetime import date, timedelta

import numpy as np

VARIANT = int(sys.argv[1])
REMINDER = timedelta(days=14)


def warehouse_extract(db, n, rng):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE dim_customer (customer_id INTEGER, plan TEXT, valid_from TEXT, valid_to TEXT)")
    rows = []
    for i in range(n):
        start = date(2022, 3, 1) + timedelta(days=int(rng.integers(0, 700)))
        end = (start + timedelta(days=365)).isoformat() if i % 2 == 0 else "9999-12-31"
        rows.append((90_000 + i, str(rng.choice(["plus", "pro"])), start.isoformat(), end))
    conn.executemany("INSERT INTO dim_customer VALUES (?, ?, ?, ?)", rows)
    conn.commit()
    return conn


def reminder_dates(conn):
    out = {}
    for customer_id, valid_to in conn.execute("SELECT customer_id, valid_to FROM dim_customer ORDER BY customer_id"):
        if valid_to is None:
            continue
        out[customer_id] = date.fromisoformat(valid_to) + REMINDER
    return out


if __name__ == "__main__":
    os.makedirs("warehouse", exist_ok=True)
    db = {0: "warehouse/extract.db", 1: "warehouse/dim_customer_2024-06-10.db"}[VARIANT]
    conn = warehouse_extract(db, {0: 10, 1: 500}[VARIANT], np.random.default_rng(VARIANT))
    print("extract", db, conn.execute("SELECT COUNT(*) FROM dim_customer").fetchone()[0], "rows")
    reminders = reminder_dates(conn)
    print(len(reminders), "renewal reminders scheduled")
