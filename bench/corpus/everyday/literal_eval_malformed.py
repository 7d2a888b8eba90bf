"""ValueError / SyntaxError from ast.literal_eval on a string that is not a plain literal."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import ast
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("boxes.csv", "w") as f:
    f.write('id,boxes\n1,"[(0, 0, 10, 10)]"\n2,"[(5, 5, 20, 20)]"\n3,\n4,"array([1, 2])"\n')

df = pd.read_csv("boxes.csv")
if V == 0:
    df["boxes"] = df["boxes"].apply(ast.literal_eval)
elif V == 1:
    print(ast.literal_eval(df.loc[3, "boxes"]))
else:
    print(ast.literal_eval("{'lr': 0.1, 'epochs': 10"))
