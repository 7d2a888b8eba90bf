"""Bulk writes for the store: many rows at once, and the whole search index in one go.

An import of 10,000 entries writes 10,000 entry rows and almost half a million postings, and indexing
them is pure-Python CPU work. So the rows bypass the per-row parameter handling of SQLAlchemy on
SQLite, and the indexing runs in worker processes while the store writes. Only kb.store.entry_store
calls this, inside its transactions: nothing here opens a connection.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from itertools import repeat
from typing import Any

from sqlalchemy import Connection, Table, delete, insert
from sqlmodel import Session

from kb.entry.content import EntryContent
from kb.store.models import kb_meta, search_df, search_doc, search_term
from kb.text.entry_terms import EntryIndex, index_entry
from kb.text.paste import NORMALIZER_VERSION

#: From this many entries on, indexing is spread over the CPUs: it is pure Python and CPU-bound.
PARALLEL_INDEX_FROM = 4000

_POSTING_COLUMNS = ("term", "entry_id", "weight")
#: Postings are written this many at a time, as the indexes come in.
_POSTINGS_BATCH = 50_000


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
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        try:
            yield pool.map(index_entry, contents, chunksize=max(1, len(contents) // (workers * 4)))
        except BaseException:
            pool.shutdown(cancel_futures=True)  # a failed write needs no more indexes
            raise


def index_all(contents: Sequence[EntryContent]) -> list[EntryIndex]:
    """Index every entry, in worker processes when there are many."""
    with indexing(contents) as indexes:
        return list(indexes)


def write_index(session: Session, indexed: Iterable[tuple[int, str, EntryIndex]]) -> None:
    """Replace the whole search index with INDEXED (entry id, status, index) rows.

    An import of 10,000 entries writes almost half a million postings: they go in as tuples, a batch
    at a time as the indexes arrive, so that writing overlaps the indexing still going on.
    """
    session.execute(delete(search_term))
    session.execute(delete(search_doc))
    session.execute(delete(search_df))
    df: Counter[str] = Counter()
    terms: list[tuple[str, int, float]] = []
    docs: list[dict[str, object]] = []
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
        terms.extend(zip(index.terms.keys(), repeat(entry_id), index.terms.values()))
        df.update(index.terms.keys())
        if len(terms) >= _POSTINGS_BATCH:
            bulk_insert_tuples(session, search_term, _POSTING_COLUMNS, terms)
            terms = []
    bulk_insert_tuples(session, search_term, _POSTING_COLUMNS, terms)
    bulk_insert(session, search_doc, docs)
    bulk_insert_tuples(session, search_df, ("term", "df"), list(df.items()))
    session.execute(delete(kb_meta).where(kb_meta.c.name == "normalizer_version"))
    session.execute(insert(kb_meta).values(name="normalizer_version", value=str(NORMALIZER_VERSION)))


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
