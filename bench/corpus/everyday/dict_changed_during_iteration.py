"""RuntimeError: dictionary changed size during iteration while pruning a dict in a loop."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

vocab = {"the": 120, "cat": 3, "sat": 1, "on": 50, "mat": 2, "zyx": 1}


def prune(counts, min_count):
    for word, n in counts.items():
        if n < min_count:
            del counts[word]
    return counts


def add_lowercase(counts):
    for word in counts:
        counts[word.upper()] = counts[word]
    return counts


if V == 0:
    print(prune(vocab, 2))
elif V == 1:
    print(add_lowercase(vocab))
else:
    tags = {"a", "b", "c"}
    for t in tags:
        tags.add(t + "_x")
