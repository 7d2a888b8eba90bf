"""Where the knowledge base lives, and where kb's own data files are.

`KB_DB` (or `--db`) takes a file path or an SQLAlchemy URL, so a team can point every `kb` at one
PostgreSQL database later without a new option. Without it, the database is `kb.db` in the
platform's user data folder.

`kb search` resolves its database before anything else and is typed mid-incident, so this module
works in plain strings (os.path) and hands out pathlib paths only to callers that ask: importing
pathlib costs a search about four milliseconds.
"""

import contextlib
import os
import sys
from typing import TYPE_CHECKING

from kb.errors import KbError, UnsafeWrite
from kb.records import Record

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from pathlib import Path
    from typing import BinaryIO

APP_NAME = "kb"
#: A repository's own entry folder, found by walking up from the current directory.
PROJECT_FOLDER = ".kb"
DB_ENV = "KB_DB"


def user_data_dir() -> "Path":
    """The platform's per-user data folder for kb (XDG on Linux, Application Support on macOS)."""
    from pathlib import Path

    return Path(_user_data_folder())


def drafts_folder() -> "Path":
    """Where kb keeps drafts waiting for a person (`kb triage`'s, an editor's that failed to save)."""
    return user_data_dir() / "drafts"


def new_draft_path(name: str, stamp: str) -> "Path":
    """A file in drafts_folder() that no draft holds, made empty now so that no other draft takes it:
    NAME-STAMP.md, or NAME-STAMP-N.md for the second one in the same second (two failed saves of one
    entry in a second kept one file, the second text over the first)."""
    folder = drafts_folder()
    folder.mkdir(parents=True, exist_ok=True)
    number = 1
    while True:
        path = folder / (f"{name}-{stamp}.md" if number == 1 else f"{name}-{stamp}-{number}.md")
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            number += 1
            continue
        return path


def draft_name(path: "Path") -> str:
    """The NAME of a draft new_draft_path() made (NAME-STAMP.md, NAME-STAMP-N.md): the kind of draft
    (`triage`, `agent`, `new-entry`) or, for an edit kept unsaved, the key of the entry edited."""
    import re

    return re.sub(r"-\d{8}T\d{6}(-\d+)?$", "", path.stem)


def home_folder() -> str:
    """The user's home folder. Without HOME, for a user with no account entry (a container run
    with an arbitrary --user and `env -i`), Python gives `~` back as it is, and kb made a folder
    named `~` in whatever folder it ran in: another knowledge base in each. KbError instead."""
    home = os.path.expanduser("~")
    if not os.path.isabs(home):
        raise KbError(
            "kb finds no home folder here (HOME is not set, and this user has no account entry):"
            " set HOME, or KB_DB, XDG_DATA_HOME, XDG_CACHE_HOME and XDG_CONFIG_HOME"
        )
    return home


