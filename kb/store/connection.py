"""One portable connection for every read and write of the store, over the database's own driver.

The store speaks one small SQL dialect that SQLite and PostgreSQL share (named `:parameters`,
`ON CONFLICT`, `RETURNING`) through `Database`: the standard library's sqlite3 for an SQLite file,
psycopg for PostgreSQL, and SQLAlchemy Core only for any other URL. So opening the store costs a
driver, not an ORM (importing SQLModel takes ~0.4 s, SQLAlchemy alone ~0.3 s; `kb add` has ~0.1 s).

Values are bound the same way everywhere: lists and dicts as JSON, times as SQLAlchemy stored them
(SQLite: naive UTC text; a server: an aware UTC time). A statement that fails raises
`StatementFailed`, which says whether it clashed with a unique key and the server's SQLSTATE.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from kb.paths import DatabaseLocation
from kb.patterns import LazyPattern
from kb.store import sqlite_file, stored_json
from kb.store.schema import (
    SERVER_CONNECT_TIMEOUT_S,
    SQLITE_BUSY_TIMEOUT_MS,
    server_engine,
    server_message,
    with_kb_session,
)

#: The page cache of a connection, at most: SQLite's 2 MB default makes a bulk import's half a million
#: postings spill half-built pages mid-transaction. It grows only as pages are read or written.
SQLITE_CACHE_KIB = 32 * 1024
#: SQLite's default page cache, in KiB (negative: a size, not a number of pages).
_LISTING_CACHE = -2000
_PARAMETER = LazyPattern(r"(?<![:\w]):(\w+)")

Params = Mapping[str, Any] | None


#: How long a server connection may sit unused before the next statement first checks it is still
#: there (a server restarted, a network blip meanwhile): `kb edit`'s editor and an idle TUI take far
#: longer, a command's statements come far closer together.
IDLE_CHECK_S = 10.0


class StatementFailed(Exception):
    """A statement failed: MESSAGE is the database's first line; SQLSTATE the server's code (None on
    SQLite); CLASH when it broke a unique key."""

    def __init__(self, message: str, sqlstate: str | None = None, clash: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.sqlstate = sqlstate
        self.clash = clash


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C held back until the block ends, then delivered. Around a commit and the count of it
    (kb.store.entry_store): a SIGINT while SQLite runs COMMIT raised KeyboardInterrupt once COMMIT
    had returned, and kb said "nothing was written" of an import it had saved. Only the main thread
    receives signals; elsewhere, and where Python has no handler for SIGINT, this holds nothing."""
    import signal

    previous = signal.getsignal(signal.SIGINT)
    arrived: list[int] = []
    try:
        if previous is None:
            raise ValueError("no Python handler")
        signal.signal(signal.SIGINT, lambda signum, frame: arrived.append(signum))
    except ValueError:  # not the main thread, or a handler that is not Python's
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if arrived:
        signal.raise_signal(signal.SIGINT)


