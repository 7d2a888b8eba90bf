"""ValueError building monthly evaluation windows by hand: replace(month=m+1) on the 31st, month 13 in December, Feb 29 in a non-leap year."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from datetime import date, timedelta

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("backtest")


def next_month(d):
    return d.replace(month=d.month + 1)


def monthly_windows(start, n):
    windows, cur = [], start
    for _ in range(n):
        nxt = next_month(cur)
        windows.append((cur, nxt - timedelta(days=1)))
        cur = nxt
    return windows


def anniversary_cutoffs(first_year, last_year, month=2, day=29):
    return [date(y, month, day) for y in range(first_year, last_year + 1)]


if V == 0:
    log.info("building backtest windows from the end of January")
    for lo, hi in monthly_windows(date(2024, 1, 31), 6):
        log.info("window %s .. %s", lo, hi)
elif V == 1:
    start = date(2023, 9, 1)
    log.info("building 6 monthly windows from %s", start)
    for lo, hi in monthly_windows(start, 6):
        log.info("window %s .. %s", lo, hi)
else:
    log.info("yearly retrain cutoffs, leap-day release")
    for cutoff in anniversary_cutoffs(2020, 2025):
        log.info("cutoff %s", cutoff)
