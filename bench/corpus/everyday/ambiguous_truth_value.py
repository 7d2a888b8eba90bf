"""ValueError: The truth value of a Series/array is ambiguous in an if statement."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

df = pd.DataFrame({"age": [23, 41, 17, 35], "income": [30, 70, 0, 55]})


def label(frame):
    if frame["age"] > 18:
        return "adult"
    return "minor"


if V == 0:
    print(label(df))
elif V == 1:
    adults = df[(df["age"] > 18) and (df["income"] > 40)]
else:
    preds = np.array([0.2, 0.8, 0.6])
    if preds > 0.5:
        print("positive")
