"""groupby().mean() / agg over a frame that still holds a text column (or numbers read as strings like '23ms'): TypeError: dtype 'str' does not support operation 'mean'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("eval_runs.csv", "w") as f:
    f.write("model,dataset,seed,accuracy,latency_ms,notes\n")
    for i in range(12):
        lat = f"{20 + i}ms" if V == 1 else str(20 + i)
        f.write(f"{['bert', 'roberta', 'distil'][i % 3]},{['sst2', 'imdb'][i % 2]},{i // 6},{0.8 + i / 100:.2f},{lat},run {i}\n")


def leaderboard(df):
    if V == 0:
        return df.groupby("model").mean()
    if V == 1:
        return df.groupby(["model", "dataset"])[["accuracy", "latency_ms"]].mean()
    return df.groupby("dataset").agg("median")


df = pd.read_csv("eval_runs.csv")
print(df.head(3))
if __name__ == "__main__":
    print(leaderboard(df).sort_values("accuracy", ascending=False))
