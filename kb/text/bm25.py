"""BM25's constants and the impact of a term in an entry: what the index stores and a search scores.

The index (kb.store) stores each posting's impact, and a search (kb.search) multiplies it by the
term's query weight, IDF and k1 + 1. Both import this module alone, so that `kb search` does not
pay for the indexer's imports.
"""

from __future__ import annotations

#: BM25's saturation of term frequency, and how far it normalises by an entry's length.
BM25_K1 = 1.2
BM25_B = 0.75


def impact(tf: float, length: float, average_length: float) -> float:
    """An entry's BM25 impact for a term: the term's weighted frequency TF in the entry, saturated,
    and normalised by the entry's LENGTH against AVERAGE_LENGTH."""
    return tf / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / (average_length or 1.0)))