def _user_data_folder() -> str:
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.join(home_folder(), "AppData", "Local")
    elif sys.platform == "darwin":
        base = os.path.join(home_folder(), "Library", "Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(home_folder(), ".local", "share")
    return os.path.join(base, APP_NAME)


class DatabaseLocation(Record):
    """A resolved database location: the SQLAlchemy URL, plus the file when it is SQLite on disk."""

    url: str
    #: The SQLite file, when the database is one on disk.
    file: str | None

    @property
    def path(self) -> "Path | None":
        from pathlib import Path

        return None if self.file is None else Path(self.file)

    @property
    def is_sqlite(self) -> bool:
        return self.url.startswith("sqlite")

    def display(self) -> str:
        """The location for people: the file path, or the URL with any password hidden (in its
        credentials, `user:***@host`, or as libpq's `?password=***`)."""
        if self.file is not None:
            return self.file
        return without_passwords(self.url, self.url)


def without_passwords(text: str, url: str = "") -> str:
    """TEXT with every password it shows hidden as `***`: a URL's (`scheme://user:***@host`), a
    conninfo's or a query's (`password=***`), and, anywhere in TEXT, the password URL holds, as typed
    and decoded: a driver's error can quote it bare (`invalid percent-encoded token: "…"`), and the
    line reaches a terminal, a CI log, an agent."""
    import re
    from urllib.parse import unquote

    secrets = {match.group(2) for match in re.finditer(_QUERY_PASSWORD, url)}
    credentials = url.partition("://")[2].partition("?")[0].rpartition("@")[0]
    if ":" in credentials:
        secrets.add(credentials.split(":", 1)[1])
    for secret in sorted(secrets, key=len, reverse=True):
        for form in {secret, unquote(secret)}:
            if len(form) >= 3:
                text = text.replace(form, "***")
    text = re.sub(_URL_PASSWORD, r"\1***@", text)
    return re.sub(_QUERY_PASSWORD, r"\1***", text)


#: `scheme://user:password@`: a URL's credentials, up to the last `@` before the host.
_URL_PASSWORD = r"(?i)\b([a-z][\w+.-]*://[^\s:/@'\"]*:)[^\s'\"]*@"
#: `password=…` in a query or a conninfo string, quoted or not.
_QUERY_PASSWORD = r"(?i)\b(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^&\s'\"]+?(?=:\s|:$|[&\s'\"]|$))"


def resolve_location(spec: str | None = None) -> DatabaseLocation:
    """Turn --db / KB_DB / the default into a DatabaseLocation.

    A --db or KB_DB holding bytes that are not UTF-8 is refused: the command line hands kb each such
    byte as U+FFFD (kb.__main__), and the environment as a lone surrogate, and either names a file
    other than the one meant: `kb --db $'caf\\xe9.db' list` made and seeded `caf\ufffd.db`."""
    spec = spec or os.environ.get(DB_ENV) or os.path.join(_user_data_folder(), "kb.db")
    if "\ufffd" in spec or any("\udc80" <= char <= "\udcff" for char in spec):
        from kb.errors import UsageError

        shown = spec.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise UsageError(
            f"the database path '{shown}' is not UTF-8: kb would open another file than the one meant"
            " (rename it, or give --db or KB_DB a link with a UTF-8 name)"
        )
    if "://" in spec:
        if spec.startswith("postgres://"):  # the scheme Heroku, Render and libpq hand out
            spec = "postgresql://" + spec.removeprefix("postgres://")
        if spec.startswith("sqlite+pysqlite://"):  # the driver kb opens SQLite with, named
            spec = "sqlite://" + spec.removeprefix("sqlite+pysqlite://")
        if spec.startswith("sqlite+"):
            from kb.errors import UsageError

            raise UsageError(
                f"{spec.split('://', 1)[0]} is not how kb opens SQLite (Python's sqlite3 is): give --db"
                " sqlite:///PATH or the file's path"
            )
        if spec.startswith("sqlite:///") and spec != "sqlite:///:memory:":
            file = spec.removeprefix("sqlite:///")
            if "?" in file:  # a file named `kb.db?timeout=5` was made, half a knowledge base in it
                from kb.errors import UsageError

                raise UsageError(
                    f"a SQLite URL takes no options here ('?{file.split('?', 1)[1]}'): give sqlite:///PATH"
                )
            return DatabaseLocation(f"sqlite:///{file}", _tidy(file))
        return DatabaseLocation(spec, None)
    file = _tidy(os.path.expanduser(spec))
    if "?" in file:  # `file:x?mode=ro`: the URL reads `mode=ro` as an option, sqlite3 the whole name
        from kb.errors import UsageError

        raise UsageError(
            f"a database path holds no '?' here ('{spec}'): kb would open one file and make another;"
            " give the file's plain path (kb opens a file: path as a path, not as an SQLite URI)"
        )
    if file.startswith("file:"):  # a path, not the URI sqlite3 would read it as in one place and not another
        file = os.path.abspath(file)
    return DatabaseLocation(f"sqlite:///{file}", file)


def _tidy(path: str) -> str:
    """PATH as pathlib would print it: no doubled or trailing separators, no `.` parts."""
    if not path:
        return "."
    parts = [part for part in path.replace(os.sep, "/").split("/") if part not in ("", ".")]
    root = "/" if path.startswith(("/", os.sep)) else ""
    return (root + "/".join(parts) or ".").replace("/", os.sep)


def data_folder(*parts: str) -> str:
    """kb's folder in the user's data folder (XDG_DATA_HOME): what only the user can say again."""
    return os.path.join(_user_data_folder(), *parts)


def cache_folder(*parts: str) -> str:
    """kb's folder in the user's cache (XDG_CACHE_HOME): what kb can always build again."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(home_folder(), ".cache")
    return os.path.join(base, APP_NAME, *parts)


def seed_directory() -> "Path":
    """The seed entries: inside the installed package, or at the top of a source checkout."""
    from pathlib import Path

    return Path(seed_folder())


def seed_folder() -> str:
    here = os.path.dirname(os.path.realpath(__file__))
    for candidate in (
        os.path.join(here, "seed_entries"),
        os.path.join(os.path.dirname(here), "seed_entries"),
    ):
        if os.path.isdir(candidate):
            return candidate
    return os.path.join(here, "seed_entries")


def write_atomically(
    path: str | os.PathLike[str], text: "str | bytes | Iterable[str]", shared: bool = False
) -> None:
    """Write TEXT (a string, bytes, or pieces written as they come, so that a large export never sits
    in memory whole) to PATH all at once: into a temporary file beside it, then renamed over it, so
    that neither a reader nor a crash ever sees half a file. A symbolic link at PATH is replaced,
    never followed.

    The file is the user's alone (0600), as kb's own records are (drafts, the last failure). SHARED:
    a file for others too (an export, an entry file in a team's folder): it keeps the mode of the file
    it replaces, or, new, gets the one the umask gives any new file."""
    import tempfile  # deferred: kb search imports this module, and tempfile brings shutil and random

    folder = os.path.dirname(os.fspath(path)) or "."
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".kb-", suffix=".tmp")
    try:
        if shared:
            os.fchmod(handle, _shared_mode(path))
        if isinstance(text, bytes):
            with os.fdopen(handle, "wb") as raw:
                raw.write(text)
            os.replace(temporary, path)
            return
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            if isinstance(text, str):
                stream.write(text)
            else:
                stream.writelines(text)
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError) and exc.filename is None:  # a write's own error (a full disk)
            raise type(exc)(exc.errno, exc.strerror or str(exc), temporary) from exc  # names the file
        raise


def _shared_mode(path: str | os.PathLike[str]) -> int:
    """The mode of the file at PATH, or 0666 less the process's umask for a new one."""
    import stat

    try:
        found = os.lstat(path)
        if stat.S_ISREG(found.st_mode):
            return stat.S_IMODE(found.st_mode)
    except OSError:
        pass
    try:
        with open("/proc/self/status", encoding="ascii") as status:  # read, not set: threads run
            mask = next(int(line.split()[1], 8) for line in status if line.startswith("Umask:"))
    except (OSError, ValueError, StopIteration, IndexError):
        mask = os.umask(0o022)  # elsewhere: set and put back at once
        os.umask(mask)
    return 0o666 & ~mask


def write_out(path: str | os.PathLike[str], text: "str | bytes | Iterable[str]") -> None:
    """write_atomically() a file an export writes where the user said, its folder made if needed; a
    place that cannot be written (a missing mount, a file where a folder should be, no permission)
    is a KbError naming it, not a traceback. A device or a pipe (/dev/stdout, /dev/null, a named
    pipe) is written into as it is: there is no file to replace, and replacing it put a regular file
    where the device was (for root, in /dev itself)."""
    if _a_stream(path):
        try:
            _write_into(path, text)
        except OSError as exc:
            raise KbError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}") from None
        return
    folder = os.path.dirname(os.fspath(path)) or "."
    try:
        os.makedirs(folder, exist_ok=True)
    except (FileExistsError, NotADirectoryError):  # a file where a folder should be, on the way
        blocking = folder
        while not os.path.exists(blocking) and os.path.dirname(blocking) != blocking:
            blocking = os.path.dirname(blocking)
        raise KbError(f"cannot write {os.fspath(path)}: {blocking} is a file, not a folder") from None
    except OSError as exc:
        raise KbError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}") from None
    try:
        write_atomically(path, text, shared=True)
    except OSError as exc:
        raise KbError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}") from None


