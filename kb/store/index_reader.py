"""The read side of the search index: what a search, `kb show` and `kb list` read, fast.

It speaks through the store's one portable connection (kb.store.connection: sqlite3, psycopg, or
SQLAlchemy Core for other URLs), and keeps what it read when asked to (a host's lookups, one failure
after another). It only reads, except for the usage records a search leaves behind (a hit on the
entry it found, a miss to offer to `kb add`, the environment seen), each one transaction that never
waits on another writer.

When the database does not exist yet, or its schema or normalizer version is not the current one,
`IndexNotReady` tells the caller to open the full store once, which creates, migrates and reindexes.
"""

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from kb.errors import NotADatabase, StoreUnavailable
from kb.paths import DatabaseLocation
from kb.records import Record
from kb.store import sqlite_file
from kb.store.connection import (
    Database,
    SqliteDatabase,
    StatementFailed,
    chunks,
    connect,
    decoded,
    in_list,
)
from kb.store.schema import (
    FIRST_USE,
    HIT_WINDOW,
    IMPACT_LENGTH,
    INDEXED_ENTRIES,
    INDEXED_LENGTH,
    MIGRATION_NAMES,
    SQLITE_BUSY_TIMEOUT_MS,
    refused_as_read_only,
)
from kb.text.bm25 import normalisation
from kb.text.paste import NORMALIZER_VERSION

if TYPE_CHECKING:
    from kb.store.record import Entry

_MIGRATION_NAMES = frozenset(MIGRATION_NAMES)
_STATS = {"n": INDEXED_ENTRIES, "l": INDEXED_LENGTH}
_READY = {"v": "normalizer_version", "f": FIRST_USE}
#: A remembered miss keeps this much of the end of its paste ...
MISS_QUERY_CHARS = 2000
#: ... and the most recent this many misses are kept.
KEPT_MISSES = 200
#: An environment not seen for this long is forgotten: no one runs it any more.
KEPT_ENVIRONMENT = timedelta(days=365)

_ENTRY_COLUMNS = (
    "id",
    "key",
    "domain",
    "symptom",
    "validation",
    "fix",
    "root_cause",
    "cause_path",
    "status",
    "hits",
    "matchers",
    "tags",
    "symptom_variants",
    "related",
    "applies_to",
    "check_rule",
    "seed_digest",
)


T = TypeVar("T")


class IndexNotReady(Exception):
    """The database needs the full store first: it is new, older, or indexed by another normalizer
    (or newer than this kb, which the full store refuses). The message says which."""


#: IndexNotReady's messages for a database another version of kb made.
NEWER_SCHEMA = "newer schema"
OLDER_SCHEMA = "older schema"


