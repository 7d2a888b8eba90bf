"""A knowledge base in a folder kb may not write (`chmod 555 ~/.local/share/kb`): how SQLite opens it."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from kb.store import sqlite_file


def test_a_database_in_a_folder_kb_may_not_write_is_opened_immutable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mode=ro` alone makes SQLite create the -shm file of a WAL database: as a user who may not
    write the folder, every read command failed with "attempt to write a readonly database".
    (Tests run as root, who may write anything: the folder's permission is what os.access says.)"""
    folder = tmp_path / "shared"
    folder.mkdir()
    path = folder / "kb.db"
    with sqlite3.connect(path) as made:
        made.execute("PRAGMA journal_mode=WAL")
        made.execute("CREATE TABLE entry (key TEXT)")
        made.execute("INSERT INTO entry VALUES ('cuda-oom')")
    made.close()
    real_access = os.access

    def access(where: str | os.PathLike[str], mode: int) -> bool:
        return not (os.fspath(where) == str(folder) and mode & os.W_OK) and real_access(where, mode)

    monkeypatch.setattr(os, "access", access)
    uri = sqlite_file.read_only_uri(str(path))
    assert uri is not None and uri.endswith("?mode=ro&immutable=1")
    reader = sqlite_file.connect(str(path), timeout=1)
    assert reader.execute("SELECT key FROM entry").fetchall() == [("cuda-oom",)]
    reader.close()
    (folder / "kb.db-shm").touch()  # a writer has it open: what it changes must be seen
    assert sqlite_file.read_only_uri(str(path)) is None
