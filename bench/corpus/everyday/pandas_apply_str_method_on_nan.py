"""A text column with an empty cell holds a float NaN, so a Python string method in .apply/.map fails: AttributeError: 'float' object has no attribute 'lower'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import re
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("reviews.csv", "w") as f:
    f.write("review_id,title,body,stars\n")
    f.write('1,Great,"Works as described, fast shipping",5\n')
    f.write('2,,"Stopped working after two weeks",1\n')
    f.write('3,Okay,,3\n')
    f.write('4,Love it,"Would buy again",5\n')


def clean_text(s):
    s = s.lower()
    return re.sub(r"[^a-z0-9 ]+", " ", s).strip()


def n_tokens(s):
    return len(s.split())


df = pd.read_csv("reviews.csv")
print(df.isna().sum().to_dict())
if V == 0:
    df["title_clean"] = df["title"].apply(clean_text)
elif V == 1:
    df["body_len"] = df["body"].map(n_tokens)
else:
    df["text"] = df.apply(lambda r: r["title"] + ". " + r["body"], axis=1)
print(df.head())
