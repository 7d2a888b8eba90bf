"""Bulk writes for the store: many rows at once, and the whole search index in one go.

An import of 10,000 entries writes 10,000 entry rows and almost half a million postings, and indexing
them is pure-Python CPU work. So the rows bypass the per-row parameter handling of SQLAlchemy on
SQLite, and the indexing runs in worker processes while the store writes. Only kb.store.entry_store
calls this, inside its transactions: nothing here opens a connection.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Table, delete, insert, select, update
from sqlmodel import Session

from kb.entry.content import EntryContent
from kb.store.models import Entry, kb_meta, search_df, search_doc, search_term
from kb.store.schema import IMPACT_LENGTH, INDEXED_ENTRIES, INDEXED_LENGTH, length_units
from kb.text.bm25 import impact
from kb.text.entry_terms import EntryIndex, index_entry
from kb.text.paste import NORMALIZER_VERSION

#: From this many entries on, indexing is spread over the CPUs: it is pure Python and CPU-bound.
PARALLEL_INDEX_FROM = 4000

_POSTING_COLUMNS = ("term", "entry_id", "weight", "length", "impact", "status")
#: Postings are written this many at a time, as the indexes come in.
_POSTINGS_BATCH = 50_000
#: prctl(2) option: the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1
#: The impacts of a full build are normalised by the average length of this many entries.
_IMPACT_SAMPLE = 2000


@contextmanager
def indexing(contents: Sequence[EntryContent]) -> Iterator[Iterator[EntryIndex]]:
    """The indexes of CONTENTS, in order, as the block consumes them.

    Many entries (imports, rebuilds) are indexed in worker processes that start at once, so the block
    can write while they work; a few are indexed as they are asked for. The writing keeps a CPU busy
    too, so the workers get the others: one on a two-CPU machine beats two fighting the writer.
    """
    workers = min((os.cpu_count() or 1) - 1, 8)
    if (
        len(contents) < PARALLEL_INDEX_FROM
        or workers < 1
        or "fork" not in multiprocessing.get_all_start_methods()
    ):
        yield (index_entry(content) for content in contents)
        return
    context = multiprocessing.get_context("fork")  # the children need nothing but the pure indexer
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_end_with, initargs=(os.getpid(),)
    ) as pool:
        try:
            yield pool.map(index_entry, contents, chunksize=max(1, len(contents) // (workers * 4)))
        except BaseException:
            pool.shutdown(cancel_futures=True)  # a failed write needs no more indexes
            raise


def _end_with(parent: int) -> None:
    """Make this indexing worker end when PARENT does, however it ends. A worker blocked on its task
    queue never learns that an import was killed (its siblings hold the queue open), and went on for
    minutes with the database open. Linux ends it at once (PR_SET_PDEATHSIG); elsewhere a thread
    watches for the parent to go."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        watched = False
    except (AttributeError, OSError):  # not Linux
        watched = True
    if os.getppid() != parent:  # the parent went before the line above took effect
        os._exit(1)
    if watched:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def index_all(contents: Sequence[EntryContent]) -> list[EntryIndex]:
    """Index every entry, in worker processes when there are many."""
    with indexing(contents) as indexes:
        return list(indexes)


