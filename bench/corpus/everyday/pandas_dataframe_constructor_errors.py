"""ValueError building a DataFrame: all scalar values without an index, or columns that do not match the rows."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def summarize_epoch(epoch):
    return {"epoch": epoch, "loss": round(1 / (epoch + 1), 4), "acc": round(0.5 + epoch / 20, 4)}


def to_frame(rows):
    if V == 0:
        return pd.DataFrame(rows[-1])
    if V == 1:
        return pd.DataFrame([list(r.values()) for r in rows], columns=["epoch", "loss", "acc", "lr"])
    return pd.DataFrame(np.array([list(r.values()) for r in rows]), columns=["loss", "acc"])


history = []
for epoch in range(3):
    history.append(summarize_epoch(epoch))
    print(f"epoch {epoch}: {history[-1]}")
print(to_frame(history))
