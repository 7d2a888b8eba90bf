"""zoneinfo.ZoneInfoNotFoundError for a time zone key from a config that is an abbreviation (CEST), an offset (UTC+2) or has a trailing space."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("sessionize")

STORES = {
    "berlin-01": {"tz": "Europe/Berlin"},
    "paris-03": {"tz": "Europe/Paris "},
    "madrid-02": {"tz": "CEST"},
    "athens-04": {"tz": "UTC+2"},
}
EVENTS = [
    {"store": "berlin-01", "ts": 1717228800},
    {"store": ["paris-03", "madrid-02", "athens-04"][V], "ts": 1717232400},
]


def local_hour(event, stores):
    tz = ZoneInfo(stores[event["store"]]["tz"])
    return datetime.fromtimestamp(event["ts"], tz).hour


def add_hour_features(events, stores):
    out = []
    for e in events:
        out.append({**e, "local_hour": local_hour(e, stores)})
        log.info("store %s -> hour %d", e["store"], out[-1]["local_hour"])
    return out


log.info("loaded %d stores, %d events", len(STORES), len(EVENTS))
print(json.dumps(add_hour_features(EVENTS, STORES)))
