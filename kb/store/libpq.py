"""A PostgreSQL connection for the search's reader, straight over libpq: no psycopg import.

A cold `kb search` on a team's server took three times the same search on SQLite, and most of the
difference was Python importing psycopg (about 0.1 s: its adapters, asyncio, logging,
importlib.metadata), not the server (8 to 14 ms of queries). The reader's statements are few and
plain (SELECTs of numbers, text and JSON, and the usage record's small writes), so they go through
libpq's own C functions, loaded with ctypes: the library psycopg-binary ships, or the system's.
Parameters are sent apart from the statement (PQexecParams, text format, types inferred by the
server), never spliced into it. Everything else (the store's writes, migrations) keeps psycopg.

`open_libpq` returns None when no libpq can be loaded: the caller then uses psycopg.
"""

from __future__ import annotations

import ctypes
import glob
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from kb.paths import without_passwords
from kb.store.connection import _PARAMETER, Database, Params, StatementFailed, _thread_lock

_CONNECTION_OK = 0
_COMMAND_OK, _TUPLES_OK = 1, 2
_DIAG_SQLSTATE = ord("C")
#: The server's message itself, as psycopg's errors show it (no "ERROR:" before it, no DETAIL after).
_DIAG_MESSAGE = ord("M")
_UNIQUE_VIOLATION = "23505"
#: Type OIDs of the values the reader reads, and how their text becomes a Python value.
_BOOL, _INT8, _INT2, _INT4, _OID = 16, 20, 21, 23, 26
_FLOAT4, _FLOAT8, _NUMERIC = 700, 701, 1700
_TIMESTAMP, _TIMESTAMPTZ = 1114, 1184


def _library() -> ctypes.CDLL | None:
    """psycopg-binary's own libpq (beside the package Python would import, found without importing
    it: the same trust as `import psycopg`), else the system's libpq.so.5; None when neither loads."""
    from importlib.util import find_spec

    candidates: list[str] = []
    spec = find_spec("psycopg_binary")
    if spec is not None and spec.origin:
        site = os.path.dirname(os.path.dirname(spec.origin))
        candidates += sorted(glob.glob(os.path.join(site, "psycopg_binary.libs", "libpq-*.so*")))
    candidates.append("libpq.so.5")
    for candidate in candidates:
        try:
            lib = ctypes.CDLL(candidate)
            _declare(lib)
        except (OSError, AttributeError):  # not there, or a libpq too old to have these functions
            continue
        return lib
    return None


