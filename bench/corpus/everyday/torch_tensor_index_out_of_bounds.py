"""IndexError from indexing the user's own tensor past its size while collecting results."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(V)


def top_k_names(scores, names, k):
    return [names[i] for i in scores.argsort(descending=True)[:k]]


def per_class_score(matrix, n_classes):
    return [matrix[c, c].item() for c in range(n_classes)]


if V == 0:
    scores = torch.rand(5)
    for i in range(1, 6):
        print(f"candidate {i}: {scores[i].item():.3f}")
elif V == 1:
    conf = torch.randint(0, 9, (4, 4))
    print(per_class_score(conf, 5))
else:
    emb = torch.randn(6, 8)
    print(emb[:, 8])
