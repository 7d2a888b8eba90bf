"""An analyst fixed two depot codes in the carrier events CSV in Excel and saved it; Excel rewrote every event_ts in its US display format."""
# beside: carrier-tracking-feed-timestamp-format-changed
# why: the carrier's feed is still ISO; the file was re-saved by Excel on a US-locale laptop, which reformatted the timestamps, the feed did not change.
EXPECT = []
VARIANTS = 2

import csv
import logging
import sys
from datetime import datetime, timedelta

VARIANT = int(sys.argv[1])
FEED_TS_FORMAT = "%Y-%m-%d %H:%M:%S"
log = logging.getLogger("delivery_times")


def download_feed(path, n):
    start = datetime(2024, 3, 1, 6, 27)
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["tracking_no", "event", "event_ts", "depot"])
        for i in range(n):
            writer.writerow([f"1Z{4400000000 + 7919 * i}", ["PICKUP", "IN_TRANSIT", "DELIVERED"][i % 3], (start + timedelta(minutes=41 * i)).strftime(FEED_TS_FORMAT), ["LHR3", "MAN1", "BHX2"][i % 3]])


def excel_save_as_csv(path, fixes):
    """What Excel does on Save As CSV: cells are written as displayed (m/d/yyyy h:mm AM/PM for dates)."""
    with open(path, newline="") as fh:
        rows = list(csv.reader(fh))
    for row in rows[1:]:
        row[2] = datetime.strptime(row[2], FEED_TS_FORMAT).strftime("%m/%d/%Y %I:%M %p")
        row[3] = fixes.get(row[0], row[3])
    with open(path, "w", newline="") as fh:
        csv.writer(fh).writerows(rows)


def load_events(path):
    with open(path, newline="") as fh:
        return [dict(row, event_ts=datetime.strptime(row["event_ts"], FEED_TS_FORMAT)) for row in csv.DictReader(fh)]


def main():
    path = {0: "carrier_events_2024-03-01.csv", 1: "carrier_events_2024-03-01_fixed.csv"}[VARIANT]
    download_feed(path, {0: 120, 1: 400}[VARIANT])
    excel_save_as_csv(path, {"1Z4400007919": "MAN2", "1Z4400015838": "LHR3"})
    log.info("loading %s", path)
    events = load_events(path)
    log.info("%d events", len(events))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("could not load carrier events")
            sys.exit(1)
    else:
        main()
