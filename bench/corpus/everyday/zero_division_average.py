"""ZeroDivisionError when averaging over an empty selection."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

results = [
    {"split": "train", "correct": 90, "total": 100, "loss": 0.3},
    {"split": "val", "correct": 18, "total": 25, "loss": 0.6},
]


def mean_loss(rows, split):
    chosen = [r["loss"] for r in rows if r["split"] == split]
    return sum(chosen) / len(chosen)


def every(total, k):
    return total % k


for r in results:
    print(f"{r['split']}: acc={r['correct'] / r['total']:.3f}")
if V == 0:
    print("test loss", mean_loss(results, "test"))
elif V == 1:
    log_every = int(0.1 * 5)
    for step in range(1, 20):
        if every(step, log_every) == 0:
            print(step)
else:
    print("precision", 0.0 / (0.0 + 0.0))
