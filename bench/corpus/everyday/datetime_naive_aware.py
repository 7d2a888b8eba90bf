"""TypeError from comparing or subtracting naive/aware datetimes or a datetime and a string."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from datetime import datetime, timezone

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

started = datetime(2024, 3, 1, 9, 0)
now = datetime(2024, 3, 1, 11, 30, tzinfo=timezone.utc)

if V == 0:
    print("elapsed", now - started)
elif V == 1:
    print("late" if started < now else "on time")
else:
    print("elapsed", now - "2024-03-01T09:00:00")
