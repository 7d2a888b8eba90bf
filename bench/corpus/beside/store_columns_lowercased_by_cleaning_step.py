"""A notebook's cleaning step lowercases and strips every text column of the stores master to normalize names and cities, the timezone column with them; Linux's zoneinfo files are case-sensitive."""
# beside: stores-master-timezone-abbreviations-from-onboarding-form
# why: the master holds valid IANA names; the user's own cleaning step lowercased them ('america/los_angeles'), so the fix is to leave the timezone column out of the normalization, not the onboarding form.
EXPECT = []
VARIANTS = 3

import io
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pandas as pd

VARIANT = int(sys.argv[1])

MASTER = """store_id,name,city,timezone
S001,Seattle Downtown ,Seattle,America/Los_Angeles
S014,Denver Union,DENVER,America/Denver
S021, Chicago Loop,Chicago,America/Chicago
S033,Berlin Mitte,Berlin,Europe/Berlin
"""


def clean(frame):
    for col in frame.select_dtypes(include=["object", "string"]).columns:
        if col != "store_id":
            frame[col] = frame[col].str.strip().str.lower()
    return frame


stores = clean(pd.read_csv(io.StringIO(MASTER)))
print(stores.head())
store = {0: "S001", 1: "S033", 2: "S014"}[VARIANT]
tz = stores.set_index("store_id").loc[store, "timezone"]
print(datetime(2024, 6, 3, 12, tzinfo=timezone.utc).astimezone(ZoneInfo(tz)))
