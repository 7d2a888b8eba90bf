"""TypeError: Cannot setitem on a Categorical with a new category, filling missing values or bucketing rare values with a label the category dtype does not have."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(2)


def load_listings():
    cities = rng.choice(["berlin", "paris", "rome", "oslo", "riga"], size=200, p=[0.4, 0.3, 0.2, 0.07, 0.03])
    df = pd.DataFrame({"city": cities, "rooms": rng.integers(1, 6, 200), "price": rng.normal(120, 30, 200).round(2)})
    df.loc[rng.integers(0, 200, 6), "city"] = None
    return df.astype({"city": "category"})


def fill_missing(df):
    df["city"] = df["city"].fillna("unknown")
    return df


def bucket_rare(df, col, min_count=15):
    counts = df[col].value_counts()
    rare = counts[counts < min_count].index
    df.loc[df[col].isin(rare), col] = "other"
    return df


def clean_row(df, i):
    df.at[i, "city"] = df.at[i, "city"].title()
    return df


df = load_listings()
print(df.dtypes.to_dict())
if V == 0:
    df = fill_missing(df)
elif V == 1:
    df = bucket_rare(df, "city")
else:
    df = clean_row(df, int(df["city"].first_valid_index()))
print(df["city"].value_counts())
