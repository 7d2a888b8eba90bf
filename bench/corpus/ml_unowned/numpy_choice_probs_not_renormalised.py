"""Sampling with numpy's choice from probabilities that were filtered (top-k, top-p) or reweighted (unigram ** 0.75) and never renormalised: ValueError: probabilities do not sum to 1."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(42)


def softmax(logits, temperature=1.0):
    z = logits / temperature
    z = z - z.max()
    e = np.exp(z)
    return e / e.sum()


def top_k_filter(probs, k):
    out = probs.copy()
    out[np.argsort(probs)[:-k]] = 0.0
    return out


def sample_reply(logits_fn, max_new_tokens=5, k=20):
    tokens = []
    for step in range(max_new_tokens):
        probs = top_k_filter(softmax(logits_fn(tokens), temperature=0.8), k)
        tokens.append(int(rng.choice(len(probs), p=probs)))
        print(f"step {step}: token {tokens[-1]}")
    return tokens


def nucleus(probs, top_p=0.9):
    order = np.argsort(probs)[::-1]
    cum = np.cumsum(probs[order])
    keep = order[: int(np.searchsorted(cum, top_p)) + 1]
    out = np.zeros_like(probs)
    out[keep] = probs[keep]
    return out


def negative_sampler(item_counts, n, power=0.75):
    weights = item_counts / item_counts.sum()
    weights = weights ** power
    return np.random.choice(len(item_counts), size=n, p=weights)


if V == 0:
    vocab = 800
    print(sample_reply(lambda toks: rng.normal(0, 2.0, vocab)))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("caption_sampler")
    probs = softmax(rng.normal(0, 3.0, 1200))
    for image_id in ("img_0041", "img_0042"):
        log.info("sampling caption for %s", image_id)
        first = rng.choice(probs.size, p=nucleus(probs, top_p=0.92))
else:
    counts = rng.integers(1, 5000, size=300).astype(float)
    print(f"{counts.size} items, drawing negatives")
    negs = negative_sampler(counts, 64)
