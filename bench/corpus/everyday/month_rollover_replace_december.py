"""Next-month arithmetic done with date.replace(month=d.month + 1) (or + 3 for a quarter): fine all year, ValueError: month must be in 1..12 in December."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from datetime import date, datetime

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def next_month_start(day):
    return day.replace(month=day.month + 1, day=1)


def month_bounds(first_day):
    return first_day, next_month_start(first_day)


def build_report_windows(year):
    windows = []
    for month in range(1, 13):
        start, end = month_bounds(date(year, month, 1))
        windows.append((start, end))
        print(f"report window {start:%Y-%m}: {start} .. {end}")
    return windows


def renewal_date(started_at, months=1):
    return started_at.replace(month=started_at.month + months)


def quarter_end(quarter_start):
    return quarter_start.replace(month=quarter_start.month + 3)


if V == 0:
    build_report_windows(2024)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("billing.renewals")
    subscriptions = [
        ("sub_4411", datetime(2023, 9, 15, 8, 30)),
        ("sub_4412", datetime(2023, 11, 2, 17, 5)),
        ("sub_4413", datetime(2023, 12, 15, 9, 0)),
    ]
    for sub_id, started in subscriptions:
        log.info("computing renewal for %s (started %s)", sub_id, started.isoformat())
        log.info("%s renews on %s", sub_id, renewal_date(started).date())
else:
    fiscal_quarters = {"FY24-Q2": date(2024, 4, 1), "FY24-Q3": date(2024, 7, 1), "FY24-Q4": date(2024, 10, 1)}
    for label, start in fiscal_quarters.items():
        end = quarter_end(start)
        print(f"{label}: aggregating orders from {start} to {end}")
