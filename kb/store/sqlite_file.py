"""The SQLite file itself: read-only places, and damage.

Both the store and the fast read path open the file, so what they need to know about it lives here,
in the standard library alone.

- **Read-only.** A knowledge base on a read-only mount, or a file this user may not write, is still
  worth searching. SQLite cannot open a WAL database there the usual way (it needs to create the
  -shm file), so it is opened `mode=ro`, and `immutable=1` where that file cannot be made: on a
  read-only file system, where nothing can change it underneath, and in a folder kb may not write
  that holds no -shm file, where no writer has the database open.
- **Damage.** A damaged page shows up as "database disk image is malformed" in whichever command
  reads it. `PRAGMA quick_check` confirms it, and a mark beside the file (`kb.db-damaged`) makes every
  later write refuse until the file checks clean again: writing into a damaged file can lose what is
  still readable.
"""

from __future__ import annotations

import os
import sqlite3
from typing import TYPE_CHECKING

from kb.errors import DatabaseDamaged, DiskFull, NotADatabase, StoreUnavailable
from kb.paths import DatabaseLocation, user_data_dir

if TYPE_CHECKING:
    from pathlib import Path

#: Words SQLite uses when pages are damaged.
_DAMAGE_WORDS = ("malformed", "corrupt")


def read_only_uri(path: str) -> str | None:
    """A URI to read PATH with, when kb may not write it (or the -wal and -shm files beside it); None
    when it may."""
    folder = os.path.dirname(os.path.abspath(path))
    shared_memory = os.access(folder, os.W_OK) or os.path.exists(f"{path}-shm")
    if os.access(path, os.W_OK) and shared_memory:
        return None
    uri = _read_only(path)
    try:
        read_only_mount = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        read_only_mount = False
    # `mode=ro` alone still makes the -shm file: "attempt to write a readonly database" where it cannot
    return f"{uri}&immutable=1" if read_only_mount or not shared_memory else uri


def _read_only(path: str) -> str:
    from urllib.parse import quote  # deferred: a writable file, the usual case, needs no URI

    return f"file:{quote(os.path.abspath(path))}?mode=ro"


def connect(path: str, timeout: float) -> sqlite3.Connection:
    """A connection to PATH in autocommit mode, read-only when kb may not write the file. It may be
    used from another thread than its own (kb.store.connection serializes the use)."""
    uri = read_only_uri(path)
    if uri is None:
        return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    return sqlite3.connect(uri, timeout=timeout, isolation_level=None, uri=True, check_same_thread=False)


#: What SQLite says when it cannot write a byte more: a full disk, a file size limit.
_NO_ROOM_WORDS = ("disk i/o error", "database or disk is full")


def out_of_room(message: str) -> bool:
    return any(word in message.lower() for word in _NO_ROOM_WORDS)


#: Less room than this on the disk of a database SQLite could not write is a full disk: a
#: transaction that needed more than was left fails, and leaves what was left.
FULL_BELOW = 16 * 1024 * 1024


def confirm_full_disk(path: str, display: str, message: str, doing: str) -> DiskFull | None:
    """After SQLite said MESSAGE while kb was DOING: the DiskFull to raise when it is out of room and
    the disk holding PATH has next to none left; None otherwise (a file size limit, a failing disk:
    SQLite's words stand)."""
    if not out_of_room(message):
        return None
    folder = os.path.dirname(os.path.abspath(path))
    try:
        disk = os.statvfs(folder)
    except OSError:
        return None
    free = disk.f_bavail * disk.f_frsize
    return DiskFull(doing, display, folder, free, message) if free < FULL_BELOW else None


def connect_without_shared_memory(path: str, timeout: float) -> sqlite3.Connection:
    """A connection that reads PATH in WAL mode without the -shm file, which a full disk cannot
    grow: in exclusive locking mode SQLite keeps the WAL's index in its own memory. It holds its
    lock until closed, which a search does at once."""
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1")
    except BaseException:
        conn.close()
        raise
    return conn


def is_damage(message: str) -> bool:
    return any(word in message.lower() for word in _DAMAGE_WORDS)


