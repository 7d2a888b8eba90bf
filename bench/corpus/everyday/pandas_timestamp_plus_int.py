"""An integer number of days (or hours) is added to a pandas Timestamp or a datetime column: TypeError: Addition/subtraction of integers and integer-arrays with Timestamp is no longer supported."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

loans = pd.read_csv(io.StringIO(
    "loan_id,issued,term_days,grace\n1,2024-01-15,30,5\n2,2024-02-01,60,5\n3,2024-02-20,90,10\n"
), parse_dates=["issued"])
logging.info("loaded %d loans", len(loans))


def due_dates(df):
    return df["issued"] + df["term_days"]


def label_window(cutoff, horizon_days):
    start = pd.Timestamp(cutoff)
    return start, start + horizon_days


class Schedule:
    def __init__(self, df):
        self.df = df

    def reminders(self):
        out = []
        for row in self.df.itertuples():
            out.append((row.loan_id, row.issued + row.term_days - row.grace))
        return out


if V == 0:
    print(loans.assign(due=due_dates(loans)))
elif V == 1:
    for horizon in (7, 30):
        logging.info("building labels for a %d-day horizon", horizon)
        print(label_window("2024-03-01", horizon))
else:
    print(Schedule(loans).reminders())