def _a_stream(path: str | os.PathLike[str]) -> bool:
    """Whether PATH is a character device, a named pipe or a socket (followed through links, as
    /dev/stdout is one), or anything under /dev and /proc: never a file of kb's to make or replace."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    special = stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
    return special or os.path.abspath(path).startswith(("/dev/", "/proc/"))


def _write_into(path: str | os.PathLike[str], text: "str | bytes | Iterable[str]") -> None:
    if isinstance(text, bytes):
        with open(path, "wb") as raw:
            raw.write(text)
        return
    with open(path, "w", encoding="utf-8") as stream:
        if isinstance(text, str):
            stream.write(text)
        else:
            stream.writelines(text)


def inside(folder: str | os.PathLike[str], *parts: str) -> str:
    """FOLDER/PARTS as a path that cannot leave FOLDER: each part must be one plain name (no
    separator, not `.` or `..`, not empty), and nothing on the way below FOLDER may be a symbolic
    link, where an export would write somewhere else. Raises UnsafeWrite."""
    current = os.fspath(folder)
    for part in parts:
        separators = {"/", os.sep, os.altsep or "/", "\x00"}
        if part in ("", ".", "..") or any(s in part for s in separators):
            raise UnsafeWrite(f"refusing to write {part!r} inside {os.fspath(folder)}: not a plain file name")
        current = os.path.join(current, part)
        if os.path.islink(current):
            raise UnsafeWrite(f"{current} is a symbolic link; kb does not write through links in {folder}")
    return current


#: The most kb reads of a file it imports or parses whole ...
MAX_FILE_BYTES = 100_000_000
#: ... of one entry (an entry file, a line of a backup): a page of prose and a snippet, not a log.
#: A larger one is refused in one line, never indexed for seconds on every search.
MAX_ENTRY_BYTES = 512_000
#: ... and of a log, whose end is where its error is: a longer one is read from this far before its end.
MAX_LOG_BYTES = 20_000_000


class LogEnd(Record):
    """The end of a log that kb read, and the length of the whole log: longer than DATA when only
    its last MAX_LOG_BYTES were read."""

    data: bytes
    size: int

    @property
    def cut(self) -> bool:
        return self.size > len(self.data)

    def part_read(self) -> str:
        """How much of the log was read, of how much: `20 MB of 25 MB`."""
        return f"{_size(len(self.data))} of {_size(self.size)}"

    def note(self) -> str:
        """What a search of a cut log must say: its error may be in the part not read."""
        return (
            f"Only the last {_size(len(self.data))} of this {_size(self.size)} log were read:"
            " an error before them is not in this search."
        )


def read_log_end(path: str | os.PathLike[str], limit: int = MAX_LOG_BYTES) -> LogEnd:
    """The last LIMIT bytes of the log file at PATH, and its length (read_bounded() with TAIL)."""
    return _read_regular(path, limit, tail=True)


def read_bounded(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES, tail: bool = False) -> bytes:
    """The bytes of the regular file at PATH, refusing one over LIMIT bytes (or, with TAIL, reading
    only its last LIMIT bytes). A device such as /dev/zero never ends, so only regular files are
    read. Raises OSError as open() does, and KbError for a device or a file too large."""
    return _read_regular(path, limit, tail).data


def _read_regular(path: str | os.PathLike[str], limit: int, tail: bool) -> LogEnd:
    import stat

    # Opened without blocking: opening a FIFO for reading waits for a writer, which may never come.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise KbError(f"{os.fspath(path)} is not a regular file; give a file, or pipe it into '-'")
        start = _leading_hole(handle) if tail else 0
        size = info.st_size - start
        if size > limit:
            if not tail:
                raise KbError(f"{os.fspath(path)} is larger than kb reads ({_size(limit)})")
            handle.seek(info.st_size - limit)
        else:
            handle.seek(start)
        data = handle.read(limit)
        return LogEnd(data, max(size, len(data)))


def _leading_hole(handle: "BinaryIO") -> int:
    """Where the text of a log starts: after the NUL bytes logrotate's copytruncate leaves where the
    log was (a sparse hole, found by SEEK_DATA where the file system knows, else read past, up to
    MAX_FILE_BYTES of them), which are no part of it: a search of the log, and the size it tells,
    begin after them."""
    descriptor = handle.fileno()
    try:
        position = os.lseek(descriptor, 0, getattr(os, "SEEK_DATA", 3))
    except OSError:  # no data at all (a file that is all hole), or no SEEK_DATA here
        position = 0
    handle.seek(position)
    scanned = 0
    while scanned < MAX_FILE_BYTES and (chunk := handle.read(1_048_576)):
        text = chunk.lstrip(b"\0")
        if text:
            return position + len(chunk) - len(text)
        position += len(chunk)
        scanned += len(chunk)
    return position


def _size(count: int) -> str:
    return f"{count // 1_000_000} MB" if count >= 1_000_000 else f"{count // 1_000} KB"


#: A log whose first bytes are this share of control characters (NUL included) is not text. A few
#: NULs are not enough: torch's DataLoader prints its shared-memory bus error followed by some.
BINARY_CONTROL_SHARE = 0.10


def looks_binary(raw: bytes) -> bool:
    head = raw[:8192]
    controls = sum(1 for byte in head if byte < 32 and byte not in (9, 10, 12, 13, 27))
    return bool(head) and controls / len(head) > BINARY_CONTROL_SHARE


def read_stream_tail(stream: "BinaryIO", limit: int = MAX_LOG_BYTES, what: str = "standard input") -> bytes:
    """The last LIMIT bytes of STREAM (read_stream_end())."""
    return read_stream_end(stream, limit, what).data


def read_stream_end(stream: "BinaryIO", limit: int = MAX_LOG_BYTES, what: str = "standard input") -> LogEnd:
    """The last LIMIT bytes of STREAM, read to its end in bounded memory: `train.py 2>&1 | kb search -`
    may pipe gigabytes, and only the end holds the error. Binary data is refused with KbError.

    NUL bytes before the first other byte are the hole logrotate's copytruncate leaves at the start
    of a log its program goes on writing: they are passed over, as `--file` passes over them
    (_leading_hole), and the text after them is judged. A stream of nothing but NULs (/dev/zero,
    which never ends) is refused once it has given more than MAX_FILE_BYTES of them."""
    kept = bytearray()
    passed_over = 0
    size = 0
    while chunk := stream.read(1_048_576):
        size += len(chunk)
        if not kept:
            text = chunk.lstrip(b"\0")
            passed_over += len(chunk) - len(text)
            if (not text and passed_over > MAX_FILE_BYTES) or looks_binary(text):
                raise KbError(f"{what} is binary data, not a log or an error message")
            chunk = text
        kept += chunk
        if len(kept) > 2 * limit:
            del kept[:-limit]
    return LogEnd(bytes(kept[-limit:]), size - passed_over)


#: How long a second `kb sync` of one folder waits for the first to finish.
FOLDER_WAIT_S = 60.0


@contextlib.contextmanager
def one_at_a_time(
    folder: str | os.PathLike[str], doing: str, wait: float = FOLDER_WAIT_S
) -> "Iterator[None]":
    """Hold FOLDER against this machine's other kb processes writing it: a second one waits for the
    first, up to WAIT seconds, then raises KbError saying to try DOING ("run kb sync") again. Two
    syncs of one folder at once each planned from the files as they first read them, and the one
    that failed put its files back over those the other had written; two adds of one key each found
    it free, and the second file replaced the first. The lock is a file in kb's cache folder named
    by the folder's real path, never one in the folder (a teammate's checkout would see it); a
    platform without flock (Windows), or a cache kb may not write, gets no lock."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    import hashlib
    import time

    real = os.path.realpath(folder)
    name = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:24]
    try:
        os.makedirs(cache_folder("locks"), exist_ok=True)
        handle = os.open(cache_folder("locks", f"{name}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:  # a cache kb may not write (a read-only home): the write goes on as before locks
        yield
        return
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise KbError(
                        f"another kb process is writing {real} (a sync, or a change of an entry in"
                        f" it); kb waited {wait:g} s for it: {doing} again once it is done"
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(handle)  # which lets the lock go
