"""Schema facts the fast read path needs without importing SQLAlchemy.

kb.store.database holds the migrations themselves; a test checks that their names are exactly these, in order.
"""

from __future__ import annotations

MIGRATION_NAMES: tuple[str, ...] = (
    "m001_create_entry",
    "m002_add_search_index",
    "m003_index_terms_by_entry",
    "m004_postings_in_impact_order",
)

SQLITE_BUSY_TIMEOUT_MS = 30_000

#: kb_meta names of the search index's statistics (kb.store.index_writer): how many entries it holds,
#: their total length in thousandths (a whole number, so that adding and removing stays exact), and
#: the average length the stored impacts were computed with.
INDEXED_ENTRIES = "indexed_entries"
INDEXED_LENGTH = "indexed_length_milli"
IMPACT_LENGTH = "impact_length"


def length_units(length: float) -> int:
    """An entry's length as counted in kb_meta: field weights are tenths, so thousandths are exact."""
    return round(length * 1000)
