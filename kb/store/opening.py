"""Opening a database: connecting, creating or upgrading its schema, and saying in one line why
a database cannot be opened (damaged pages, a full disk, a server that refused).

The store (kb.store.entry_store.open_store) builds on this. Only a database without the current
schema pays for SQLAlchemy, to create or migrate it (kb.store.database); every other open is one
connection and one query.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime

from kb.errors import KbError, StoreUnavailable
from kb.paths import DatabaseLocation
from kb.store import sqlite_file
from kb.store.connection import Database, StatementFailed, connect
from kb.store.schema import MIGRATION_NAMES, SchemaState

_MIGRATIONS = frozenset(MIGRATION_NAMES)


def opened(location: DatabaseLocation, clock: Callable[[], datetime]) -> tuple[Database, SchemaState, bool]:
    """A connection to LOCATION with its schema current (created or upgraded as needed, at the time
    CLOCK tells), the schema's state, and whether the database is a file kb may not write."""
    read_only = False
    if location.file is not None:
        sqlite_file.check_path(location)
        read_only = sqlite_file.is_read_only(location)
    db: Database | None = None
    try:
        if location.file is not None and os.path.getsize(location.file) == 0:
            # A new file (other kb processes may be creating it too): the schema first, through
            # the migrations' own connection, then the store's; one that met the file before it
            # had a schema could read it as malformed.
            schema = migrated(None, location, clock(), read_only)
            db = connected(location)
        else:
            db = connected(location)
            current = current_schema(db)
            if current is not None:
                schema = current
            else:
                schema = migrated(db, location, clock(), read_only)
                if location.file is not None:
                    db.close()  # read the new schema afresh, as above
                    db = connected(location)
    except BaseException:
        if db is not None:
            db.close()
        raise
    return db, schema, read_only


def current_schema(db: Database) -> SchemaState | None:
    """The schema's state when it is current; None when it is not, or there is none yet."""
    try:
        names = {str(row[0]) for row in db.rows("SELECT name FROM kb_migration")}
    except StatementFailed:
        return None
    return SchemaState(len(MIGRATION_NAMES), created=False, applied=()) if names == _MIGRATIONS else None


def migrated(db: Database | None, location: DatabaseLocation, now: datetime, read_only: bool) -> SchemaState:
    """Create or upgrade the schema (kb.store.database, which SQLAlchemy runs)."""
    from kb.store.database import migrate, open_engine

    engine = open_engine(location, db)
    try:
        return migrate(engine, location, now, read_only)
    finally:
        if location.file is not None or not location.is_sqlite:
            engine.dispose()  # a database in memory lives in DB's connection: the engine only borrowed it


def connected(location: DatabaseLocation) -> Database:
    """A connection to LOCATION; a one-line KbError when there can be none."""
    try:
        return connect(location)
    except StatementFailed as exc:
        raise _unavailable(exc, location) from exc


def _unavailable(exc: StatementFailed, location: DatabaseLocation) -> KbError:
    if location.file is not None:
        damaged = sqlite_file.confirm_damage(location.file, location.display(), exc.message)
        if damaged is not None:
            return damaged
        full = sqlite_file.confirm_full_disk(location.file, location.display(), exc.message, "open")
        if full is not None:
            return full
    message = exc.message
    return StoreUnavailable(
        message if message.startswith("cannot") else f"cannot open {location.display()}: {message}"
    )
