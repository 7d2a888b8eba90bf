"""Bulk writes for the store: many rows at once, and the whole search index in one go.

An import of 10,000 entries writes 10,000 entry rows and almost half a million postings, and indexing
them is pure-Python CPU work. So the postings go to the driver as plain tuples, and the indexing runs
in worker processes while the store writes. Only the store calls this, inside its transactions:
nothing here opens a connection.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from kb.entry.content import EntryContent
from kb.store.connection import Database, chunks, decoded, in_list
from kb.store.schema import IMPACT_LENGTH, INDEXED_ENTRIES, INDEXED_LENGTH, form_digest, length_units
from kb.text.bm25 import impact
from kb.text.entry_terms import EntryIndex, index_entry
from kb.text.paste import NORMALIZER_VERSION

#: From this many entries on, indexing is spread over the CPUs: it is pure Python and CPU-bound.
PARALLEL_INDEX_FROM = 4000

POSTING_COLUMNS = ("term", "entry_id", "weight", "length", "impact", "status")
#: Postings are written this many at a time, as the indexes come in.
POSTINGS_BATCH = 50_000
#: prctl(2) option: the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1
#: The impacts of a full build are normalised by the average length of this many entries.
IMPACT_SAMPLE = 2000


@contextmanager
def indexing(contents: Sequence[EntryContent]) -> Iterator[Iterator[EntryIndex]]:
    """The indexes of CONTENTS, in order, as the block consumes them.

    Many entries (imports, rebuilds) are indexed in worker processes that start at once, so the block
    can write while they work; a few are indexed as they are asked for. The writing keeps a CPU busy
    too, so the workers get the others: one on a two-CPU machine beats two fighting the writer.
    """
    import multiprocessing  # deferred, with the pool: a write of one entry needs neither

    workers = min((os.cpu_count() or 1) - 1, 8)
    if (
        len(contents) < PARALLEL_INDEX_FROM
        or workers < 1
        or "fork" not in multiprocessing.get_all_start_methods()
    ):
        yield (index_entry(content) for content in contents)
        return
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")  # the children need nothing but the pure indexer
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_end_with, initargs=(os.getpid(),)
    ) as pool:
        try:
            # The workers are forked as the tasks go in: with SIGINT blocked meanwhile, a Ctrl-C at
            # that moment waits in each child until it ignores SIGINT (_end_with), and in the parent
            # until the mask is put back.
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                indexes = pool.map(index_entry, contents, chunksize=max(1, len(contents) // (workers * 4)))
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            yield indexes
        except BaseException:
            pool.shutdown(cancel_futures=True)  # a failed write needs no more indexes
            raise


def _end_with(parent: int) -> None:
    """Make this indexing worker end when PARENT does, however it ends. A worker blocked on its task
    queue never learns that an import was killed (its siblings hold the queue open), and went on for
    minutes with the database open. Linux ends it at once (PR_SET_PDEATHSIG); elsewhere a thread
    watches for the parent to go.

    A Ctrl-C at the terminal reaches the whole process group: the worker leaves it to the parent,
    which stops the pool and says in one line that nothing was written (each worker printed its own
    KeyboardInterrupt traceback before it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked while it was forked
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


def write_index(db: Database, indexed: Iterable[tuple[int, str, EntryIndex]]) -> None:
    """Replace the whole search index with INDEXED (entry id, status, index) rows.

    An import of 10,000 entries writes almost half a million postings: they go in as tuples, a batch
    at a time as the indexes arrive, so that writing overlaps the indexing still going on. Each
    posting's impact, which only orders a term's postings (a search rescales it to the current
    average length), is computed with the average length of the first entries indexed.
    """
    for table in ("search_term", "search_doc", "search_df", "search_form"):
        db.run(f"DELETE FROM {table}")
    names = ("normalizer_version", INDEXED_ENTRIES, INDEXED_LENGTH, IMPACT_LENGTH)
    db.run("DELETE FROM kb_meta WHERE name IN (:a, :b, :c, :d)", dict(zip("abcd", names, strict=True)))
    # On SQLite, where a writer excludes other writers anyway and readers keep their snapshot, the
    # postings' indexes are built once at the end, in one sort: far faster than row by row. (On a
    # server, dropping them would block every search until the import commits.)
    rebuild_indexes = db.dialect == "sqlite"
    for name in POSTING_INDEXES if rebuild_indexes else ():
        db.run(f"DROP INDEX IF EXISTS {name}")
    count, total_length = add_to_index(db, indexed, None)  # keeps the average it normalised by
    if not count:
        _kept_average(db, 1.0)
    for name in POSTING_INDEXES if rebuild_indexes else ():
        db.run(f"CREATE UNIQUE INDEX {name} ON search_term ({', '.join(POSTING_INDEXES[name])})")
    db.insert_rows(
        "kb_meta",
        ("name", "value"),
        [
            ("normalizer_version", str(NORMALIZER_VERSION)),
            (INDEXED_ENTRIES, str(count)),
            (INDEXED_LENGTH, str(total_length)),
        ],
    )


#: The unique indexes of the postings table on SQLite, as kb.store.models declares them (a test
#: checks they agree).
POSTING_INDEXES = {"search_term_by_entry": ("entry_id", "term", "weight", "length")}


def add_to_index(
    db: Database, indexed: Iterable[tuple[int, str, EntryIndex]], average: float | None
) -> tuple[int, int]:
    """Add INDEXED (entry id, status, index) rows to an index that holds none of these entries, with
    their document frequencies: what it costs follows the entries added, not the size of the
    knowledge base. Impacts are normalised by AVERAGE, the length the index was built with (None
    for an index that has none yet: the average of the first entries added). Returns how many
    entries were added and their total length (in thousandths), for the caller's totals.
    """
    df: Counter[str] = Counter()
    docs: list[tuple[int, str, float, list[str], list[str]]] = []
    postings: list[tuple[str, int, float, float, str]] = []
    ids: list[int] = []
    count, total_length = 0, 0
    for entry_id, status, index in indexed:
        ids.append(entry_id)
        docs.append((entry_id, status, index.length, list(index.signatures), list(index.exception_types)))
        count += 1
        total_length += length_units(index.length)
        postings.extend((term, entry_id, tf, index.length, status) for term, tf in index.terms.items())
        df.update(index.terms.keys())
        if average is None and count >= IMPACT_SAMPLE:
            average = _kept_average(db, total_length / 1000 / count)
        if average is not None and len(postings) >= POSTINGS_BATCH:
            write_postings(db, postings, average)
            write_docs(db, docs)
            postings, docs = [], []
    if not count:
        return 0, 0
    if average is None:
        average = _kept_average(db, total_length / 1000 / count or 1.0)
    write_postings(db, postings, average)
    write_docs(db, docs)
    _add_df(db, df)
    _count_rules(db, ids)
    return count, total_length


def _kept_average(db: Database, average: float) -> float:
    """AVERAGE, kept as the length impacts are normalised by, for the entries indexed after these."""
    db.run(
        "INSERT INTO kb_meta (name, value) VALUES (:name, :value)",
        {"name": IMPACT_LENGTH, "value": repr(average)},
    )
    return average


def _add_df(db: Database, df: Counter[str]) -> None:
    """Add DF's counts to the document frequencies: new terms inserted, known ones counted, in one
    statement per chunk of terms, in sorted order (two writers never wait on each other's rows in
    opposite orders)."""
    for chunk in chunks(sorted(df), 400):
        rows = ", ".join(f"(:t{n}, :c{n})" for n in range(len(chunk)))
        params = {
            **{f"t{n}": term for n, term in enumerate(chunk)},
            **{f"c{n}": df[term] for n, term in enumerate(chunk)},
        }
        db.run(
            f"INSERT INTO search_df (term, df) VALUES {rows} "
            "ON CONFLICT (term) DO UPDATE SET df = search_df.df + excluded.df",
            params,
        )


def write_docs(db: Database, docs: list[tuple[int, str, float, list[str], list[str]]]) -> None:
    """Document rows, and each entry's symptom forms by digest; on SQLite as plain tuples, their JSON
    written here."""
    write_forms(db, [(doc[0], doc[3]) for doc in docs])
    names = ("entry_id", "status", "length", "signatures", "exception_types")
    if db.dialect == "sqlite":
        db.insert_rows(
            "search_doc", names, [(*doc[:3], json.dumps(doc[3]), json.dumps(doc[4])) for doc in docs]
        )
        return
    db.insert("search_doc", [dict(zip(names, doc, strict=True)) for doc in docs])


def write_forms(db: Database, forms: Iterable[tuple[int, Sequence[str]]]) -> None:
    """Each (entry id, masked symptom forms) of FORMS into search_form, by the forms' digests."""
    rows = sorted({(form_digest(form), entry_id) for entry_id, signatures in forms for form in signatures})
    db.insert_rows("search_form", ("digest", "entry_id"), rows)


def write_postings(db: Database, postings: list[tuple[str, int, float, float, str]], average: float) -> None:
    postings.sort()  # in key order, each posting lands next to the last one written
    rows = [
        (term, entry_id, tf, length, impact(tf, length, average), status)
        for term, entry_id, tf, length, status in postings
    ]
    db.insert_rows("search_term", POSTING_COLUMNS, rows)


def _count_rules(db: Database, ids: Sequence[int]) -> None:
    """Mark the entries of IDS that have precise matchers, which every search tries."""
    for chunk in chunks(ids):
        listed, params = in_list("e", chunk)
        for entry_id, matchers in db.rows(f"SELECT id, matchers FROM entry WHERE id IN ({listed})", params):
            found = decoded(matchers)
            if found:
                db.run(
                    "UPDATE search_doc SET rules = :rules WHERE entry_id = :id",
                    {"rules": len(found), "id": entry_id},
                )


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector for a bulk job.

    Parsing or writing thousands of entries allocates millions of short-lived objects, which keeps
    triggering collections that find almost nothing (they cost a tenth of an import). Garbage
    without cycles is freed by reference counting meanwhile; the collector sees to the rest after.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
