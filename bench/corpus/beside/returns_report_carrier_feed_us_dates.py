"""A teammate's returns report parses the same carrier tracking feed, whose event timestamps are now US style with AM/PM."""
# beside: carrier-tracking-feed-timestamp-format-changed
# why: the carrier feed switched event_ts to "03/07/2024 02:05 PM" and this report still parses the ISO format, the entry's cause and fix.
EXPECT = ["carrier-tracking-feed-timestamp-format-changed"]
VARIANTS = 2

import csv
import sys
from datetime import datetime, timedelta

VARIANT = int(sys.argv[1])

ISO = "%Y-%m-%d %H:%M:%S"
path = {0: "carrier_returns_2024-03-09.csv", 1: "carrier_returns_2024-03-10.csv"}[VARIANT]
start = datetime(2024, 3, 9 + VARIANT, 8, 15)
with open(path, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["tracking_no", "event", "event_ts"])
    for i in range(120):
        w.writerow([f"RT{40000 + i}", "RETURN_SCANNED", (start + timedelta(minutes=11 * i)).strftime("%m/%d/%Y %I:%M %p")])


def days_to_return(rows, shipped):
    return [(datetime.strptime(r["event_ts"], ISO) - shipped).days for r in rows]


with open(path, newline="") as fh:
    rows = list(csv.DictReader(fh))
if VARIANT == 1:
    print(f"{len(rows)} return scans")
    scanned = sorted(datetime.strptime(r["event_ts"], ISO) for r in rows)
else:
    days_to_return(rows, datetime(2024, 3, 1))
