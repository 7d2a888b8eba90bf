"""nn.Embedding.from_pretrained given word vectors as a numpy array, a list of lists, or a flattened 1-D tensor: 'numpy.ndarray' object has no attribute 'dim' / Embeddings parameter is expected to be 2-dimensional."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
dim, n_words = [(8, 50), (12, 30), (16, 40)][variant]
rng = np.random.default_rng(variant)
words = [f"w{i}" for i in range(n_words)]

with open("vectors.txt", "w") as f:
    for w in words:
        f.write(w + " " + " ".join(f"{v:.5f}" for v in rng.normal(size=dim)) + "\n")


def load_vectors(path):
    vocab, rows = {}, []
    with open(path) as f:
        for i, line in enumerate(f):
            parts = line.rstrip().split(" ")
            vocab[parts[0]] = i
            rows.append([float(v) for v in parts[1:]])
    return vocab, rows


class BagOfEmbeddings(nn.Module):
    def __init__(self, vectors, n_classes=3, freeze=True):
        super().__init__()
        self.embed = nn.Embedding.from_pretrained(vectors, freeze=freeze, padding_idx=0)
        self.out = nn.Linear(self.embed.embedding_dim, n_classes)

    def forward(self, ids):
        return self.out(self.embed(ids).mean(1))


vocab, rows = load_vectors("vectors.txt")
print(f"loaded {len(vocab)} vectors of dim {len(rows[0])}")
if variant == 0:
    matrix = np.asarray(rows, dtype=np.float32)
    model = BagOfEmbeddings(matrix)
elif variant == 1:
    model = BagOfEmbeddings(rows, freeze=False)
else:
    np.save("vectors.npy", np.asarray(rows, dtype=np.float32).ravel())
    model = BagOfEmbeddings(torch.from_numpy(np.load("vectors.npy")))
print(model(torch.randint(0, n_words, (4, 7))).shape)
