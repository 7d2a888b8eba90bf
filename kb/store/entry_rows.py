"""The entry table's statements, each run inside a transaction the store holds: reading an entry
(locked for a write), inserting, saving and deleting its row, the ids of many, the keys their owners
took out of the knowledge base, and kb's small facts (kb_meta).

Only kb.store.entry_store calls these; nothing here opens a connection or a transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from kb.entry.content import EntryContent
from kb.store.connection import Database, StatementFailed, chunks, in_list
from kb.store.record import ENTRY_COLUMNS, SELECTED_COLUMNS, Entry
from kb.text.paste import NORMALIZER_VERSION

_STORED = tuple(name for name in ENTRY_COLUMNS if name != "id")


def find_entry(db: Database, key: str, locked: bool = False) -> Entry | None:
    """KEY's entry, or None; LOCKED: locked until the transaction ends: on a server, two writers
    changing one entry at once would otherwise both start from the same counts, and one's change
    would be lost."""
    lock = db.for_update() if locked else ""
    if locked:
        db.bound_lock_waits()
    row = db.first(f'SELECT {SELECTED_COLUMNS} FROM entry WHERE "key" = :key{lock}', {"key": key})
    return Entry.from_row(row) if row is not None else None


def insert_entry(db: Database, entry: Entry) -> None:
    """Write ENTRY as a new row; it learns its id."""
    columns = ", ".join(f'"{name}"' for name in _STORED)
    values = ", ".join(f":{name}" for name in _STORED)
    entry.id = int(db.value(f"INSERT INTO entry ({columns}) VALUES ({values}) RETURNING id", entry.row()))


def save_entry(db: Database, entry: Entry) -> None:
    """Write every column of ENTRY over its row."""
    assigned = ", ".join(f'"{name}" = :{name}' for name in _STORED)
    db.run(f"UPDATE entry SET {assigned} WHERE id = :id", {**entry.row(), "id": entry.id})


def delete_entry(db: Database, entry: Entry) -> None:
    db.run("DELETE FROM entry WHERE id = :id", {"id": entry.id})


def removed_by_owner(db: Database, keys: Sequence[str]) -> set[str]:
    """Those of KEYS whose last recorded change took them out of the knowledge base: merged into
    another entry, purged, or renamed to another key. Each was someone's choice, which a seed load
    must keep as it keeps an edit; the history knows them, as every removal is recorded in the
    transaction that makes it."""
    last: dict[str, tuple[str, str]] = {}
    for chunk in chunks(sorted(set(keys))):
        listed, params = in_list("k", chunk)
        rows = db.rows(
            f'SELECT "key", action, detail FROM entry_change WHERE "key" IN ({listed}) ORDER BY id', params
        )
        last.update((str(key), (str(action), str(detail))) for key, action, detail in rows)
    return {
        key
        for key, (action, detail) in last.items()
        if action in ("merged", "purged") or (action == "renamed" and detail.startswith("to "))
    }


def write_meta(db: Database, name: str, value: str) -> None:
    db.run("DELETE FROM kb_meta WHERE name = :name", {"name": name})
    db.run("INSERT INTO kb_meta (name, value) VALUES (:name, :value)", {"name": name, "value": value})


def edit_action(before: EntryContent, after: EntryContent) -> str:
    """What changing BEFORE into AFTER was, for the history: an archive, a restore, or an edit."""
    if before.replace(status=after.status) == after and before.status != after.status:
        return "archived" if after.status == "archived" else "restored"
    return "edited"


def indexed_by_this_normalizer(db: Database) -> bool:
    stored = db.value("SELECT value FROM kb_meta WHERE name = 'normalizer_version'")
    return str(stored) == str(NORMALIZER_VERSION)


def new_entry_row(content: EntryContent, usage: dict[str, Any], now: datetime) -> dict[str, Any]:
    """A row of the entry table: the content, the defaults, then whatever usage a backup carried."""
    row = Entry.new(content, now).row()
    row.update(
        {
            name: value
            for name, value in usage.items()
            if value is not None or name not in ("created", "updated")
        }
    )
    return row


def restore_usage(entry: Entry, usage: dict[str, Any]) -> None:
    for name, value in usage.items():
        if value is not None or name not in ("created", "updated"):
            setattr(entry, name, value)


def is_key_clash(exc: StatementFailed) -> bool:
    """True when EXC is the unique key of the entry table, on SQLite or PostgreSQL."""
    message = exc.message.lower()
    return exc.clash and ("entry.key" in message or "ix_entry_key" in message or "(key)=" in message)


def first_free_key(base: str, taken: set[str]) -> str:
    """BASE, or BASE-2, BASE-3 … whichever is not TAKEN."""
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def entry_ids(db: Database, keys: Sequence[str]) -> dict[str, int]:
    """The ids of the entries KEYS, read a chunk of keys at a time."""
    ids: dict[str, int] = {}
    for chunk in chunks(keys):
        listed, params = in_list("k", chunk)
        ids.update(
            (str(key), int(entry_id))
            for key, entry_id in db.rows(f'SELECT "key", id FROM entry WHERE "key" IN ({listed})', params)
        )
    return ids


def insert_entries(db: Database, adds: Sequence[tuple[EntryContent, dict[str, Any]]], now: datetime) -> None:
    db.insert("entry", [new_entry_row(content, usage, now) for content, usage in adds])
