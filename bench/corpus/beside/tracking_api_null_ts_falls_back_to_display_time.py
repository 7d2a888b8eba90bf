"""When the tracking API's event_ts is null (events keyed in by hand at the depot), the job falls back to the event's display_time field, a US-style string meant for customers."""
# beside: carrier-tracking-feed-timestamp-format-changed
# why: the feed's event_ts is still ISO; the failing value is the customer-facing display_time the user's own fallback picks for events without event_ts.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys
from datetime import datetime, timedelta

VARIANT = int(sys.argv[1])
FEED_TS_FORMAT = "%Y-%m-%d %H:%M:%S"
log = logging.getLogger("delivery_times")


def fetch_tracking(n, manual_at):
    """Stand-in for GET /v3/tracking/events?date=2024-03-01."""
    start = datetime(2024, 3, 1, 6, 27)
    events = []
    for i in range(n):
        ts = start + timedelta(minutes=29 * i)
        events.append(
            {
                "tracking_no": f"1Z{7700000000 + 97 * i}",
                "status": "DELIVERED" if i % 4 == 3 else "IN_TRANSIT",
                "event_ts": None if i in manual_at else ts.strftime(FEED_TS_FORMAT),
                "display_time": ts.strftime("%m/%d/%Y %I:%M %p"),
            }
        )
    return json.dumps({"events": events})


def event_time(event):
    return datetime.strptime(event["event_ts"] or event["display_time"], FEED_TS_FORMAT)


def main():
    payload = json.loads(fetch_tracking({0: 30, 1: 200}[VARIANT], {0: {0}, 1: {0, 57}}[VARIANT]))
    log.info("%d tracking events", len(payload["events"]))
    times = [event_time(e) for e in payload["events"]]
    log.info("first %s last %s", min(times), max(times))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("could not compute delivery times")
            sys.exit(1)
    else:
        main()
