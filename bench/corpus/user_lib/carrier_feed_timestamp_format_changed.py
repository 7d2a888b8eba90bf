"""The carrier's tracking feed switched its event timestamps from ISO ("2024-03-07 14:05:00") to US style ("03/07/2024 02:05 PM"); the delivery-time job parses them with the old format."""
EXPECT = ["carrier-tracking-feed-timestamp-format-changed"]
VARIANTS = 4

import csv
import logging
import os
import random
import sys
from datetime import datetime, timedelta

VARIANT = int(sys.argv[1])

FEED_TS_FORMAT = "%Y-%m-%d %H:%M:%S"


def download_feed(path, n, new_format_from):
    rnd = random.Random(VARIANT)
    start = datetime(2024, 3, 1, 6, 0)
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["tracking_no", "event", "event_ts", "depot"])
        for i in range(n):
            ts = start + timedelta(minutes=37 * i + rnd.randint(0, 30))
            text = ts.strftime("%m/%d/%Y %I:%M %p") if i >= new_format_from else ts.strftime(FEED_TS_FORMAT)
            writer.writerow([f"1Z{rnd.randint(10**9, 10**10 - 1)}", rnd.choice(["PICKUP", "IN_TRANSIT", "DELIVERED"]), text, rnd.choice(["LHR3", "MAN1", "BHX2"])])


def parse_event_ts(text):
    return datetime.strptime(text, FEED_TS_FORMAT)


def main():
    path = {0: "carrier_events_2024-03-07.csv", 1: "feeds/ups_events.csv", 2: "carrier_events_2024-03-07.csv", 3: "carrier_events_2024-03-08.csv"}[VARIANT]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    download_feed(path, {0: 200, 1: 500, 2: 300, 3: 900}[VARIANT], {0: 0, 1: 0, 2: 0, 3: 640}[VARIANT])
    if VARIANT == 1:
        import pandas as pd

        events = pd.read_csv(path)
        events["event_ts"] = pd.to_datetime(events["event_ts"], format=FEED_TS_FORMAT)
        return
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh)):
            parse_event_ts(row["event_ts"])
            if VARIANT == 3 and n % 200 == 0:
                print(f"parsed {n} events")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s delivery_times: %(message)s")
        logging.info("loading carrier feed")
        try:
            main()
        except Exception:
            logging.exception("could not load carrier events")
            sys.exit(1)
    else:
        main()
