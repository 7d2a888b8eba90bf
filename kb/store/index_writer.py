"""The search index's write side, kept exact as entries change: the mirror of kb.store.index_reader.

An entry's postings (search_term), its document row (search_doc), the document frequencies
(search_df) and the entry count (kb_meta) change together, inside the store's transaction: these
functions take the store's session and never open one. One entry at a time for everyday writes;
the whole index in bulk (kb.store.bulk_write) for imports, migrations and a new normalizer version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import BigInteger, String, cast, delete, insert, update
from sqlmodel import Session, select

from kb.entry.check_rule import parse_check_rule
from kb.entry.content import LIST_FIELDS, EntryContent
from kb.store.bulk_write import indexing, write_index
from kb.store.models import Entry, kb_meta, search_df, search_doc, search_term
from kb.store.schema import IMPACT_LENGTH, INDEXED_ENTRIES, INDEXED_LENGTH, length_units
from kb.text.bm25 import impact
from kb.text.entry_terms import index_entry

#: Past this many changed entries, rebuilding the whole index beats updating document frequencies.
BULK_REINDEX_THRESHOLD = 20


def index_one(session: Session, entry: Entry) -> None:
    """Recompute ENTRY's search rows, keeping the document frequencies and the entry count exact."""
    unindex(session, entry)
    assert entry.id is not None
    index = index_entry(entry.content())
    average = _impact_length(session, index.length)
    session.execute(
        insert(search_doc).values(
            entry_id=entry.id,
            status=entry.status,
            length=index.length,
            signatures=list(index.signatures),
            exception_types=list(index.exception_types),
            rules=len(entry.matchers),
        )
    )
    if index.terms:
        session.execute(
            insert(search_term),
            [
                {
                    "term": term,
                    "entry_id": entry.id,
                    "weight": tf,
                    "length": index.length,
                    "impact": impact(tf, index.length, average),
                    "status": entry.status,
                }
                for term, tf in index.terms.items()
            ],
        )
        _shift_df(session, list(index.terms), +1)
    _shift_totals(session, +1, length_units(index.length))
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
    length = session.execute(
        select(search_doc.c.length).where(search_doc.c.entry_id == entry.id)
    ).scalar_one_or_none()
    if length is not None:
        session.execute(delete(search_doc).where(search_doc.c.entry_id == entry.id))
        _shift_totals(session, -1, -length_units(length))


def set_indexed_status(session: Session, entry: Entry) -> None:
    """Record ENTRY's new status in the index, which searches filter on."""
    for table in (search_doc, search_term):
        session.execute(update(table).where(table.c.entry_id == entry.id).values(status=entry.status))


def _impact_length(session: Session, length: float) -> float:
    """The average length that impacts are normalised by: the average when the index was last built
    in full (kb.store.bulk_write). A database indexed entry by entry from empty starts from its first."""
    stored = session.execute(select(kb_meta.c.value).where(kb_meta.c.name == IMPACT_LENGTH)).scalar()
    if stored is not None:
        return float(stored)
    average = length or 1.0
    session.execute(insert(kb_meta).values(name=IMPACT_LENGTH, value=repr(average)))
    return average


def _shift_totals(session: Session, entries: int, length: int) -> None:
    """Move the entry count and total length by ENTRIES and LENGTH (thousandths), in SQL, so that
    concurrent writers add up rather than overwrite each other."""
    for name, change in ((INDEXED_ENTRIES, entries), (INDEXED_LENGTH, length)):
        shifted = session.execute(
            update(kb_meta)
            .where(kb_meta.c.name == name)
            .values(value=cast(cast(kb_meta.c.value, BigInteger) + change, String))
        )
        if not _rows_changed(shifted):  # an index written before the totals were kept: count once
            lengths = session.execute(select(search_doc.c.length)).scalars().all()
            total = len(lengths) if name == INDEXED_ENTRIES else sum(map(length_units, lengths))
            session.execute(insert(kb_meta).values(name=name, value=str(total)))


def _rows_changed(result: object) -> int:
    """How many rows an UPDATE or DELETE changed (Session.execute types its result loosely)."""
    return int(getattr(result, "rowcount", 0))


def _shift_df(session: Session, terms: list[str], change: int) -> None:
    """Move the document frequency of TERMS by CHANGE. New terms are inserted and known ones counted
    in one statement (INSERT … ON CONFLICT), and in sorted order: two writers adding entries with the
    same new words at once, on a server, neither collide on the insert nor wait on each other's rows
    in opposite orders. (Reading which terms exist, then inserting the others, made one of them fail
    with a duplicate key that was reported as a key clash.)"""
    ordered = sorted(set(terms))
    for start in range(0, len(ordered), 500):
        chunk = ordered[start : start + 500]
        if change > 0:
            upsert = _dialect_insert(session)(search_df).values([{"term": t, "df": change} for t in chunk])
            session.execute(
                upsert.on_conflict_do_update(index_elements=["term"], set_={"df": search_df.c.df + change})
            )
        else:
            session.execute(
                update(search_df).where(search_df.c.term.in_(chunk)).values(df=search_df.c.df + change)
            )
    if change < 0:
        session.execute(delete(search_df).where(search_df.c.df <= 0))


def _dialect_insert(session: Session) -> Any:
    """The INSERT of this session's database that knows ON CONFLICT (SQLite and PostgreSQL both do)."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as server_insert

        return server_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert


def stored_contents(session: Session) -> list[tuple[int, EntryContent]]:
    """Every entry's id and content, read as plain rows: ORM objects would cost more than indexing."""
    columns = [getattr(Entry, name) for name in ("id", *EntryContent.__dataclass_fields__)]
    stored: list[tuple[int, EntryContent]] = []
    for row in session.execute(select(*columns)):
        values = row._asdict()
        entry_id = values.pop("id")
        for name in LIST_FIELDS:
            values[name] = tuple(values[name])
        values["check_rule"] = parse_check_rule(values["check_rule"], values["key"])
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
