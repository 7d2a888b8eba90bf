"""The search index's write side, kept exact as entries change: the mirror of kb.store.index_reader.

An entry's postings (search_term), its document row (search_doc), the document frequencies
(search_df) and the entry count (kb_meta) change together, inside the store's transaction: these
functions take the store's connection and never open one. One entry at a time for everyday writes;
the whole index in bulk (kb.store.bulk_write) for imports, migrations and a new normalizer version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from kb.entry.check_rule import parse_check_rule
from kb.entry.content import LIST_FIELDS, EntryContent
from kb.store.bulk_write import POSTING_COLUMNS, add_to_index, indexing, write_forms, write_index
from kb.store.connection import Database, chunks, decoded, in_list
from kb.store.record import JSON_COLUMNS, Entry
from kb.store.schema import IMPACT_LENGTH, INDEXED_ENTRIES, INDEXED_LENGTH, length_units
from kb.text.bm25 import impact
from kb.text.entry_terms import EntryIndex, index_entry

#: Past this many changed entries, rebuilding the whole index beats updating document frequencies.
BULK_REINDEX_THRESHOLD = 20


def index_one(db: Database, entry: Entry) -> None:
    """Recompute ENTRY's search rows, keeping the document frequencies and the entry count exact."""
    unindex(db, entry)
    assert entry.id is not None
    index = index_entry(entry.content())
    average = _impact_length(db, index.length)
    db.insert(
        "search_doc",
        [
            {
                "entry_id": entry.id,
                "status": entry.status,
                "length": index.length,
                "signatures": list(index.signatures),
                "exception_types": list(index.exception_types),
                "rules": len(entry.matchers),
            }
        ],
    )
    write_forms(db, [(entry.id, index.signatures)])
    if index.terms:
        db.insert_rows(
            "search_term",
            POSTING_COLUMNS,
            [
                (term, entry.id, tf, index.length, impact(tf, index.length, average), entry.status)
                for term, tf in index.terms.items()
            ],
        )
        _shift_df(db, list(index.terms), +1)
    _shift_totals(db, +1, length_units(index.length))


def reindex(db: Database, entries: Sequence[Entry]) -> None:
    """Index a batch: entry by entry when it is small, in bulk when it is not."""
    if len(entries) > BULK_REINDEX_THRESHOLD:
        index_many(db, [(entry.id, entry.content()) for entry in entries if entry.id is not None])
        return
    for entry in entries:
        index_one(db, entry)


def index_many(db: Database, entries: Sequence[tuple[int, EntryContent]]) -> None:
    """Index ENTRIES (id, content), replacing the rows any of them had, in bulk: the stored entries
    around them are neither read nor indexed again, so an import of a thousand entries costs the
    same in a knowledge base of fifty entries or of a hundred thousand."""
    with indexing([content for _, content in entries]) as indexes:
        add_indexed(
            db,
            (
                (entry_id, content.status, index)
                for (entry_id, content), index in zip(entries, indexes, strict=True)
            ),
            [entry_id for entry_id, _ in entries],
        )


def add_indexed(
    db: Database, indexed: Iterable[tuple[int, str, EntryIndex]], replaced: Sequence[int]
) -> None:
    """Write INDEXED (entry id, status, index) rows, after removing the rows of the entries REPLACED
    (those already indexed), keeping document frequencies and totals exact."""
    unindex_many(db, replaced)
    stored = db.value("SELECT value FROM kb_meta WHERE name = :name", {"name": IMPACT_LENGTH})
    count, length = add_to_index(db, indexed, float(stored) if stored is not None else None)
    if count:
        _shift_totals(db, count, length)


def unindex_many(db: Database, ids: Sequence[int]) -> None:
    """Remove the search rows of the entries IDS, and their terms from the document frequencies."""
    for chunk in chunks(ids):
        listed, params = in_list("e", chunk)
        terms = Counter(
            str(row[0])
            for row in db.rows(f"SELECT term FROM search_term WHERE entry_id IN ({listed})", params)
        )
        lengths = [
            float(row[0])
            for row in db.rows(f"SELECT length FROM search_doc WHERE entry_id IN ({listed})", params)
        ]
        by_count: dict[int, list[str]] = {}
        for term, count in terms.items():
            by_count.setdefault(count, []).append(term)
        for count, same in sorted(by_count.items()):
            _shift_df(db, same, -count)
        if terms:
            db.run(f"DELETE FROM search_term WHERE entry_id IN ({listed})", params)
            db.run("DELETE FROM search_df WHERE df <= 0")
        if lengths:
            db.run(f"DELETE FROM search_doc WHERE entry_id IN ({listed})", params)
            db.run(f"DELETE FROM search_form WHERE entry_id IN ({listed})", params)
            _shift_totals(db, -len(lengths), -sum(map(length_units, lengths)))


