"""The delivery-time job appends the returns portal's pickup events to the carrier feed's events and parses every timestamp with the carrier's ISO format; the portal has always written US-style times."""
# beside: carrier-tracking-feed-timestamp-format-changed
# why: the carrier feed is still ISO; the US-format values come from a second source (the returns portal) merged into the same column, not from a change in the carrier's feed.
EXPECT = []
VARIANTS = 2

import csv
import sys
from datetime import datetime, timedelta

VARIANT = int(sys.argv[1])
FEED_TS_FORMAT = "%Y-%m-%d %H:%M:%S"


def write_carrier_feed(path, n):
    start = datetime(2024, 2, 29, 8, 0)
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["tracking_no", "event", "event_ts"])
        for i in range(n):
            writer.writerow([f"1Z{5500000000 + 313 * i}", "IN_TRANSIT", (start + timedelta(minutes=17 * i)).strftime(FEED_TS_FORMAT)])


def write_returns_portal(path, n):
    start = datetime(2024, 3, 1, 6, 27)
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["rma", "tracking_no", "event_ts"])
        for i in range(n):
            writer.writerow([f"RMA-{9000 + i}", f"1Z{6600000000 + 211 * i}", (start + timedelta(minutes=53 * i)).strftime("%m/%d/%Y %I:%M %p")])


def read_events(path, source):
    with open(path, newline="") as fh:
        return [{"tracking_no": r["tracking_no"], "event": r.get("event", "RETURN_PICKUP"), "event_ts": r["event_ts"], "source": source} for r in csv.DictReader(fh)]


def parse_event_ts(text):
    return datetime.strptime(text, FEED_TS_FORMAT)


def main():
    write_carrier_feed("carrier_events.csv", {0: 50, 1: 300}[VARIANT])
    write_returns_portal("returns_pickups.csv", 20)
    events = read_events("carrier_events.csv", "carrier") + read_events("returns_pickups.csv", "returns_portal")
    for n, event in enumerate(events):
        event["event_ts"] = parse_event_ts(event["event_ts"])
        if VARIANT == 1 and n % 100 == 0:
            print(f"parsed {n} events")


if __name__ == "__main__":
    main()
