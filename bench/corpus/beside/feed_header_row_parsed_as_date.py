"""A tracking export is read with csv.reader and the header row is not skipped, so the column name is parsed as a timestamp."""
# beside: carrier-tracking-feed-timestamp-format-changed
# why: the timestamps are in the expected format; the failing value is the header cell, read as data.
EXPECT = []
VARIANTS = 2

import csv
import sys
from datetime import datetime, timedelta

VARIANT = int(sys.argv[1])

FMT = "%Y-%m-%d %H:%M:%S"
col = {0: "event_ts", 1: "scanned_at"}[VARIANT]
with open("events.csv", "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["tracking_no", col])
    for i in range(50):
        w.writerow([f"1Z{900000 + i}", (datetime(2024, 3, 7, 6) + timedelta(minutes=13 * i)).strftime(FMT)])

with open("events.csv", newline="") as fh:
    reader = csv.reader(fh)
    if VARIANT == 1:
        print("reading events.csv")
    times = [datetime.strptime(row[1], FMT) for row in reader]