class Database:
    """A connection in autocommit mode: each statement on its own, or several in transaction().

    One store may be used from several threads (the TUI's workers): a transaction holds the
    connection for its thread until it ends, and every statement waits for it.
    """

    #: "sqlite", "postgresql", or another SQLAlchemy dialect's name.
    dialect = "sqlite"
    #: Held by a transaction and by every statement: an RLock, or nothing for a connection one
    #: thread alone uses (a search's reader).
    _lock: contextlib.AbstractContextManager[Any]

    def rows(self, sql: str, params: Params = None) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._execute(sql, params).fetchall())

    def stream(self, sql: str, params: Params = None, size: int = 500) -> Iterator[tuple[Any, ...]]:
        """The rows of SQL as the database hands them over, SIZE at a time: a listing of every entry
        starts printing at once and holds one batch in memory, whatever the knowledge base weighs."""
        yield from self.rows(sql, params)

    def first(self, sql: str, params: Params = None) -> tuple[Any, ...] | None:
        with self._lock:
            found = self._execute(sql, params).fetchone()
        return tuple(found) if found is not None else None

    def value(self, sql: str, params: Params = None) -> Any:
        found = self.first(sql, params)
        return found[0] if found is not None else None

    def run(self, sql: str, params: Params = None) -> int:
        """Run a statement that returns no rows; how many rows it changed."""
        with self._lock:
            return int(self._execute(sql, params).rowcount or 0)

    def run_many(self, sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """One statement for each of ROWS (all with the same names)."""
        if rows:
            with self._lock:
                self._execute_many(sql, [self.bind(row) for row in rows])

    def insert_rows(self, table: str, names: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Plain rows (text and numbers only, in NAMES order): the fastest way in, for the index."""
        if not rows:
            return
        columns = ", ".join(f'"{name}"' for name in names)  # `key` and `case` are SQL words
        values = ", ".join(f":{name}" for name in names)
        with self._lock:
            self._execute_many(
                f"INSERT INTO {table} ({columns}) VALUES ({values})",
                [dict(zip(names, row, strict=True)) for row in rows],
            )

    def insert(self, table: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """ROWS (all with the same columns) into TABLE, values bound (JSON, times)."""
        if rows:
            columns = ", ".join(f'"{name}"' for name in rows[0])
            values = ", ".join(f":{name}" for name in rows[0])
            self.run_many(f"INSERT INTO {table} ({columns}) VALUES ({values})", rows)

    def bind(self, params: Params) -> dict[str, Any]:
        """PARAMS as this database takes them: JSON for lists and dicts, its form of a time."""
        if not params:
            return {}
        return {name: self._bound(value) for name, value in params.items()}

    def _bound(self, value: Any) -> Any:
        if isinstance(value, list | dict | tuple):
            import json  # deferred: a search reads JSON (kb.store.stored_json) and writes none

            return json.dumps(value)
        if isinstance(value, datetime):
            return stored_stamp(value)
        return value

    def for_update(self) -> str:
        """What locks the rows a SELECT reads until the transaction ends (SQLite: the whole database,
        taken by BEGIN IMMEDIATE already)."""
        return ""

    def hold_lock(self, name: str) -> None:
        """Hold the lock called NAME until the transaction ends (a server's advisory lock; on SQLite
        the write transaction holds the whole database already)."""

    #: The transaction whose lock waits are bound already (bound_lock_waits()), by its number.
    _waits_bound_in: int | None = None
    #: How long a write waits for a lock another process or session holds, when a caller said
    #: (wait_for_locks_at_most()); None: as long as a person's command (SERVER_LOCK_WAIT_MS).
    lock_wait_ms: int | None = None
    #: The number of the transaction open now, for a connection that counts them (psycopg's).
    _transaction_number: int | None = None

    def bound_lock_waits(self) -> None:
        """Make the rest of the transaction give up a lock it waits for after lock_wait_ms
        (SERVER_LOCK_WAIT_MS unless wait_for_locks_at_most() said less; StatementFailed, SQLSTATE
        55P03), unless the server, database or role bound it already:
        a row that a psql session or a stuck client holds kept a write waiting, silent, for as long
        as it was held. On SQLite the busy timeout bounds every wait already. Once per transaction
        where the connection counts them: a prune locks one row per entry it archives."""
        if self.dialect != "postgresql":
            return
        number = self._transaction_number
        if number is not None and number == self._waits_bound_in:
            return
        wait = self.lock_wait_ms if self.lock_wait_ms is not None else SERVER_LOCK_WAIT_MS
        self.run(BOUNDED_LOCK_WAITS, {"wait": f"{wait}ms"})
        if getattr(self, "_transactions", 0) == 1:  # a savepoint rolled back would undo it
            self._waits_bound_in = number

    def wait_for_locks_at_most(self, ms: int) -> None:
        """From now on, give up a lock another writer holds after MS: for a caller that must answer
        within a bound (an agent's tool call), not after the 30 s a person's command waits."""
        self.lock_wait_ms = ms
        self._waits_bound_in = None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        raise NotImplementedError
        yield

    def close(self) -> None:
        raise NotImplementedError

    def _execute(self, sql: str, params: Params) -> Any:
        raise NotImplementedError

    def _execute_many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        raise NotImplementedError


class SqliteDatabase(Database):
    """An SQLite file (or memory) through sqlite3: WAL, so readers work beside a writer, and BEGIN
    IMMEDIATE, so that writers queue on the busy timeout instead of failing when one committed
    between another's read and write."""

    dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection, tuned: bool = True) -> None:
        """A store's connection CONN, set up for writing; TUNED=False: the caller set it up (a
        search's reader, which may be reading a full disk)."""
        self.conn = conn
        self._lock = _thread_lock() if tuned else contextlib.nullcontext()
        #: Each statement with named parameters, as positional ones: sqlite3 binds a name a
        #: microsecond slower, which a search binding thousands of terms feels.
        self._positional: dict[str, tuple[str, list[str]]] = {}
        if not tuned:
            return
        conn.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        with contextlib.suppress(sqlite3.OperationalError):  # read-only: keep the journal mode, still read
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA cache_size = -{SQLITE_CACHE_KIB}")

    def wait_for_locks_at_most(self, ms: int) -> None:
        super().wait_for_locks_at_most(ms)
        with self._lock:
            self.conn.execute(f"PRAGMA busy_timeout = {int(ms)}")

    @classmethod
    def open(cls, location: DatabaseLocation) -> SqliteDatabase:
        timeout = SQLITE_BUSY_TIMEOUT_MS / 1000
        try:
            if location.file is None:
                return cls(
                    sqlite3.connect(
                        ":memory:", timeout=timeout, isolation_level=None, check_same_thread=False
                    )
                )
            return cls(sqlite_file.connect(location.file, timeout))
        except sqlite3.Error as exc:
            raise StatementFailed(str(exc)) from exc

    def _execute(self, sql: str, params: Params) -> Any:
        try:
            if not params:
                return self.conn.execute(sql)
            found = self._positional.get(sql)
            if found is None:
                if len(self._positional) > 1000:
                    self._positional.clear()
                found = self._positional[sql] = (_PARAMETER.sub("?", sql), _PARAMETER.findall(sql))
            bound = self._bound
            return self.conn.execute(found[0], [bound(params[name]) for name in found[1]])
        except sqlite3.Error as exc:
            raise _failed(exc) from exc

    def stream(self, sql: str, params: Params = None, size: int = 500) -> Iterator[tuple[Any, ...]]:
        """A listing reads each page once: while it lasts, the page cache is SQLite's default (2 MB)
        rather than the bulk writes' 32 MB, which a listing of every entry would only fill."""
        with self._lock:
            cached = self.conn.execute("PRAGMA cache_size").fetchone()[0]
            self.conn.execute(f"PRAGMA cache_size = {_LISTING_CACHE}")
            cursor = self._execute(sql, params)
        try:
            while True:
                with self._lock:
                    batch = cursor.fetchmany(size)
                if not batch:
                    return
                yield from batch
        except sqlite3.Error as exc:
            raise _failed(exc) from exc
        finally:
            with contextlib.suppress(sqlite3.Error):  # the connection closed first
                cursor.close()
                self.conn.execute(f"PRAGMA cache_size = {int(cached)}")

    def _execute_many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        try:
            self.conn.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise _failed(exc) from exc

    def insert_rows(self, table: str, names: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        if rows:  # positional: sqlite3 binds a name a microsecond slower, half a million times
            columns = ", ".join(f'"{name}"' for name in names)
            sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' for _ in names)})"
            try:
                with self._lock:
                    self.conn.executemany(sql, rows)
            except sqlite3.Error as exc:
                raise _failed(exc) from exc

    def _begin_writing(self) -> None:
        """BEGIN IMMEDIATE, waiting for another process's write lock as long as the busy timeout set
        now says (30 s; a search's usage record 0.2 s), in slices: SQLite waits in C, where Python
        runs no signal handler, and Ctrl-C went unheard for 30 s."""
        try:
            waits = int(self.conn.execute("PRAGMA busy_timeout").fetchone()[0])
        except sqlite3.Error as exc:
            raise _failed(exc) from exc
        if waits <= BUSY_SLICE_MS:
            self._execute("BEGIN IMMEDIATE", None)
            return
        deadline = time.monotonic() + waits / 1000
        self.conn.execute(f"PRAGMA busy_timeout = {BUSY_SLICE_MS}")
        try:
            while True:
                try:
                    self.conn.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) or time.monotonic() >= deadline:
                        raise _failed(exc) from exc
                except sqlite3.Error as exc:
                    raise _failed(exc) from exc
        finally:  # the statements inside the transaction wait as long as ever
            self.conn.execute(f"PRAGMA busy_timeout = {waits}")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            self._begin_writing()
            try:
                yield
            except BaseException:
                if self.conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self.conn.execute("ROLLBACK")
                raise
            self._execute("COMMIT", None)

    def close(self) -> None:
        self.conn.close()


#: How long SQLite waits for a lock before kb's own loop looks again (and Ctrl-C is heard).
BUSY_SLICE_MS = 200


class PsycopgDatabase(Database):
    """PostgreSQL through psycopg 3, in autocommit: a read holds no transaction open."""

    dialect = "postgresql"

    def __init__(self, conninfo: str, display: str) -> None:
        import psycopg  # ImportError: the caller falls back to SQLAlchemy, which names the package
        from psycopg.types.json import Json

        self._error = psycopg.Error
        self._json = Json
        self._lock = _thread_lock()
        if "connect_timeout" not in conninfo:
            conninfo += ("&" if "?" in conninfo else "?") + f"connect_timeout={SERVER_CONNECT_TIMEOUT_S}"
        self._conninfo, self._display = conninfo, display
        self._transactions = 0  # open, nested ones count each
        self._used = time.monotonic()  # when a statement last went to the server
        _quiet_psycopg_logging()
        self.conn = self._connect()

    def _connect(self) -> Any:
        import psycopg

        try:
            return psycopg.connect(self._conninfo, autocommit=True)
        except psycopg.Error as exc:
            raise StatementFailed(
                f"cannot connect to {self._display}: {server_message(exc, self._conninfo)}"
            ) from None

    def _live(self) -> Any:
        """The connection, made again when the last one was lost (the server restarted, a network
        blip): a long-lived process (the TUI, kb mcp) keeps one, and the statement that met the loss
        has failed and said so; the next one must not fail for it too. Never inside a transaction:
        a lost connection lost the transaction with it. A connection idle for IDLE_CHECK_S is asked
        first whether it is still there (one round trip): `kb edit` keeps its connection while the
        editor is open, and the save after a server restart met the dead one and failed, with the
        server back up."""
        if not self._transactions:
            if time.monotonic() - self._used > IDLE_CHECK_S and not (self.conn.closed or self.conn.broken):
                with contextlib.suppress(self._error):
                    self.conn.execute("SELECT 1")
            if self.conn.closed or self.conn.broken:
                self.conn = self._connect()
        self._used = time.monotonic()
        return self.conn

    def _bound(self, value: Any) -> Any:
        if isinstance(value, list | dict | tuple):
            return self._json(value)
        if isinstance(value, datetime):
            return value.astimezone(UTC)  # a naive text would be read in the session's time zone
        return value

    def for_update(self) -> str:
        return " FOR UPDATE"

    def hold_lock(self, name: str) -> None:
        self.run(ADVISORY_LOCK, {"space": LOCK_SPACE, "name": name})

    def _execute(self, sql: str, params: Params) -> Any:
        try:
            return self._live().execute(_PARAMETER.sub(r"%(\1)s", sql), self.bind(params) or None)
        except self._error as exc:
            raise _failed(exc) from exc

    def stream(self, sql: str, params: Params = None, size: int = 500) -> Iterator[tuple[Any, ...]]:
        """Through a server-side cursor, in a read transaction of its own."""
        try:
            with self._lock, self._live().transaction(), self.conn.cursor(name="kb_stream") as cursor:
                cursor.execute(_PARAMETER.sub(r"%(\1)s", sql), self.bind(params) or None)
                while batch := cursor.fetchmany(size):
                    yield from batch
        except self._error as exc:
            raise _failed(exc) from exc

    def _execute_many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        try:
            with self._live().cursor() as cursor:
                cursor.executemany(_PARAMETER.sub(r"%(\1)s", sql), rows)
        except self._error as exc:
            raise _failed(exc) from exc

    def insert_rows(self, table: str, names: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Through COPY: the rows go to the server as one stream. As an INSERT each (psycopg's
        executemany), seeding a database on a server executed some 18,500 statements: 13 of the 47 s
        the test server spent on tests/store's statements."""
        if not rows:
            return
        columns = ", ".join(f'"{name}"' for name in names)
        try:
            with (
                self._lock,
                self._live().cursor() as cursor,
                cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
            ):
                for row in rows:
                    copy.write_row(row)
        except self._error as exc:
            raise _failed(exc) from exc

    @contextmanager
    def transaction(self) -> Iterator[None]:
        try:
            with self._lock, self._live().transaction():
                if not self._transactions:
                    self._transaction_number = (self._transaction_number or 0) + 1
                self._transactions += 1
                try:
                    yield
                finally:
                    self._transactions -= 1
        except self._error as exc:  # the commit itself failed
            raise _failed(exc) from exc

    def close(self) -> None:
        self.conn.close()


def _quiet_psycopg_logging() -> None:
    """psycopg logs a warning when it cleans up after a connection lost mid-statement (`error
    ignored terminating <psycopg.Pipeline [BAD]>`); with no logging set up, Python prints it on
    stderr before kb's own one-line error. A handler on psycopg's logger keeps it off the terminal;
    an application that set up logging still gets it."""
    import logging

    logger = logging.getLogger("psycopg")
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())


class CoreDatabase(Database):
    """Any other database SQLAlchemy has a dialect for, through Core's text statements."""

    def __init__(self, url: str, display: str) -> None:
        self._engine = server_engine(url, display)
        self.dialect = self._engine.dialect.name
        self.conn = self._engine.connect()
        self._transaction: Any = None
        self._lock = _thread_lock()

    def _bound(self, value: Any) -> Any:
        if isinstance(value, datetime):
            return value.astimezone(UTC)
        return super()._bound(value)

    def for_update(self) -> str:
        return " FOR UPDATE" if self.dialect == "postgresql" else ""

    def hold_lock(self, name: str) -> None:
        if self.dialect == "postgresql":
            self.run(ADVISORY_LOCK, {"space": LOCK_SPACE, "name": name})

    def _execute(self, sql: str, params: Params) -> Any:
        from sqlalchemy import text
        from sqlalchemy.exc import DBAPIError

        try:
            result = self.conn.execute(text(sql), self.bind(params))
            if self._transaction is None and self.conn.in_transaction():
                self.conn.commit()  # autocommit, as the other drivers
            return result
        except DBAPIError as exc:
            if self._transaction is None and self.conn.in_transaction():
                self.conn.rollback()
            raise _failed(exc) from exc

    def _execute_many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        from sqlalchemy import text
        from sqlalchemy.exc import DBAPIError

        try:
            self.conn.execute(text(sql), rows)
        except DBAPIError as exc:
            raise _failed(exc) from exc

    @contextmanager
    def transaction(self) -> Iterator[None]:
        from sqlalchemy.exc import DBAPIError

        self._lock.__enter__()
        if self.conn.in_transaction():
            self.conn.commit()
        self._transaction = self.conn.begin()
        try:
            yield
        except BaseException:
            self._transaction.rollback()
            raise
        else:
            try:
                self._transaction.commit()
            except DBAPIError as exc:
                raise _failed(exc) from exc
        finally:
            self._transaction = None
            self._lock.__exit__(None, None, None)

    def close(self) -> None:
        self.conn.close()
        self._engine.dispose()


#: How long a write waits on a server for a row another session holds: as long as it waits on SQLite.
SERVER_LOCK_WAIT_MS = SQLITE_BUSY_TIMEOUT_MS
#: How long a search's reader waits for a lock (a table another session locked): then the layer does
#: not answer, in one line, and the others do.
SEARCH_LOCK_WAIT_MS = 5_000
#: Sets the transaction's lock_timeout to :wait where nothing but kb's own session settings set one
#: (kb.store.schema.with_kb_session(); the default, 0, waits forever): a server's, database's or
#: role's own choice stands.
BOUNDED_LOCK_WAITS = (
    "SELECT set_config('lock_timeout', :wait, true) FROM pg_settings"
    " WHERE name = 'lock_timeout' AND (setting = '0' OR source = 'client')"
)
#: The first half of every advisory lock key kb takes on a server (hold_lock): "kb" in ASCII.
LOCK_SPACE = 0x6B62
#: Holds a named lock until the transaction ends, in kb's own space of advisory locks.
ADVISORY_LOCK = "SELECT pg_advisory_xact_lock(:space, hashtext(:name))"


def connect(location: DatabaseLocation, lean: bool = False) -> Database:
    """A connection to the database at LOCATION. Raises StatementFailed when there is none. LEAN:
    for a search's reader, which on PostgreSQL speaks to libpq itself rather than import psycopg
    (kb.store.libpq), where a libpq can be loaded."""
    if location.is_sqlite:
        return SqliteDatabase.open(location)
    scheme, _, rest = location.url.partition("://")
    if scheme in ("postgresql", "postgresql+psycopg"):
        # a search's reader waits less for a table lock: it must answer while the incident is on
        conninfo = with_kb_session(
            f"postgresql://{rest}", SEARCH_LOCK_WAIT_MS if lean else SERVER_LOCK_WAIT_MS
        )
        if "connect_timeout" not in conninfo:
            conninfo += ("&" if "?" in conninfo else "?") + f"connect_timeout={SERVER_CONNECT_TIMEOUT_S}"
        if lean:
            from kb.store.libpq import open_libpq

            found = open_libpq(conninfo + "&client_encoding=UTF8", location.display())
            if found is not None:
                return found
        try:
            return PsycopgDatabase(conninfo, location.display())
        except ImportError:
            pass  # SQLAlchemy names the package to install
    return CoreDatabase(location.url, location.display())


def decoded(value: Any) -> Any:
    """A JSON column's value as the driver returned it (SQLite: text; psycopg: decoded already)."""
    return stored_json.loads(value) if isinstance(value, str) else value


def chunks(items: Sequence[Any], size: int = 500) -> Iterator[Sequence[Any]]:
    """ITEMS, SIZE at a time: a statement binds at most so many parameters."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def in_list(prefix: str, values: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """An `IN (...)` list of named parameters, and their values: the same SQL on every backend."""
    params = {f"{prefix}{n}": value for n, value in enumerate(values)}
    return ", ".join(f":{name}" for name in params), params


def _thread_lock() -> contextlib.AbstractContextManager[Any]:
    import threading  # deferred: a search's reader is used by one thread

    return threading.RLock()


def stored_stamp(moment: datetime) -> str:
    """The text SQLAlchemy writes on SQLite for a UTC datetime (naive means UTC already)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(sep=" ", timespec="microseconds")


def _failed(exc: BaseException) -> StatementFailed:
    """EXC, a driver's error (or SQLAlchemy's around one), as StatementFailed."""
    said = getattr(exc, "orig", None) or exc
    clash = any(kind.__name__ == "IntegrityError" for kind in type(said).__mro__)
    return StatementFailed(server_message(exc), getattr(said, "sqlstate", None), clash)
