"""A damaged database, a read-only mount, a full disk: reads work where they can, writes fail in one
line, and nothing is written into a damaged file."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.command_line import Ran, kb, lines_handed_to_typer

pytestmark = pytest.mark.sqlite_only("damage and mounts are of a database file")

READS = [["list"], ["stats"], ["tree"], ["show", "cuda-device-side-assert"], ["export", "jsonl"]]
WRITES = [
    ["add", "--new", "-s", "OSError: written into a damaged file", "-d", "data", "-v", "true", "--fix", "x"],
    ["rm", "port-already-in-use"],
]


def one_line_error(result: Ran, *words: str) -> None:
    assert result.exit_code == 1, result.output
    stderr = result.stderr
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    for word in words:
        assert word in stderr, stderr


def damage_page(db: Path, page: int | None = None) -> None:
    """Overwrite most of PAGE (1-based; by default the root page of the entry table, which every
    command reads) with bytes that are no b-tree."""
    if page is None:
        import sqlite3

        with sqlite3.connect(db) as conn:
            (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entry'").fetchone()
        conn.close()
    with db.open("r+b") as handle:
        handle.seek((page - 1) * 4096 + (100 if page == 1 else 0))  # page 1 opens with the file header
        handle.write(bytes(range(256)) * 12)


def test_a_damaged_database_is_named_and_never_written(runner: CliRunner, tmp_path: Path) -> None:
    db = tmp_path / "kb.db"
    with db.open("rb") as handle:
        before = handle.read()
    damage_page(db)
    for command in [*READS, *WRITES]:
        one_line_error(kb(*command), "is damaged", "kb will not write to it", ".recover")
    assert (tmp_path / "kb.db-damaged").exists()
    with db.open("rb") as handle:
        damaged = handle.read()
    assert len(damaged) == len(before)  # no page was added by the refused writes


def test_a_write_that_reads_nothing_damaged_is_refused_once_damage_was_seen(
    runner: CliRunner, tmp_path: Path
) -> None:
    """`kb add` wrote into the damaged file when its own pages happened to read cleanly."""
    damage_page(tmp_path / "kb.db")
    kb("list")  # finds the damage
    one_line_error(kb(*WRITES[0]), "is damaged")
    shutil.copyfile(tmp_path / "kb.db", tmp_path / "broken.db")

    if not shutil.which("sqlite3"):
        pytest.skip("no sqlite3 program to recover with")
    subprocess.run(  # the recovery the message names, then the file is sound again
        f'sqlite3 {tmp_path / "broken.db"} ".recover" | sqlite3 {tmp_path / "rescued.db"}',
        shell=True,
        check=False,
        capture_output=True,
    )
    os.replace(tmp_path / "rescued.db", tmp_path / "kb.db")
    for leftover in ("kb.db-wal", "kb.db-shm"):
        (tmp_path / leftover).unlink(missing_ok=True)
    assert kb(*WRITES[0]).exit_code == 0
    assert not (tmp_path / "kb.db-damaged").exists()


@pytest.fixture
def mounted(tmp_path: Path) -> Iterator[Callable[..., Path]]:
    """Mount a folder for the test (root only: CI runs the suite as root), unmounted afterwards."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a read-only or a full file system needs root")
    points: list[Path] = []

    def mount(*arguments: str) -> Path:
        point = tmp_path / f"mount-{len(points)}"
        point.mkdir()
        done = subprocess.run(["mount", *arguments, str(point)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount here: {done.stderr.strip()}")
        points.append(point)
        return point

    yield mount
    for point in reversed(points):
        subprocess.run(["umount", "-l", str(point)], check=False)


def test_a_read_only_mount_is_read_and_refuses_writes_in_one_line(
    runner: CliRunner, tmp_path: Path, mounted: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "source"
    source.mkdir()
    shutil.copyfile(tmp_path / "kb.db", source / "kb.db")
    point = mounted("--bind", "-o", "ro", str(source))
    monkeypatch.setenv("KB_DB", str(point / "kb.db"))
    handed = lines_handed_to_typer(monkeypatch)
    # The first command of the day takes the lean path too: nothing can record the day here.
    assert kb("list").exit_code == 0 and kb("show", "cuda-device-side-assert").exit_code == 0
    assert handed == []
    for command in READS:
        result = kb(*command)
        assert result.exit_code == 0, (command, result.output)
    search = kb("search", "IndexError: Target 5 is out of bounds.", "--json")
    assert search.exit_code == 0 and json.loads(search.stdout)["results"][0]["confident"]
    for command in WRITES:
        one_line_error(kb(*command), "is read-only here", "kb can search and show it")


def test_a_full_disk_still_reads_and_refuses_writes_in_one_line(
    runner: CliRunner, mounted: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    point = mounted("-t", "tmpfs", "-o", "size=4m", "tmpfs")
    monkeypatch.setenv("KB_DB", str(point / "kb.db"))
    assert kb("where").exit_code == 0  # a new, seeded knowledge base on the small disk
    with (point / "filler").open("wb") as filler:
        try:
            while True:
                filler.write(b"\0" * 65536)
                filler.flush()
        except OSError:
            pass
    for command in READS:
        assert kb(*command).exit_code == 0, command
    assert kb("search", "IndexError: Target 5 is out of bounds.").exit_code == 0
    for command in WRITES:
        one_line_error(kb(*command), "database or disk is full")


@contextlib.contextmanager
def pages_pinned(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """SQLite may not grow the database by a page: a write fails with "database or disk is full"."""
    from kb.store import sqlite_file

    connect = sqlite_file.connect

    def pinned(path: str, timeout: float) -> sqlite3.Connection:
        conn = connect(path, timeout)
        (pages,) = conn.execute("PRAGMA page_count").fetchone()
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    with monkeypatch.context() as patched:
        patched.setattr(sqlite_file, "connect", pinned)
        yield


@contextlib.contextmanager
def shm_file_cannot_grow(_monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No file may grow past 16 KB (ulimit -f), less than the -shm file SQLite makes beside the
    database: it fails to open it with "disk I/O error", as on a full disk."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def disk_left(monkeypatch: pytest.MonkeyPatch, blocks: int) -> None:
    """The disks say they have BLOCKS blocks free for this user."""
    statvfs = os.statvfs

    def said(path: str) -> os.statvfs_result:
        fields = list(statvfs(path))
        fields[4] = blocks  # f_bavail
        return os.statvfs_result(fields)

    monkeypatch.setattr(os, "statvfs", said)


#: An entry larger than the pages a database keeps free for reuse.
LARGE_ADD = ["add", "--new", "-s", "OSError: no room for this one", "-d", "data", "-v", "true"]
LARGE_ADD += ["--fix", "x " * 50_000]

SQLITE_FAILS: dict[str, Callable[[pytest.MonkeyPatch], contextlib.AbstractContextManager[None]]] = {
    "database or disk is full": pages_pinned,
    "disk I/O error": shm_file_cannot_grow,
}


@pytest.mark.parametrize("sqlite_said", SQLITE_FAILS)
def test_a_full_disk_is_said_with_its_folder_and_nothing_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_said: str
) -> None:
    """SQLite's words were kb's: "cannot open …: disk I/O error" read as a failing disk, not a full one."""
    disk_left(monkeypatch, 0)
    with SQLITE_FAILS[sqlite_said](monkeypatch):
        added = kb(*LARGE_ADD)
    one_line_error(
        added,
        f"the database at {tmp_path / 'kb.db'}: the disk holding it is full (0 KB free in {tmp_path};",
        f"SQLite said: {sqlite_said}); nothing was saved",
    )
    monkeypatch.undo()
    assert "no room for this one" not in kb("list", "--domain", "data").stdout


@pytest.mark.parametrize("sqlite_said", SQLITE_FAILS)
def test_sqlite_out_of_room_on_a_disk_with_room_is_not_called_a_full_disk(
    monkeypatch: pytest.MonkeyPatch, sqlite_said: str
) -> None:
    """A file size limit, or a failing disk: kb does not know the disk is full, and does not say it is."""
    with SQLITE_FAILS[sqlite_said](monkeypatch):
        added = kb(*LARGE_ADD)
    one_line_error(added, sqlite_said)
    assert "full (" not in added.stderr


def test_a_database_missing_its_search_table_is_one_line_from_search(kb_db: str) -> None:
    """A copy cut short, or a tool that dropped a table: `kb search` found the table gone after its
    reader had opened, and ended in a traceback."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(kb_db)) as database:
        database.execute("DROP TABLE search_doc")
        database.commit()
    one_line_error(
        kb("search", "IndexError: Target 5 is out of bounds."), "cannot search", "no such table: search_doc"
    )


@pytest.mark.new_database
def test_a_database_path_holding_a_question_mark_is_refused_and_nothing_is_made(tmp_path: Path) -> None:
    """`KB_DB='file:x?mode=ro'` left two half-made databases behind (the URL read `mode=ro` as an
    option, sqlite3 the whole name) and printed SQLAlchemy's two-line warning."""
    for argv in (["reindex"], ["list"], ["search", "CUDA out of memory"]):
        result = kb(*argv, env={"KB_DB": "file:x?mode=ro"})
        assert result.code == 2 and result.stderr.count("\n") == 1 and "holds no '?'" in result.stderr, argv
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("file")) == []