def write_index(session: Session, indexed: Iterable[tuple[int, str, EntryIndex]]) -> None:
    """Replace the whole search index with INDEXED (entry id, status, index) rows.

    An import of 10,000 entries writes almost half a million postings: they go in as tuples, a batch
    at a time as the indexes arrive, so that writing overlaps the indexing still going on. Each
    posting's impact, which only orders a term's postings (a search rescales it to the current
    average length), is computed with the average length of the first entries indexed.
    """
    for table in (search_term, search_doc, search_df):
        session.execute(delete(table))
    # On SQLite, where a writer excludes other writers anyway and readers keep their snapshot, the
    # postings' indexes are built once at the end, in one sort: far faster than row by row. (On a
    # server, dropping them would block every search until the import commits.)
    connection = session.connection()
    rebuild_indexes = connection.dialect.name == "sqlite"
    for posting_index in search_term.indexes if rebuild_indexes else ():
        posting_index.drop(connection)
    df: Counter[str] = Counter()
    docs: list[dict[str, object]] = []
    postings: list[tuple[str, int, float, float, str]] = []
    count, total_length = 0, 0
    average: float | None = None
    for entry_id, status, index in indexed:
        docs.append(
            {
                "entry_id": entry_id,
                "status": status,
                "length": index.length,
                "signatures": list(index.signatures),
                "exception_types": list(index.exception_types),
            }
        )
        count += 1
        total_length += length_units(index.length)
        length = index.length
        postings.extend((term, entry_id, tf, length, status) for term, tf in index.terms.items())
        df.update(index.terms.keys())
        if average is None and count >= _IMPACT_SAMPLE:
            average = total_length / 1000 / count
        if average is not None and len(postings) >= _POSTINGS_BATCH:
            _write_postings(session, postings, average)
            bulk_insert(session, search_doc, docs)
            postings, docs = [], []
    if average is None:
        average = (total_length / 1000 / count if count else 0.0) or 1.0
    _write_postings(session, postings, average)
    bulk_insert(session, search_doc, docs)
    for posting_index in search_term.indexes if rebuild_indexes else ():
        posting_index.create(connection)
    bulk_insert_tuples(session, search_df, ("term", "df"), list(df.items()))
    _count_rules(session)
    names = ("normalizer_version", INDEXED_ENTRIES, INDEXED_LENGTH, IMPACT_LENGTH)
    session.execute(delete(kb_meta).where(kb_meta.c.name.in_(names)))
    session.execute(
        insert(kb_meta),
        [
            {"name": "normalizer_version", "value": str(NORMALIZER_VERSION)},
            {"name": INDEXED_ENTRIES, "value": str(count)},
            {"name": INDEXED_LENGTH, "value": str(total_length)},
            {"name": IMPACT_LENGTH, "value": repr(average)},
        ],
    )


def _write_postings(
    session: Session, postings: list[tuple[str, int, float, float, str]], average: float
) -> None:
    postings.sort()  # in key order, each posting lands next to the last one written
    rows = [
        (term, entry_id, tf, length, impact(tf, length, average), status)
        for term, entry_id, tf, length, status in postings
    ]
    bulk_insert_tuples(session, search_term, _POSTING_COLUMNS, rows)


def _count_rules(session: Session) -> None:
    """Mark the entries that have precise matchers, which every search tries."""
    for entry_id, matchers in session.execute(select(Entry.id, Entry.matchers)):  # type: ignore[call-overload]
        if matchers:
            session.execute(
                update(search_doc).where(search_doc.c.entry_id == entry_id).values(rules=len(matchers))
            )


def bulk_insert(session: Session, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """Insert many rows, each with the same columns; each column's type converts its values (JSON,
    times) for the database.

    On SQLite the converted rows go to the driver as tuples: SQLAlchemy's own handling of each row's
    parameters adds a fifth to the time of writing 10,000 entries.
    """
    if not rows:
        return
    connection = session.connection()
    dialect = connection.dialect
    if dialect.name != "sqlite":
        for start in range(0, len(rows), 5000):
            session.execute(insert(table), rows[start : start + 5000])
        return
    names = list(rows[0])
    converters = [
        (position, convert)
        for position, name in enumerate(names)
        if (convert := table.c[name].type.dialect_impl(dialect).bind_processor(dialect)) is not None
    ]
    converted: list[tuple[Any, ...]] = []
    for row in rows:
        cells = [row[name] for name in names]
        for position, convert in converters:
            cells[position] = convert(cells[position])
        converted.append(tuple(cells))
    _insert_tuples(connection, table, names, converted)


def bulk_insert_tuples(
    session: Session, table: Table, names: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Plain rows (text and numbers only) given as tuples, in NAMES order."""
    if not rows:
        return
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        _insert_tuples(connection, table, names, rows)
        return
    bulk_insert(session, table, [dict(zip(names, row, strict=True)) for row in rows])


def _insert_tuples(
    connection: Connection, table: Table, names: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Rows whose values are ready for SQLite, straight to its driver."""
    columns = ", ".join(f'"{name}"' for name in names)  # `key` and `case` are SQL words
    sql = f"INSERT INTO {table.name} ({columns}) VALUES ({', '.join('?' for _ in names)})"
    connection.exec_driver_sql(sql, list(rows))
