"""Schema facts the fast read path needs without importing SQLAlchemy.

kb.store.database holds the migrations themselves; a test checks that their names are exactly these, in order.
"""

from __future__ import annotations

MIGRATION_NAMES: tuple[str, ...] = ("m001_create_entry", "m002_add_search_index", "m003_index_terms_by_entry")

SQLITE_BUSY_TIMEOUT_MS = 30_000
