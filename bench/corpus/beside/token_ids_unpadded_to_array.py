"""Tokenized sentences are turned into an int64 array without padding them to one length."""
# beside: user-embeddings-export-cold-start-empty-list
# why: the ragged rows are token-id sequences of their natural lengths in the user's own batching code, not empty embeddings written by the embedding service for cold-start users.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
vocab = {w: i + 2 for i, w in enumerate("the a order late refund item broken arrived never wrong size please help".split())}
words = list(vocab)
texts = [" ".join(rng.choice(words, int(rng.integers(3, 12)))) for _ in range({0: 64, 1: 256}[VARIANT])]


def encode(text):
    return [1] + [vocab[w] for w in text.split()]


if VARIANT == 1:
    print(f"encoding {len(texts)} support tickets")
batch = np.array([encode(t) for t in texts], dtype=np.int64)
print(batch.shape)
