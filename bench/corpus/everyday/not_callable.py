"""TypeError: object is not callable after a builtin or function name was shadowed."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def summarize(values):
    list = sorted(values)  # shadows the builtin
    top = list(values)[:3]
    return top


def accuracy(preds, labels):
    return sum(p == l for p, l in zip(preds, labels)) / len(labels)


preds, labels = [1, 0, 1, 1], [1, 1, 1, 0]
if V == 0:
    print(summarize(preds))
elif V == 1:
    accuracy = accuracy(preds, labels)
    print("epoch 1 acc", accuracy)
    accuracy = accuracy(preds[::-1], labels)
else:
    name = "report"
    print(name("results.txt"))
