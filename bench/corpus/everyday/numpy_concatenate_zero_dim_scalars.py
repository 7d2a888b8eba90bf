"""np.concatenate of per-batch values that are scalars (a batch mean, arr.sum(), x[i]) instead of 1-D arrays: zero-dimensional arrays cannot be concatenated."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(11)
batches = [rng.random((16, 4)) for _ in range(5)]


class Evaluator:
    def __init__(self):
        self.losses = []

    def step(self, logits):
        loss = -np.log(logits.max(axis=1)).mean()
        self.losses.append(loss)
        return loss

    def summary(self):
        all_losses = np.concatenate(self.losses)
        return all_losses.mean(), all_losses.std()


if V == 0:
    ev = Evaluator()
    for i, b in enumerate(batches):
        print(f"batch {i}: loss={ev.step(b):.4f}")
    print(ev.summary())
elif V == 1:
    correct = [(b.argmax(axis=1) == 0).sum() for b in batches]
    print("correct per batch:", correct)
    print(np.concatenate(correct).sum())
else:
    last_token_scores = []
    for b in batches:
        last_token_scores.append(b[-1, -1])
    print(np.concatenate(last_token_scores, axis=0))
