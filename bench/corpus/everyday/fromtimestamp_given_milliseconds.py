"""Epoch timestamps in milliseconds (JS clients, Kafka, app logs) passed to datetime.fromtimestamp as seconds: ValueError: year 56386 is out of range."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
from datetime import date, datetime, timezone

VARIANT = int(sys.argv[1])
log = logging.getLogger("sessions")

events = [
    {"user": "u1", "event": "open", "ts": 1717232400123},
    {"user": "u1", "event": "click", "ts": 1717232415987},
    {"user": "u2", "event": "open", "ts": 1717318800456},
]
with open("events.jsonl", "w") as f:
    for e in events:
        f.write(json.dumps(e) + "\n")

rows = [json.loads(line) for line in open("events.jsonl")]
print(f"{len(rows)} events")

if VARIANT == 0:
    for r in rows:
        when = datetime.fromtimestamp(r["ts"], tz=timezone.utc)
        print(r["user"], r["event"], when.isoformat())
elif VARIANT == 1:
    first = min(r["ts"] for r in rows)
    last = max(r["ts"] for r in rows)
    span = datetime.fromtimestamp(last) - datetime.fromtimestamp(first)
    print("session span", span)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        days = sorted({date.fromtimestamp(r["ts"]) for r in rows})
        log.info("partitions to write: %s", days)
    except Exception:
        log.exception("partitioning failed")
        sys.exit(1)
