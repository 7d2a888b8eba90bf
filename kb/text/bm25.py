"""BM25's constants and the impact of a term in an entry: what the index stores and a search scores.

The index (kb.store) stores each posting's impact, and a search (kb.search) multiplies it by the
term's query weight, IDF and k1 + 1. Both import this module alone, so that `kb search` does not
pay for the indexer's imports.
"""

from __future__ import annotations

#: BM25's saturation of term frequency, and how far it normalises by an entry's length.
BM25_K1 = 1.2
BM25_B = 0.75


def normalisation(average_length: float) -> tuple[float, float]:
    """(A, B) such that an entry of length L dampens a term's frequency tf to tf / (tf + A + B * L):
    BM25's k1 * (1 - b + b * L / average), split so that a search scoring thousands of postings
    computes the constant part once."""
    return BM25_K1 * (1 - BM25_B), BM25_K1 * BM25_B / (average_length or 1.0)


def impact(tf: float, length: float, average_length: float) -> float:
    """An entry's BM25 impact for a term: the term's weighted frequency TF in the entry, saturated,
    and normalised by the entry's LENGTH against AVERAGE_LENGTH."""
    saturation, per_length = normalisation(average_length)
    return tf / (tf + saturation + per_length * length)
