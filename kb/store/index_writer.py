"""The search index's write side, kept exact as entries change: the mirror of kb.store.index_reader.

An entry's postings (search_term), its document row (search_doc) and the document frequencies
(search_df) change together, inside the store's transaction: these functions take the store's session
and never open one. One entry at a time for everyday writes; the whole index in bulk (kb.store.bulk_write)
for imports, migrations and a new normalizer version.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, insert, update
from sqlmodel import Session, select

from kb.entry.content import LIST_FIELDS, EntryContent
from kb.store.bulk_write import indexing, write_index
from kb.store.models import Entry, search_df, search_doc, search_term
from kb.text.entry_terms import index_entry

#: Past this many changed entries, rebuilding the whole index beats updating document frequencies.
BULK_REINDEX_THRESHOLD = 20


def index_one(session: Session, entry: Entry) -> None:
    """Recompute ENTRY's search rows, keeping the document frequencies exact."""
    unindex(session, entry)
    assert entry.id is not None
    index = index_entry(entry.content())
    session.execute(
        insert(search_doc).values(
            entry_id=entry.id,
            status=entry.status,
            length=index.length,
            signatures=list(index.signatures),
            exception_types=list(index.exception_types),
        )
    )
    if index.terms:
        session.execute(
            insert(search_term),
            [{"term": term, "entry_id": entry.id, "weight": weight} for term, weight in index.terms.items()],
        )
        _shift_df(session, list(index.terms), +1)
    session.flush()


def reindex(session: Session, entries: Sequence[Entry]) -> None:
    """Index a batch: entry by entry when it is small, one bulk rebuild when it is not."""
    if len(entries) > BULK_REINDEX_THRESHOLD:
        rebuild_index(session)
        return
    for entry in entries:
        index_one(session, entry)


def unindex(session: Session, entry: Entry) -> None:
    """Remove ENTRY's search rows, and its terms from the document frequencies."""
    old_terms = list(
        session.execute(select(search_term.c.term).where(search_term.c.entry_id == entry.id)).scalars()
    )
    if old_terms:
        _shift_df(session, old_terms, -1)
        session.execute(delete(search_term).where(search_term.c.entry_id == entry.id))
    session.execute(delete(search_doc).where(search_doc.c.entry_id == entry.id))


def _shift_df(session: Session, terms: list[str], change: int) -> None:
    for start in range(0, len(terms), 500):
        chunk = terms[start : start + 500]
        known = set(session.execute(select(search_df.c.term).where(search_df.c.term.in_(chunk))).scalars())
        if known:
            session.execute(
                update(search_df).where(search_df.c.term.in_(known)).values(df=search_df.c.df + change)
            )
        fresh = [t for t in chunk if t not in known]
        if fresh and change > 0:
            session.execute(insert(search_df), [{"term": t, "df": change} for t in fresh])
    if change < 0:
        session.execute(delete(search_df).where(search_df.c.df <= 0))


def stored_contents(session: Session) -> list[tuple[int, EntryContent]]:
    """Every entry's id and content, read as plain rows: ORM objects would cost more than indexing."""
    columns = [getattr(Entry, name) for name in ("id", *EntryContent.__dataclass_fields__)]
    stored: list[tuple[int, EntryContent]] = []
    for row in session.execute(select(*columns)):
        values = row._asdict()
        entry_id = values.pop("id")
        for name in LIST_FIELDS:
            values[name] = tuple(values[name])
        stored.append((entry_id, EntryContent(**values)))
    return stored


def rebuild_index(session: Session) -> None:
    """Recompute every entry's search rows in bulk, and stamp the normalizer version."""
    stored = stored_contents(session)
    with indexing([content for _, content in stored]) as indexes:
        write_index(
            session,
            (
                (entry_id, content.status, index)
                for (entry_id, content), index in zip(stored, indexes, strict=True)
            ),
        )
