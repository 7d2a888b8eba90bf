"""Ctrl-C while a write commits: what kb says of it is what the database holds."""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kb.store.connection import SqliteDatabase
from kb.store.entry_store import open_store
from tests.command_line import kb

pytestmark = pytest.mark.sqlite_only("SQLite's COMMIT, as the signal finds it")


@pytest.fixture
def ctrl_c_as_a_terminal_sends_it() -> Iterator[None]:
    """SIGINT raising KeyboardInterrupt in this thread, as in `kb` at a terminal."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread alone")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_during_the_commit_of_an_import_does_not_say_nothing_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c_as_a_terminal_sends_it: None
) -> None:
    """The signal came while SQLite ran COMMIT: KeyboardInterrupt was raised once COMMIT returned,
    before kb counted the write, and kb said "nothing was written" of an import it had saved."""
    backup = tmp_path / "backup.jsonl"
    backup.write_text(
        json.dumps({"key": "zorblax-refused", "domain": "data", "symptom": "ZorblaxError: refused"}) + "\n"
    )
    assert kb("where")[0] == 0  # the day's first command, which writes the review reminder's date
    real = SqliteDatabase._execute

    def commit_during_ctrl_c(self: SqliteDatabase, sql: str, params: Any) -> Any:
        result = real(self, sql, params)
        if (
            sql == "COMMIT"
            and real(self, "SELECT 1 FROM entry WHERE key = 'zorblax-refused'", None).fetchone()
        ):
            signal.raise_signal(
                signal.SIGINT
            )  # pressed while the import's COMMIT ran: delivered as it returns
        return result

    with monkeypatch.context() as patched:
        patched.setattr(SqliteDatabase, "_execute", commit_during_ctrl_c)
        code, _, err = kb("import", str(backup))
    with open_store() as store:
        saved = store.find("zorblax-refused") is not None
    assert saved and code == 130, (code, err)
    assert err == "kb: interrupted; what it had saved before stays saved, nothing is half-written\n"


def test_ctrl_c_during_a_folder_layers_commit_waits_for_its_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c_as_a_terminal_sends_it: None
) -> None:
    """In a project's .kb/ folder the entry file is written after the scratch index commits: Ctrl-C
    in that commit left kb saying "what it had saved before stays saved" with no file written."""
    project = tmp_path / "project"
    (project / ".kb").mkdir(parents=True)
    monkeypatch.chdir(project)
    assert kb("trust", "--yes")[0] == 0
    real = SqliteDatabase._execute

    def commit_during_ctrl_c(self: SqliteDatabase, sql: str, params: Any) -> Any:
        result = real(self, sql, params)
        if sql == "COMMIT" and real(self, "SELECT 1 FROM entry WHERE key = 'zorblax-lease'", None).fetchone():
            signal.raise_signal(signal.SIGINT)
        return result

    flags = ["-s", "ZorblaxError: the lease ran out", "-d", "data", "-v", "true", "-f", "renew it"]
    with monkeypatch.context() as patched:
        patched.setattr(SqliteDatabase, "_execute", commit_during_ctrl_c)
        code, _, err = kb("add", *flags, "-k", "zorblax-lease", "--to", "project")
    assert code == 130 and "stays saved" in err, (code, err)
    assert (project / ".kb" / "data" / "zorblax-lease.md").exists()
