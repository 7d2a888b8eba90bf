"""A tier/size/priority column made categorical without ordered=True (astype('category'), pd.Categorical, CategoricalDtype) and then filtered with < / >= or reduced with max: TypeError: Unordered Categoricals can only compare equality or not."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd
from pandas.api.types import CategoricalDtype

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def loyalty_members():
    df = pd.DataFrame({"member_id": range(1, 9),
                       "tier": ["bronze", "gold", "silver", "bronze", "platinum", "silver", "gold", "bronze"],
                       "points": [120, 5400, 1800, 90, 12000, 2300, 6100, 40]})
    df["tier"] = df["tier"].astype("category")
    return df


def apparel_returns():
    sizes = pd.Categorical(["S", "XL", "M", "L", "XS", "M", "XL"], categories=["XS", "S", "M", "L", "XL"])
    return pd.DataFrame({"sku": [f"TS-{i}" for i in range(7)], "size": sizes, "returned": [1, 0, 0, 1, 1, 0, 1]})


def large_size_return_rate(frame):
    large = frame[frame["size"] >= "L"]
    return large["returned"].mean()


def report_return_rates():
    frame = apparel_returns()
    return {"large": large_size_return_rate(frame), "all": frame["returned"].mean()}


PRIORITY = CategoricalDtype(["low", "medium", "high", "urgent"])


def worst_priority_per_queue(tickets):
    tickets["priority"] = tickets["priority"].astype(PRIORITY)
    return tickets.groupby("queue")["priority"].agg(lambda s: s.max())


if V == 0:
    members = loyalty_members()
    upgrade_candidates = members[(members.tier < "gold") & (members.points > 1500)]
    print(upgrade_candidates)
elif V == 1:
    print(report_return_rates())
else:
    tickets = pd.DataFrame({"queue": ["billing", "billing", "shipping", "shipping", "app"],
                            "priority": ["low", "high", "medium", "urgent", "low"]})
    print("computing worst open priority per queue", flush=True)
    print(worst_priority_per_queue(tickets))