def unindex(db: Database, entry: Entry) -> None:
    """Remove ENTRY's search rows, and its terms from the document frequencies."""
    if entry.id is not None:
        unindex_many(db, [entry.id])


def set_indexed_status(db: Database, entry: Entry) -> None:
    """Record ENTRY's new status in the index, which searches filter on."""
    for table in ("search_doc", "search_term"):
        db.run(
            f"UPDATE {table} SET status = :status WHERE entry_id = :id",
            {"status": entry.status, "id": entry.id},
        )


def _impact_length(db: Database, length: float) -> float:
    """The average length that impacts are normalised by: the average when the index was last built
    in full (kb.store.bulk_write). A database indexed entry by entry from empty starts from its first."""
    stored = db.value("SELECT value FROM kb_meta WHERE name = :name", {"name": IMPACT_LENGTH})
    if stored is not None:
        return float(stored)
    average = length or 1.0
    db.run(
        "INSERT INTO kb_meta (name, value) VALUES (:name, :value)",
        {"name": IMPACT_LENGTH, "value": repr(average)},
    )
    return average


def _shift_totals(db: Database, entries: int, length: int) -> None:
    """Move the entry count and total length by ENTRIES and LENGTH (thousandths), in SQL, so that
    concurrent writers add up rather than overwrite each other."""
    for name, change in ((INDEXED_ENTRIES, entries), (INDEXED_LENGTH, length)):
        shifted = db.run(
            "UPDATE kb_meta SET value = CAST(CAST(value AS BIGINT) + :change AS VARCHAR) WHERE name = :name",
            {"change": change, "name": name},
        )
        if not shifted:  # an index written before the totals were kept: count once
            lengths = [float(row[0]) for row in db.rows("SELECT length FROM search_doc")]
            total = len(lengths) if name == INDEXED_ENTRIES else sum(map(length_units, lengths))
            db.run(
                "INSERT INTO kb_meta (name, value) VALUES (:name, :value)",
                {"name": name, "value": str(total)},
            )


def _shift_df(db: Database, terms: list[str], change: int) -> None:
    """Move the document frequency of TERMS by CHANGE. New terms are inserted and known ones counted
    in one statement (INSERT … ON CONFLICT), and in sorted order: two writers adding entries with the
    same new words at once, on a server, neither collide on the insert nor wait on each other's rows
    in opposite orders. (Reading which terms exist, then inserting the others, made one of them fail
    with a duplicate key that was reported as a key clash.) A term a decrease leaves at zero is
    deleted by the caller, once (unindex_many)."""
    for chunk in chunks(sorted(set(terms))):
        listed, params = in_list("t", chunk)
        if change > 0:
            rows = ", ".join(f"(:{name}, :change)" for name in params)
            db.run(
                f"INSERT INTO search_df (term, df) VALUES {rows} "
                "ON CONFLICT (term) DO UPDATE SET df = search_df.df + :change",
                {**params, "change": change},
            )
        else:
            db.run(
                f"UPDATE search_df SET df = df + :change WHERE term IN ({listed})",
                {**params, "change": change},
            )


#: The columns of an entry's content, as stored.
_CONTENT_COLUMNS = EntryContent._fields


def stored_contents(db: Database) -> list[tuple[int, EntryContent]]:
    """Every entry's id and content, read as plain rows."""
    columns = ", ".join(f'"{name}"' for name in ("id", *_CONTENT_COLUMNS))
    stored: list[tuple[int, EntryContent]] = []
    for row in db.rows(f"SELECT {columns} FROM entry"):
        values = dict(zip(_CONTENT_COLUMNS, row[1:], strict=True))
        for name in JSON_COLUMNS:
            if name in values:
                values[name] = decoded(values[name])
        for name in LIST_FIELDS:
            values[name] = tuple(values[name] or ())
        values["guards"] = tuple(values["guards"] or ())
        values["check_rule"] = parse_check_rule(values["check_rule"] or {}, values["key"])
        stored.append((int(row[0]), EntryContent(**values)))
    return stored


def rebuild_index(db: Database, progress: Callable[[int, int], None] | None = None) -> int:
    """Recompute every entry's search rows in bulk, and stamp the normalizer version; PROGRESS(done,
    total) is told every few hundred entries. Returns how many entries were indexed."""
    stored = stored_contents(db)
    total = len(stored)

    def reported(rows: Iterable[tuple[int, str, EntryIndex]]) -> Iterator[tuple[int, str, EntryIndex]]:
        for done, row in enumerate(rows, 1):
            if progress is not None and (done % 500 == 0 or done == total):
                progress(done, total)
            yield row

    with indexing([content for _, content in stored]) as indexes:
        write_index(
            db,
            reported(
                (entry_id, content.status, index)
                for (entry_id, content), index in zip(stored, indexes, strict=True)
            ),
        )
    return total
