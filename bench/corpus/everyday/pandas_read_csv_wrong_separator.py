"""A tab- or semicolon-separated file read with pd.read_csv's default comma: one column named 'id\tlabel\ttext', then KeyError: 'label'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    with open("train.tsv", "w") as f:
        f.write("id\tlabel\ttext\n")
        for i in range(8):
            f.write(f"{i}\t{i % 2}\tsample sentence number {i}\n")
    path, need = "train.tsv", "label"
elif V == 1:
    with open("export_2024_05.csv", "w") as f:        # a spreadsheet export with a European locale
        f.write("customer;tenure_months;monthly_fee;churned\n")
        for i in range(8):
            f.write(f"c{i};{3 * i};{19 + i},99;{i % 3 == 0}\n")
    path, need = "export_2024_05.csv", ["tenure_months", "monthly_fee"]
else:
    with open("queries.txt", "w") as f:
        f.write("query_id|query|clicked_doc\n")
        for i in range(8):
            f.write(f"q{i}|how to reset password {i}|doc{i * 7}\n")
    path, need = "queries.txt", "clicked_doc"


def load(path):
    df = pd.read_csv(path)
    print(f"{path}: {df.shape[0]} rows x {df.shape[1]} columns")
    return df


df = load(path)
print(df[need].head())
