"""Another process's hold on a SQLite database, for the tests of what kb does while it waits."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def write_lock_held(database: str) -> Iterator[None]:
    """Another process's write transaction on DATABASE (a long kb import, a sync) until the block ends."""
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()
