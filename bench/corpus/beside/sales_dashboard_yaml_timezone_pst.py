"""The analysts' daily sales dashboard config (reports/daily_sales.yaml, written by hand) sets the report's time zone to "PST"; the report script builds ZoneInfo from it to cut the business day."""
# beside: stores-master-timezone-abbreviations-from-onboarding-form
# why: the abbreviation is typed into the analysts' own report config, not written into stores_master.csv by the onboarding form; the stores' time zones are all IANA names and the fix is the report config.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import yaml

VARIANT = int(sys.argv[1])

CONFIG = """\
report: daily_sales_west
stores: [S001, S002, S058]
timezone: PST   # business day = local midnight to midnight
currency: USD
"""


def report_window(day, config):
    tz = ZoneInfo(config["timezone"])
    start = datetime.fromisoformat(day).replace(tzinfo=tz)
    return start, start + timedelta(days=1)


def main():
    os.makedirs("reports", exist_ok=True)
    with open("reports/daily_sales.yaml", "w") as fh:
        fh.write(CONFIG)
    with open("reports/daily_sales.yaml") as fh:
        config = yaml.safe_load(fh)
    start, end = report_window({0: "2024-06-03", 1: "2024-06-04"}[VARIANT], config)
    print(f"{config['report']}: {start} .. {end}")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s dashboard: %(message)s")
        logging.info("refreshing daily_sales_west")
        try:
            main()
        except Exception:
            logging.exception("refresh failed")
            sys.exit(1)
    else:
        main()
