"""The readings collector polls the HMI's /display endpoint, which returns values formatted for the operator screens, instead of /raw."""
# beside: historian-export-readings-with-unit-suffix
# why: the strings come from the HMI's display API the collector was pointed at by mistake (the raw endpoint returns numbers); the historian's CSV export is not involved.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys

VARIANT = int(sys.argv[1])
log = logging.getLogger("collector")

TAGS = {"P07.bearing_temp": (74.11, "°C"), "P07.inlet_pressure": (4.02, "bar"), "P07.flow_rate": (128.4, "m3/h")}


def hmi_get(endpoint):
    """Stand-in for GET http://hmi-line3/api/v1/<endpoint>."""
    if endpoint == "display":
        return json.dumps({"tags": [{"tag": t, "value": f"{v:.2f} {u}", "quality": "good"} for t, (v, u) in TAGS.items()]})
    return json.dumps({"tags": [{"tag": t, "value": v, "unit": u, "quality": 192} for t, (v, u) in TAGS.items()]})


def poll(endpoint):
    payload = json.loads(hmi_get(endpoint))
    return {item["tag"]: float(item["value"]) for item in payload["tags"]}


def main():
    endpoint = "display"  # COLLECTOR_ENDPOINT in collector.env
    if VARIANT == 1:
        log.info("polling line 3 HMI every 10 s (endpoint=%s)", endpoint)
        for cycle in range(2):
            log.info("cycle %d", cycle)
            poll(endpoint)
    else:
        print(poll(endpoint))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("poll failed")
            sys.exit(1)
    else:
        main()
