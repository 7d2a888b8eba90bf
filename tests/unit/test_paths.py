"""Reading what a user hands kb: bounded, whatever the size of the stream."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.errors import KbError
from kb.paths import DatabaseLocation, read_log_end, read_stream_tail, without_passwords


class Trickle(io.RawIOBase):
    """A stream of COUNT lines that is never held whole, as a training run piped into kb is."""

    def __init__(self, count: int) -> None:
        self.lines = (f"step {n} loss 0.{n % 97}\n".encode() for n in range(count))
        self.served = 0
        self.pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        self.pending = self.pending or next(self.lines, b"")
        part, self.pending = self.pending[: len(buffer)], self.pending[len(buffer) :]
        memoryview(buffer).cast("B")[: len(part)] = part
        self.served += len(part)
        return len(part)


def test_a_stream_is_read_to_its_end_keeping_only_its_tail() -> None:
    stream = io.BufferedReader(Trickle(400_000))
    tail = read_stream_tail(stream, limit=1000)
    assert len(tail) == 1000 and tail.endswith(b"step 399999 loss 0.%d\n" % (399_999 % 97))


@given(st.binary(max_size=5000), st.integers(min_value=1, max_value=3000))
def test_the_tail_is_exactly_the_last_bytes_after_any_leading_nuls(data: bytes, limit: int) -> None:
    head = data.lstrip(b"\0")[:8192]
    if head and sum(b < 32 and b not in (9, 10, 12, 13, 27) for b in head) / len(head) > 0.10:
        with pytest.raises(KbError, match="binary data"):
            read_stream_tail(io.BytesIO(data), limit)
    else:
        assert read_stream_tail(io.BytesIO(data), limit) == data.lstrip(b"\0")[-limit:]


def test_a_log_that_starts_with_the_hole_copytruncate_leaves_is_text() -> None:
    """logrotate's copytruncate leaves a log that starts with NUL bytes, as long as it was: `kb
    search - < app.log` refused it as binary data, and `kb search --file app.log` read it."""
    error = b"INFO step 1 loss 0.3\nIndexError: Target 5 is out of bounds.\n"
    assert read_stream_tail(io.BytesIO(b"\0" * 100_000 + error)) == error


@pytest.mark.parametrize("sparse", [False, True], ids=["written", "sparse"])
def test_a_log_file_after_copytruncate_is_read_and_sized_from_its_text(tmp_path: Path, sparse: bool) -> None:
    """`kb search --file` of such a log read the NULs as its start (no confident match where stdin
    found one) and, for a hole beyond the read limit, said an error before the part read was left
    out when the whole text had been read."""
    error = b"INFO step 1 loss 0.3\nIndexError: Target 5 is out of bounds.\n"
    log = tmp_path / "app.log"
    with open(log, "wb") as handle:
        if sparse:
            handle.truncate(3_000)  # the hole the writer's next write leaves (no bytes on disk)
            handle.seek(3_000)
        else:
            handle.write(b"\0" * 3_000)
        handle.write(error)
    end = read_log_end(log, limit=1_000)
    assert (end.data, end.size) == (error, len(error))


class Zeros(io.RawIOBase):
    """/dev/zero: NUL bytes without end."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        memoryview(buffer).cast("B")[:] = bytes(len(buffer))
        return len(buffer)


def test_a_stream_of_nothing_but_nuls_is_binary_data() -> None:
    with pytest.raises(KbError, match="binary data"):
        read_stream_tail(io.BufferedReader(Zeros()))


def test_a_log_with_a_few_nul_bytes_is_text() -> None:
    """torch's DataLoader prints its shared-memory bus error followed by NULs: `| kb search -`
    refused the log of the very fault it has an entry for."""
    log = (
        b"ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient "
        b"shared memory (shm).\n\x00\x00\x00\nRuntimeError: DataLoader worker (pid 4242) is killed by "
        b"signal: Bus error.\n"
    )
    assert read_stream_tail(io.BytesIO(log)) == log


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql+psycopg://kb:s3cret@db/ml", "postgresql+psycopg://kb:***@db/ml"),
        (
            "postgresql+psycopg://kb@db/ml?password=s3cret&options=-csearch_path%3Dkb",
            "postgresql+psycopg://kb@db/ml?password=***&options=-csearch_path%3Dkb",
        ),
        ("postgresql+psycopg://kb@db/ml", "postgresql+psycopg://kb@db/ml"),
    ],
)
def test_a_database_url_is_shown_without_its_password_in_either_form(url: str, shown: str) -> None:
    """libpq's own `?password=` form was printed whole by kb where, kb layers and the TUI's title."""
    assert DatabaseLocation(url, None).display() == shown


def test_a_drivers_error_that_quotes_the_password_shows_none_of_it() -> None:
    """A malformed URL made libpq quote the whole URI in every `kb search`'s warning; a bad
    percent-escape in the password was quoted bare."""
    url = "postgresql+psycopg://kb_team:Hunter2Secret@[::1/ml"
    said = (
        'invalid URI query parameter in URI: "postgresql://kb_team:Hunter2Secret@[::1/ml?connect_timeout=5"'
    )
    assert "Hunter2Secret" not in without_passwords(said, url)
    assert "Hunter2Secret" not in without_passwords(said)  # the pattern alone, where no URL is at hand
    bare = without_passwords(
        'invalid percent-encoded token: "Hunter2%zz"', "postgresql://kb:Hunter2%zz@db/ml"
    )
    assert bare == 'invalid percent-encoded token: "***"'
    assert without_passwords("host=db password='a b' user=kb") == "host=db password=*** user=kb"
    # a URL ending in its password, then the driver's error: the colon between them stays
    said = without_passwords("cannot connect to postgresql:///t2?host=h&password=s3cret: connection failed")
    assert said == "cannot connect to postgresql:///t2?host=h&password=***: connection failed"
    assert without_passwords("password=a:b:c end") == "password=*** end"


def test_a_cache_kb_may_not_write_leaves_a_folder_unlocked_rather_than_unwritable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock of a folder's writes is a file in kb's cache: a cache kb cannot write (a read-only
    home) must not stop `kb add --to` a folder layer, nor a sync."""
    from kb.paths import one_at_a_time

    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("a file where the cache would be\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_folder))
    ran = False
    with one_at_a_time(tmp_path, "run it"):
        ran = True
    assert ran


def test_a_sqlite_url_naming_its_driver_is_the_file_it_names(tmp_path: Path) -> None:
    """`sqlite+pysqlite:///team.db` was a database in memory: `kb add` said "added", and nothing was
    saved anywhere."""
    from kb.paths import resolve_location

    location = resolve_location(f"sqlite+pysqlite:///{tmp_path}/team.db")
    assert (location.url, location.file) == (f"sqlite:///{tmp_path}/team.db", f"{tmp_path}/team.db")


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("sqlite+aiosqlite:///team.db", "sqlite+aiosqlite is not how kb opens SQLite"),
        ("sqlite:///team.db?timeout=5", "a SQLite URL takes no options here ('?timeout=5')"),
        # the URL read `mode=ro` as an option and sqlite3 the whole name: two files, half made
        ("file:x?mode=ro", "a database path holds no '?' here ('file:x?mode=ro')"),
        ("team?.db", "a database path holds no '?' here"),
    ],
)
def test_a_sqlite_url_kb_would_not_open_as_written_is_refused(spec: str, said: str) -> None:
    """Another driver gave a database in memory; a query became part of the file name (`db?timeout=5`)."""
    from kb.errors import UsageError
    from kb.paths import resolve_location

    with pytest.raises(UsageError, match=re.escape(said)):
        resolve_location(spec)


def test_a_path_that_reads_as_a_sqlite_uri_is_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--db file:f.db` made two files, `file:f.db` and `f.db`, and refused the second."""
    from kb.paths import resolve_location

    monkeypatch.chdir(tmp_path)
    assert resolve_location("file:f.db").file == f"{tmp_path}/file:f.db"