class IndexReader:
    def __init__(self, location: DatabaseLocation) -> None:
        self.location = location
        self._conn: Database | None = None
        #: What was read, while keep_reads() holds it (documents by id, and the rows of each
        #: statement), and the database's version then.
        self._documents: dict[int, dict[str, Any]] | None = None
        self._answers: dict[Hashable, Any] = {}
        self._data_version: int | None = None
        #: Opened on a full disk: read, and write nothing.
        self._reading_only = False

    def open(self) -> "IndexReader":
        """Connect and check the index is current. Raises IndexNotReady when it is not."""
        self._conn = self._connect()
        try:
            self._check_ready()
        except BaseException:
            self.close()
            raise
        return self

    def __enter__(self) -> "IndexReader":
        return self if self._conn is not None else self.open()

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _connect(self) -> Database:
        if not self.location.is_sqlite:
            try:
                return connect(self.location, lean=True)
            except StatementFailed as exc:
                raise StoreUnavailable(exc.message) from None
        path = self.location.file
        if path is None:
            raise IndexNotReady("a database in memory starts empty")
        if not os.path.exists(path):
            raise IndexNotReady("no database yet")
        conn = None
        try:
            conn = sqlite_file.connect(path, SQLITE_BUSY_TIMEOUT_MS / 1000)
            # A usage record may be lost to a power cut, never corrupted (WAL); not worth an fsync.
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("SELECT 1 FROM sqlite_master LIMIT 1")  # reads through the WAL's index
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            if not sqlite_file.out_of_room(str(exc)):
                raise StoreUnavailable(f"cannot open {path}: {exc}") from exc
            # A full disk, the incident kb may be asked about: read without the shared-memory
            # index the WAL needs written, and leave the usage records out.
            self._reading_only = True
            try:
                conn = sqlite_file.connect_without_shared_memory(path, SQLITE_BUSY_TIMEOUT_MS / 1000)
            except sqlite3.Error as again:
                raise StoreUnavailable(f"cannot open {path}: {exc}") from again
        if sqlite_file.read_only_uri(path) is not None or sqlite_file.marked_damaged(path):
            self._reading_only = True
        return SqliteDatabase(conn, tuned=False)

    def _rows(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        key = (sql, tuple(params.items()) if params else ())
        return self.kept(key, lambda: self._read_rows(sql, params))

    def _read_rows(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        assert self._conn is not None
        try:
            return self._conn.rows(sql, params)
        except StatementFailed as exc:
            raise self._read_error(exc) from exc

    def _read_error(self, exc: StatementFailed) -> Exception:
        """What a failed read means for a search."""
        message = exc.message
        if "no such table" in message or "does not exist" in message:
            return IndexNotReady(message)
        if "file is not a database" in message:
            return NotADatabase(self.location.display())
        if self.location.file is not None:
            damaged = sqlite_file.confirm_damage(self.location.file, self.location.display(), message)
            if damaged is not None:
                return damaged
        if exc.sqlstate == "55P03":  # a table lock past the reader's lock_timeout
            return StoreUnavailable(
                f"cannot read {self.location.display()}: another session holds a lock on kb's tables"
                f" (an ALTER TABLE, a VACUUM FULL, a migration) for longer than a search waits ({message})"
            )
        return StoreUnavailable(f"cannot read {self.location.display()}: {message}")

    def _check_ready(self) -> None:
        names = {row[0] for row in self._rows("SELECT name FROM kb_migration")}
        if names - _MIGRATION_NAMES:
            raise IndexNotReady(NEWER_SCHEMA)
        if names != _MIGRATION_NAMES:
            raise IndexNotReady(OLDER_SCHEMA)
        facts = dict(self._rows("SELECT name, value FROM kb_meta WHERE name IN (:v, :f)", _READY))
        if facts.get("normalizer_version") != str(NORMALIZER_VERSION):
            raise IndexNotReady("normalizer differs")
        if FIRST_USE not in facts:
            raise IndexNotReady("never seeded")

    # --- statistics and postings ----------------------------------------------------------------

    def corpus(self) -> tuple[int, float]:
        """How many entries the index holds, and their average length (kept by kb.store.index_writer)."""
        stats = dict(self._rows("SELECT name, value FROM kb_meta WHERE name IN (:n, :l)", _STATS))
        if INDEXED_ENTRIES not in stats or INDEXED_LENGTH not in stats:
            count, average = self._rows("SELECT COUNT(*), AVG(length) FROM search_doc")[0]
            return int(count or 0), float(average or 0.0)
        count = int(stats[INDEXED_ENTRIES])
        return count, int(stats[INDEXED_LENGTH]) / 1000 / count if count else 0.0

    @property
    def reading_only(self) -> bool:
        """Whether nothing can be written here (a full disk, a read-only file or mount, a file
        found damaged): it reads, and records nothing."""
        return self._reading_only

    def meta(self, name: str) -> str | None:
        """The kb_meta value NAME, or None."""
        rows = self._rows("SELECT value FROM kb_meta WHERE name = :name", {"name": name})
        return str(rows[0][0]) if rows else None

    def _kept_by_term(self, name: Hashable, limit: int) -> dict[str, Any]:
        """A kept answer that grows term by term (document frequencies, posting lists), so that a
        failure alike but for a number reads that number's alone; emptied once it holds LIMIT terms."""
        kept: dict[str, Any] = self._answers.setdefault(name, {})
        if len(kept) > limit:
            kept.clear()
        return kept

    def document_frequencies(self, terms: Sequence[str]) -> dict[str, int]:
        """How many entries hold each of TERMS (a term none holds is left out), kept term by term by
        a reader that keeps its reads."""
        if not self._current():
            return self._frequencies(terms)
        kept: dict[str, int | None] = self._kept_by_term("df", _KEPT_ANSWERS * 50)
        missing = [term for term in terms if term not in kept]
        if missing:
            read = self._frequencies(missing)
            kept.update((term, read.get(term)) for term in missing)
        return {term: df for term in terms if (df := kept[term]) is not None}

    def _frequencies(self, terms: Sequence[str]) -> dict[str, int]:
        found: dict[str, int] = {}
        for chunk in chunks(terms):
            term_sql, params = in_list("t", chunk)
            found.update(
                (term, int(df))
                for term, df in self._read_rows(
                    f"SELECT term, df FROM search_df WHERE term IN ({term_sql})", params
                )
            )
        return found

    def postings(self, statuses: Sequence[str], average_length: float) -> "Postings":
        """The postings of entries of STATUSES, as kb.search.top_k reads them, with impacts for
        AVERAGE_LENGTH (the corpus's now)."""
        stored_length = self.meta(IMPACT_LENGTH)
        stored = float(stored_length) if stored_length is not None else average_length
        lists = self._kept_by_term(("lists", tuple(statuses)), _KEPT_ANSWERS * 5) if self._current() else None
        on_server = self._conn is not None and self._conn.dialect != "sqlite"
        return Postings(self._rows, statuses, average_length, stored, lists, self._read_rows, on_server)

    def keep_reads(self) -> None:
        """Keep what is read, for the next searches on this connection (a host's lookups, one
        failure after another, most of them alike): read again only once the database changed.
        Only on SQLite, whose data_version says when another connection changed it."""
        if self._conn is not None and self._conn.dialect == "sqlite":
            self._documents = {}

    def refresh(self) -> None:
        """Forget what is kept if another connection changed the database since it was read (a
        write through this one forgets it in _write): a kept reader's searches each start here."""
        if self._documents is not None:
            version = self._read_rows("PRAGMA data_version")[0][0]
            if version != self._data_version:
                self._forget()
                self._data_version = version

    def _current(self) -> bool:
        """Whether reads are kept (as of the last refresh())."""
        return self._documents is not None

    def kept(self, key: Hashable, work: Callable[[], T]) -> T:
        """WORK's answer, kept under KEY with what is read (keep_reads()): for work that depends on
        KEY and on the database only, such as scoring the postings of a query's terms."""
        if not self._current():
            return work()
        found: T | None = self._answers.get(key)
        if found is None:
            if len(self._answers) >= _KEPT_ANSWERS:
                self._answers.clear()
            found = self._answers[key] = work()
        return found

    def _forget(self) -> None:
        if self._documents is not None:
            self._documents.clear()
        self._answers.clear()

    def documents(self, entry_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """Entry fields and search fields for the given ids."""
        if not self._current():
            return self._read_documents(entry_ids)
        kept = self._documents
        assert kept is not None
        kept.update(self._read_documents([i for i in entry_ids if i not in kept]))
        return {i: dict(kept[i]) for i in entry_ids if i in kept}

    def _read_documents(self, entry_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        docs: dict[int, dict[str, Any]] = {}
        columns = ", ".join(f"e.{c}" if c != "key" else 'e."key"' for c in _ENTRY_COLUMNS)
        for chunk in chunks(list(entry_ids)):
            id_sql, params = in_list("i", chunk)
            sql = (  # read past _rows: the documents are kept one by one
                f"SELECT {columns}, d.signatures, d.exception_types FROM entry e "
                f"JOIN search_doc d ON d.entry_id = e.id WHERE e.id IN ({id_sql})"
            )
            for row in self._read_rows(sql, params):
                record = dict(zip(_ENTRY_COLUMNS, row, strict=False))
                record["matchers"] = decoded(record["matchers"])
                record["tags"] = decoded(record["tags"])
                record["symptom_variants"] = decoded(record["symptom_variants"])
                record["related"] = decoded(record["related"]) or []
                record["applies_to"] = decoded(record["applies_to"]) or []
                record["check_rule"] = decoded(record["check_rule"]) or {}
                record["signatures"] = decoded(row[-2])
                record["exception_types"] = decoded(row[-1])
                docs[int(record["id"])] = record
        return docs

    # --- entries, for kb show and kb list -------------------------------------------------------

    def entry(self, key: str) -> "Entry | None":
        """The entry KEY, as the store holds it; None when there is none."""
        from kb.store.record import SELECTED_COLUMNS, Entry  # deferred: a search reads no records

        rows = self._rows(f'SELECT {SELECTED_COLUMNS} FROM entry WHERE "key" = :key', {"key": key})
        return Entry.from_row(rows[0]) if rows else None

    def went(self, key: str) -> tuple[str, str] | None:
        """Where the entry KEY went, when a merge or a rename took it (kb.store.record.went())."""
        from kb.store.record import LAST_CHANGE_OF_KEY, went

        return went(self._rows(LAST_CHANGE_OF_KEY, {"key": key}))

    def each_entry(self, domain: str | None, status: str | None, tag: str | None = None) -> "Iterator[Entry]":
        """The entries of DOMAIN, STATUS and TAG (None: any), by domain then key, as kb list shows them,
        read as they are used (kb.store.entry_store.EntryStore.each)."""
        from kb.store.record import listing_query, tagged_entries

        assert self._conn is not None
        try:
            yield from tagged_entries(
                self._conn.stream(*listing_query(domain, status, self._conn.dialect)), tag
            )
        except StatementFailed as exc:
            raise self._read_error(exc) from exc

    def keys(self) -> list[str]:
        return sorted(str(row[0]) for row in self._rows('SELECT "key" FROM entry'))  # as EntryStore.keys()

    def all_ids(self, statuses: Sequence[str]) -> list[int]:
        status_sql, params = in_list("s", statuses)
        return [
            int(row[0])
            for row in self._rows(f"SELECT entry_id FROM search_doc WHERE status IN ({status_sql})", params)
        ]

    def entries_with_matchers(self, statuses: Sequence[str]) -> list[int]:
        status_sql, params = in_list("s", statuses)
        sql = f"SELECT entry_id FROM search_doc WHERE rules > 0 AND status IN ({status_sql})"
        return [int(row[0]) for row in self._rows(sql, params)]

    # --- usage records --------------------------------------------------------------------------

    def record_hit(self, entry_id: int, now: datetime) -> None:
        """Count a confident answer as a hit on its entry, once per sitting: the same entry found
        again within HIT_WINDOW of its last hit (the same fault searched again, a paste refined)
        only moves last_hit, so that it keeps counting as one."""
        self._write(
            "UPDATE entry SET last_hit = :now,"
            " hits = hits + CASE WHEN last_hit IS NULL OR last_hit < :since THEN 1 ELSE 0 END WHERE id = :id",
            {"now": now, "since": now - HIT_WINDOW, "id": entry_id},
        )

    def record_miss(self, query: str, decisive: str, now: datetime) -> None:
        """Remember a search with no confident answer, for `kb add --from-last`: its decisive line and
        the end of the paste, both redacted (a paste may be `env | kb search -`), and only the most
        recent KEPT_MISSES of them."""
        from kb.entry.redaction import redact_text  # deferred: only a search that found nothing sure

        if not self.location.is_sqlite:  # a server a team shares: this user's record, kept here
            from kb.store.misses_here import keep_miss

            if self._reading_only or _usage_writes_paused():
                return
            with contextlib.suppress(OSError):  # a usage record is not worth failing a search
                query, decisive = redact_text(query[-MISS_QUERY_CHARS:]), redact_text(decisive)
                keep_miss(self.location, query, decisive, now, KEPT_MISSES)
            return
        self._write(
            "INSERT INTO search_miss (query, decisive, searched) VALUES (:query, :decisive, :now)",
            {
                "query": redact_text(query[-MISS_QUERY_CHARS:]),
                "decisive": redact_text(decisive),
                "now": now,
            },
            (
                "DELETE FROM search_miss WHERE id <= (SELECT MAX(id) FROM search_miss) - :kept",
                {"kept": KEPT_MISSES},
            ),
        )

    def record_environment(self, facts: Mapping[str, str], now: datetime) -> None:
        """Remember that an environment with FACTS (kb.machine) was seen NOW: each environment is
        one row, under the digest of its facts, whose last_seen moves; those not seen for
        KEPT_ENVIRONMENT are dropped. Facts are versions and platform names, nothing secret."""
        import hashlib
        import json

        text = json.dumps(dict(sorted(facts.items())), separators=(",", ":"))
        self._write(
            "INSERT INTO environment_seen (digest, facts, first_seen, last_seen)"
            " VALUES (:digest, :facts, :now, :now)"
            " ON CONFLICT (digest) DO UPDATE SET last_seen = excluded.last_seen",
            {"digest": hashlib.sha256(text.encode()).hexdigest()[:32], "facts": text, "now": now},
            (
                "DELETE FROM environment_seen WHERE last_seen < :before",
                {"before": now - KEPT_ENVIRONMENT},
            ),
        )

    def _write(self, sql: str, params: dict[str, Any], *more: tuple[str, dict[str, Any]]) -> None:
        """SQL and MORE statements in one transaction, or none of them: a search, or a lookup inside
        pytest, IPython or kb run, never waits on another writer for its usage record (past
        USAGE_WAIT_MS it gives the record up), and a database that may only be read skips it."""
        statements = [(sql, params), *more]
        file = self.location.file
        if file is not None and (sqlite_file.read_only_uri(file) or sqlite_file.marked_damaged(file)):
            return  # a read-only or damaged database still answers searches; the usage record is skipped
        if _usage_writes_paused() or self._reading_only or self._conn is None:
            return
        self._forget()  # this connection's own writes leave data_version as it was
        db = self._conn
        try:
            if db.dialect == "sqlite":
                db.run(f"PRAGMA busy_timeout = {USAGE_WAIT_MS}")
            with db.transaction():
                if db.dialect == "postgresql":
                    db.run(f"SET LOCAL lock_timeout = '{USAGE_WAIT_MS}ms'")
                for statement, values in statements:
                    db.run(statement, values)
        except StatementFailed as exc:
            if _lock_wait_ended(exc):
                _pause_usage_writes()
            elif db.dialect != "sqlite" and not refused_as_read_only(exc):
                raise self._read_error(exc) from exc
            # On SQLite a full disk or a lock held too long: the search was answered; only its
            # usage record is lost.


#: At most this many answers (statements' rows, scored term sets) are kept by a reader that keeps
#: its reads.
_KEPT_ANSWERS = 2_000


#: How long a search waits for the write lock to record its usage (a hit, a miss, an environment)
#: before it gives the record up: the answer never waits on another writer.
USAGE_WAIT_MS = 200


#: After a usage record gave up on the lock, the others of this process skip it for this long: a
#: pytest run with 200 failures against a locked database would otherwise wait 200 times.
USAGE_PAUSE_S = 60.0
_usage_paused_until = 0.0


def _pause_usage_writes() -> None:
    global _usage_paused_until
    _usage_paused_until = time.monotonic() + USAGE_PAUSE_S


def _usage_writes_paused() -> bool:
    return time.monotonic() < _usage_paused_until


def _lock_wait_ended(exc: StatementFailed) -> bool:
    """True when the usage record waited past its time for the write lock (SQLite's busy
    timeout, a server's lock_timeout)."""
    message = exc.message.lower()
    return exc.sqlstate == "55P03" or "lock timeout" in message or "locked" in message or "busy" in message


class Page(Record):
    """Postings of one term, best first, and where the next page starts."""

    rows: list[tuple[int, float]]
    #: The (stored impact, entry id) to read on from; None when the term has no more postings.
    after: tuple[float, int] | None
    #: No posting after this page has a higher impact than this.
    bound: float


#: A server sums a search's postings itself up to this many (about what kb.search.lookup's budget
#: reads in pages): one round trip instead of one per page and lookup, 4.6 ms instead of 17 ms for
#: a one-line error at 10,000 entries (bench/pg_search_bench.py).
SUM_ON_SERVER_UP_TO = 50_000
#: How many more entries than asked a server's sum returns: its float sums may order near-ties
#: differently from Python's, which rescores them.
SUM_SLACK = 20


class Postings:
    """One search's view of the postings: entries of the given statuses only, with BM25 impacts for
    the current average length.

    Stored impacts were computed with the average of the last full build, which orders each term's
    postings; every impact handed out is recomputed from the posting's weight and length. When the
    average has grown since, an impact can exceed the stored one, but by a bounded factor: with
    tf / (tf + A + B*len) stored, the current one is at most 1 / (1 + r*(1/stored - 1)), where r is the
    old average over the new one (or 1 when the average has shrunk).
    """

    def __init__(
        self,
        rows: Callable[[str, dict[str, Any]], list[tuple[Any, ...]]],
        statuses: Sequence[str],
        average_length: float,
        stored_average: float,
        lists: dict[str, list[tuple[int, float]]] | None = None,
        read: Callable[[str, dict[str, Any]], list[tuple[Any, ...]]] | None = None,
        on_server: bool = False,
    ) -> None:
        self._rows = rows
        self._on_server = on_server
        self._read = read or rows
        #: Each term's whole list (entry id, impact), by entry id, when the reader keeps its reads.
        self._lists = lists
        self._status_sql, self._status_params = in_list("s", statuses)
        average = average_length or 1.0
        self._saturation, self._per_length = normalisation(average)
        self._growth = min(1.0, (stored_average or average) / average)

    def _impact(self, weight: float, length: float) -> float:
        return weight / (weight + self._saturation + self._per_length * length)

    def summed(self, coefficients: Mapping[str, float], postings: int, k: int) -> list[int] | None:
        """On a database server, when the terms of COEFFICIENTS hold at most SUM_ON_SERVER_UP_TO
        POSTINGS: the K entries with the highest scores, summed by the server in one query (plus a
        few, for sums that differ from Python's in the last bit), where reading pages would take a
        round trip each. None elsewhere: the caller reads pages (kb.search.top_k)."""
        if not self._on_server or not coefficients or postings > SUM_ON_SERVER_UP_TO:
            return None
        cases: list[str] = []
        params: dict[str, Any] = {}
        for n, (term, coefficient) in enumerate(coefficients.items()):
            cases.append(f"WHEN :t{n} THEN CAST(:c{n} AS DOUBLE PRECISION)")
            params[f"t{n}"], params[f"c{n}"] = term, coefficient
        terms = ", ".join(f":t{n}" for n in range(len(coefficients)))
        sql = (
            f"SELECT entry_id, SUM((CASE term {' '.join(cases)} END) * weight / (weight"
            " + CAST(:saturation AS DOUBLE PRECISION) + CAST(:per_length AS DOUBLE PRECISION) * length))"
            f" AS score FROM search_term WHERE term IN ({terms}) AND status IN ({self._status_sql})"
            " GROUP BY entry_id ORDER BY score DESC, entry_id LIMIT :k"
        )
        params.update(self._status_params, saturation=self._saturation, per_length=self._per_length)
        params["k"] = k + SUM_SLACK
        return [int(row[0]) for row in self._rows(sql, params)]

    def whole(self, terms: Sequence[str]) -> Iterator[tuple[str, int, float]]:
        """Every (term, entry id, impact) of TERMS, by term and then entry id: a fixed order, so that
        sums over them come out the same to the last bit however the lists were read."""
        lists = self._lists if self._lists is not None else {}
        lists.update(self._read_lists([term for term in dict.fromkeys(terms) if term not in lists]))
        for term in sorted(set(terms)):
            for entry_id, impact in lists[term]:
                yield term, entry_id, impact

    def _read_lists(self, terms: Sequence[str]) -> dict[str, list[tuple[int, float]]]:
        found: dict[str, list[tuple[int, float]]] = {term: [] for term in terms}
        for chunk in chunks(terms):
            term_sql, params = in_list("t", chunk)
            sql = (  # read past the reader's kept statements: the lists are kept term by term
                "SELECT term, entry_id, weight, length FROM search_term "
                f"WHERE term IN ({term_sql}) AND status IN ({self._status_sql})"
            )
            for term, entry_id, weight, length in self._read(sql, {**params, **self._status_params}):
                found[str(term)].append((int(entry_id), self._impact(weight, length)))
        for postings in found.values():
            postings.sort()
        return found

    def page(self, term: str, after: tuple[float, int] | None, size: int) -> Page:
        """A keyset page: the same SQL serves every backend, and each page is one index seek."""
        where = "" if after is None else "AND (impact, entry_id) < (:impact, :entry) "
        sql = (
            f"SELECT entry_id, weight, length, impact FROM search_term WHERE term = :term {where}"
            f"AND status IN ({self._status_sql}) ORDER BY impact DESC, entry_id DESC LIMIT :size"
        )
        params: dict[str, Any] = {"term": term, "size": size, **self._status_params}
        if after is not None:
            params.update(impact=after[0], entry=after[1])
        found = self._rows(sql, params)
        saturation, per_length = self._saturation, self._per_length  # _impact, inlined: 10,000s of rows
        rows = [(e, w / (w + saturation + per_length * n)) for e, w, n, _ in found]
        if len(found) < size:
            return Page(rows, None, 0.0)
        last_entry, last_impact = int(found[-1][0]), float(found[-1][3])
        bound = 1.0 / (1.0 + self._growth * (1.0 / last_impact - 1.0)) if last_impact > 0 else 0.0
        return Page(rows, (last_impact, last_entry), bound)

    def of_entries(self, entry_ids: Sequence[int], terms: Sequence[str]) -> Iterator[tuple[str, int, float]]:
        """Every (term, entry id, impact) of TERMS in the given entries."""
        if not terms:
            return
        listed = [term for term in terms if self._lists is not None and term in self._lists]
        if listed:
            assert self._lists is not None
            wanted = set(entry_ids)
            for term in listed:
                for entry_id, impact in self._lists[term]:
                    if entry_id in wanted:
                        yield term, entry_id, impact
            terms = [term for term in terms if term not in listed]
            if not terms:
                return
        term_sql, term_params = in_list("t", terms)
        for chunk in chunks(sorted(entry_ids)):  # in key order, each seek starts near the last
            id_sql, id_params = in_list("i", chunk)
            sql = (
                "SELECT term, entry_id, weight, length FROM search_term "
                f"WHERE entry_id IN ({id_sql}) AND term IN ({term_sql})"
            )
            for term, entry_id, weight, length in self._rows(sql, {**id_params, **term_params}):
                yield str(term), int(entry_id), self._impact(weight, length)
