"""Exports write only inside their folder: never through a link planted there, never by a tampered key."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from typer.testing import CliRunner

from kb.exchange.guard_files import CHECKER_NAME
from kb.paths import write_atomically
from tests.command_line import kb


def export(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = kb("export", *args)
    return result.exit_code, result.stderr


def test_a_link_planted_in_the_folder_is_not_written_through(runner: CliRunner, tmp_path: Path) -> None:
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    folder = tmp_path / "wiki"
    (folder / "data").mkdir(parents=True)
    (folder / "data" / "cuda-device-side-assert.md").symlink_to(outside)
    code, err = export(runner, "files", "--out", str(folder))
    assert code != 0 and "is a symbolic link" in err and err.count("\n") == 1
    assert outside.read_text() == "keep me"


def test_a_linked_domain_folder_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = tmp_path / "wiki"
    folder.mkdir()
    (folder / "data").symlink_to(elsewhere, target_is_directory=True)
    code, err = export(runner, "files", "--out", str(folder))
    assert code != 0 and "is a symbolic link" in err
    assert list(elsewhere.iterdir()) == []


def test_a_tampered_key_cannot_climb_out_of_the_folder(runner: CliRunner, tmp_path: Path) -> None:
    with sqlite3.connect(os.environ["KB_DB"]) as conn:
        conn.execute("UPDATE entry SET \"key\" = '../../escaped' WHERE \"key\" = 'cuda-device-side-assert'")
    folder = tmp_path / "deep" / "wiki"
    code, err = export(runner, "files", "--out", str(folder))
    assert code != 0 and err.startswith("kb: ")
    assert not (tmp_path / "escaped.md").exists() and not (tmp_path / "deep" / "escaped.md").exists()


def test_the_pre_commit_checker_is_not_written_through_a_link(runner: CliRunner, tmp_path: Path) -> None:
    outside = tmp_path / "victim.py"
    outside.write_text("print('mine')\n")
    folder = tmp_path / "repo"
    folder.mkdir()
    (folder / CHECKER_NAME).symlink_to(outside)
    code, err = export(runner, "pre-commit", "--out", str(folder))
    assert code != 0 and "is a symbolic link" in err
    assert outside.read_text() == "print('mine')\n"


def test_an_atomic_write_replaces_a_link_instead_of_following_it(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("untouched")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomically(link, "new")
    assert target.read_text() == "untouched" and link.read_text() == "new" and not link.is_symlink()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".kb-")] == []


def test_an_export_to_a_named_pipe_goes_down_the_pipe(tmp_path: Path) -> None:
    """`--out /dev/stdout` or a named pipe: kb put a regular file in the device's place (as root,
    /dev/stdout and /dev/null themselves), and a reader of the pipe got nothing."""
    database = str(tmp_path / "empty.db")
    assert kb("--db", database, "init", "--empty").code == 0
    pipe = tmp_path / "wiki.pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # open first, so that kb's write end opens at once
    try:
        code, _, err = kb("--db", database, "export", "markdown", "--out", str(pipe))
        received = os.read(reader, 65536).decode()
    finally:
        os.close(reader)
    assert code == 0, err
    assert received.startswith("# kb knowledge base")
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".kb-")] == []
