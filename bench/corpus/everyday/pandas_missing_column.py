"""KeyError from pandas when selecting a column the CSV does not have."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("reviews.csv", "w") as f:
    f.write("id,text,Label\n1,great product,1\n2,broke after a week,0\n3,okay,1\n")

df = pd.read_csv("reviews.csv")
print(df.head())

if V == 0:
    y = df["label"]
elif V == 1:
    X = df[["text", "rating"]]
elif V == 2:
    first = df[0]
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(levelname)s | %(message)s")
    logging.info("read %d rows, columns=%s", len(df), list(df.columns))
    try:
        positives = df[df["sentiment"] == 1]
    except KeyError:
        logging.exception("column lookup failed")
        sys.exit(1)