def quick_check(path: str) -> str | None:
    """The first problem `PRAGMA quick_check` finds in PATH, or None when it finds none."""
    try:
        uri = read_only_uri(path) or _read_only(path)
        with sqlite3.connect(uri, uri=True) as db:
            rows = db.execute("PRAGMA quick_check(5)").fetchall()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    lines = [line for row in rows for line in str(row[0]).splitlines()]
    problems = [line for line in lines if line != "ok" and not line.startswith("***")]
    return problems[0] if problems else None


def damage_mark(path: str) -> str:
    return f"{path}-damaged"


def marked_damaged(path: str) -> bool:
    return os.path.exists(damage_mark(path))


def confirm_damage(path: str, display: str, message: str) -> DatabaseDamaged | None:
    """After an error saying MESSAGE: the DatabaseDamaged to raise, the file marked, when PATH is
    damaged; None when the error meant something else."""
    if not is_damage(message):
        return None
    problem = quick_check(path)
    if problem is None:
        return None  # the file checks clean: what was read was in passing (a file being created)
    try:
        with open(damage_mark(path), "w", encoding="utf-8") as mark:
            mark.write(problem + "\n")
    except OSError:
        pass  # a read-only place: nothing will be written there anyway
    return DatabaseDamaged(display, path, problem)


def refuse_if_damaged(path: str, display: str) -> None:
    """Before a write: raise DatabaseDamaged if PATH was found damaged and still is (a file restored
    or repaired since checks clean, and loses its mark)."""
    if not marked_damaged(path):
        return
    problem = quick_check(path)
    if problem is not None:
        raise DatabaseDamaged(display, path, problem)
    try:  # noqa: SIM105  (contextlib is not imported on the search path)
        os.remove(damage_mark(path))
    except OSError:
        pass


def seal(path: str) -> None:
    """Make the finished knowledge base at PATH one read-only file (a folder's search index): its
    journal back in the file (no -wal or -shm to leave behind), then no one's to write."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
    finally:
        conn.close()
    os.chmod(path, 0o444)


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def is_read_only(location: DatabaseLocation) -> bool:
    """True for an SQLite file that exists and that kb may not write here."""
    return (
        location.file is not None
        and os.path.exists(location.file)
        and read_only_uri(location.file) is not None
    )


def check_path(location: DatabaseLocation) -> None:
    """Make sure LOCATION can hold an SQLite database: a file that is one, or none yet in a folder
    that exists (the default folder is created), which gets a private empty file."""
    path = location.path
    assert path is not None
    if path.is_dir():
        raise StoreUnavailable(f"{path} is a folder, not a database file")
    if path.exists() and not path.is_file():  # reading a named pipe's header waited for a writer
        raise StoreUnavailable(f"{path} is not a regular file (a pipe or a device), not a database file")
    if path.parent.exists() and not path.parent.is_dir():
        raise StoreUnavailable(f"{path.parent} is a file, not a folder; check --db and KB_DB")
    if not path.parent.is_dir():
        if path.parent != user_data_dir():  # a typo in --db must not leave a folder and a new kb behind
            raise StoreUnavailable(
                f"the folder {path.parent} does not exist; create it first, or check --db and KB_DB"
            )
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreUnavailable(
                f"cannot create {path.parent} for the database: {exc.strerror}; choose where it lives"
                " with --db or KB_DB (or XDG_DATA_HOME)"
            ) from exc
    if not path.exists():
        _create_private(path)
    if path.exists():
        try:
            with path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise StoreUnavailable(f"cannot read {path}: {exc.strerror}") from exc
        if header and header != SQLITE_HEADER:
            raise NotADatabase(str(path))


def _create_private(path: Path) -> None:
    """An empty database file only its owner may read: it holds the environments kb has seen and
    the output of checks. (SQLite gives its -wal and -shm files the database file's mode.)"""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass  # another kb created it meanwhile
    except OSError as exc:
        raise StoreUnavailable(f"cannot create {path}: {exc.strerror}") from exc
