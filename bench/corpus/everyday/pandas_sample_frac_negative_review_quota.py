EXPECT = []
VARIANTS = 3

# A labelling queue samples a share of yesterday's rows for review; the share is computed as
# "target minus already reviewed", which goes negative once the reviewers are ahead.
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

QUEUE = [
    {"target_share": 0.05, "reviewed": 42, "rows": 600},
    {"target_share": 0.10, "reviewed": 130, "rows": 1000, "per_group": True},
    {"target_share": 0.02, "reviewed": 15, "rows": 400},
][V]


def review_sample(df, q):
    frac = q["target_share"] - q["reviewed"] / len(df)
    print(f"sampling frac={frac:.4f} of {len(df)} rows")
    if q.get("per_group"):
        return df.groupby("category", group_keys=False).sample(frac=frac, random_state=0)
    return df.sample(frac=frac, random_state=0)


def main():
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"ticket_id": np.arange(QUEUE["rows"]),
                       "category": rng.choice(["billing", "login", "shipping"], QUEUE["rows"])})
    print(f"{len(df)} tickets yesterday, {QUEUE['reviewed']} already reviewed")
    sample = review_sample(df, QUEUE)
    sample.to_csv("review_queue.csv", index=False)


if __name__ == "__main__":
    main()