def _declare(lib: ctypes.CDLL) -> None:
    pointer, text, number = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    signatures: dict[str, tuple[list[Any], Any]] = {
        "PQconnectdb": ([text], pointer),
        "PQstatus": ([pointer], number),
        "PQerrorMessage": ([pointer], text),
        "PQfinish": ([pointer], None),
        "PQexecParams": (
            [pointer, text, number, pointer, ctypes.POINTER(text), pointer, pointer, number],
            pointer,
        ),
        "PQresultStatus": ([pointer], number),
        "PQresultErrorMessage": ([pointer], text),
        "PQresultErrorField": ([pointer, number], text),
        "PQntuples": ([pointer], number),
        "PQnfields": ([pointer], number),
        "PQftype": ([pointer, number], ctypes.c_uint),
        # A value in text format ends at its NUL, so it comes back as bytes in one call.
        "PQgetvalue": ([pointer, number, number], text),
        "PQgetisnull": ([pointer, number, number], number),
        "PQcmdTuples": ([pointer], text),
        "PQclear": ([pointer], None),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = result


class _Result:
    """What a statement returned, read out of libpq's result at once (rows as Python values)."""

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._rows

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None


class LibpqDatabase(Database):
    """A PostgreSQL database through libpq itself, in autocommit (a read holds no transaction)."""

    dialect = "postgresql"

    def __init__(self, lib: ctypes.CDLL, conninfo: str, display: str) -> None:
        self._lib = lib
        self._lock = _thread_lock()
        self.conn = lib.PQconnectdb(conninfo.encode("utf-8"))
        if not self.conn or lib.PQstatus(self.conn) != _CONNECTION_OK:
            message = (lib.PQerrorMessage(self.conn) or b"").decode("utf-8", "replace") if self.conn else ""
            self.close()
            first = message.strip().splitlines()[0] if message.strip() else "no connection"
            raise StatementFailed(f"cannot connect to {display}: {without_passwords(first, conninfo)}")

    def _bound(self, value: Any) -> Any:
        if isinstance(value, datetime):
            return (value if value.tzinfo else value.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
        return super()._bound(value)

    def for_update(self) -> str:
        return " FOR UPDATE"

    def _execute(self, sql: str, params: Params) -> _Result:
        names = _PARAMETER.findall(sql)
        numbered: dict[str, int] = {}
        for name in names:
            numbered.setdefault(name, len(numbered) + 1)
        statement = _PARAMETER.sub(lambda match: f"${numbered[match.group(1)]}", sql)
        bound = self.bind(params)
        values = (ctypes.c_char_p * max(len(numbered), 1))()
        for name, number in numbered.items():
            values[number - 1] = None if bound[name] is None else _text(bound[name]).encode("utf-8")
        lib = self._lib
        result = lib.PQexecParams(
            self.conn, statement.encode("utf-8"), len(numbered), None, values, None, None, 0
        )
        if not result:
            raise StatementFailed((lib.PQerrorMessage(self.conn) or b"").decode("utf-8", "replace").strip())
        try:
            status = lib.PQresultStatus(result)
            if status not in (_COMMAND_OK, _TUPLES_OK):
                primary = lib.PQresultErrorField(result, _DIAG_MESSAGE) or lib.PQresultErrorMessage(result)
                message = (primary or b"").decode("utf-8", "replace").strip()
                state = lib.PQresultErrorField(result, _DIAG_SQLSTATE)
                sqlstate = state.decode("ascii") if state else None
                first = message.splitlines()[0] if message else "the statement failed"
                raise StatementFailed(first, sqlstate, clash=sqlstate == _UNIQUE_VIOLATION)
            return _Result(_rows(lib, result), int(lib.PQcmdTuples(result) or 0))
        finally:
            lib.PQclear(result)

    def _execute_many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self._execute(sql, row)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            self._execute("BEGIN", None)
            try:
                yield
            except BaseException:
                self._execute("ROLLBACK", None)
                raise
            self._execute("COMMIT", None)

    def close(self) -> None:
        if self.conn:
            self._lib.PQfinish(self.conn)
            self.conn = None


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rows(lib: ctypes.CDLL, result: Any) -> list[tuple[Any, ...]]:
    count, width = lib.PQntuples(result), lib.PQnfields(result)
    readers = [_reader(lib.PQftype(result, column)) for column in range(width)]
    value, is_null = lib.PQgetvalue, lib.PQgetisnull
    rows = []
    for row in range(count):
        values: list[Any] = []
        for column, read in enumerate(readers):
            raw = value(result, row, column)
            if not raw and is_null(result, row, column):  # NULL reads as "", as an empty text does
                values.append(None)
            else:
                values.append(read(raw.decode("utf-8")))
        rows.append(tuple(values))
    return rows


def _reader(oid: int) -> Any:
    """How the text of a value of type OID becomes what psycopg would have returned."""
    if oid in (_INT2, _INT4, _INT8, _OID):
        return int
    if oid in (_FLOAT4, _FLOAT8, _NUMERIC):
        return float
    if oid == _BOOL:
        return lambda text: text == "t"
    if oid in (_TIMESTAMPTZ, _TIMESTAMP):
        return datetime.fromisoformat
    if oid in (114, 3802):  # json, jsonb: decoded, as psycopg does
        return json.loads
    return str


def open_libpq(url: str, display: str) -> LibpqDatabase | None:
    """A LibpqDatabase on URL (postgresql://…), or None when no libpq loads here."""
    lib = _library()
    if lib is None:
        return None
    return LibpqDatabase(lib, url, display)


__all__: Sequence[str] = ("LibpqDatabase", "open_libpq")
