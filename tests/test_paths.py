"""Reading what a user hands kb, through the real console script: bounded, whatever the stream.
The reader's own tests are in tests/unit/test_paths.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def test_an_endless_binary_stream_is_refused_at_once() -> None:
    """`cat /dev/zero | kb search -` raised MemoryError after eating the memory."""
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run(
            [sys.executable, "-m", "kb", "search", "-"],
            stdin=zero,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stderr == "kb: standard input is binary data, not a log or an error message\n"


def test_without_a_home_folder_kb_says_so_and_makes_no_folder_named_tilde(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A container run with an arbitrary --user and `env -i`: no HOME, no account entry. Python gives
    `~` back as it is, and kb made `./~/.local/share/kb/kb.db` in whatever folder it ran in, another
    knowledge base in each."""
    import pwd

    from tests.command_line import kb

    def no_account(uid: int) -> pwd.struct_passwd:
        raise KeyError(uid)

    for name in ("HOME", "KB_DB", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", no_account)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    code, _, err = kb("search", "IndexError: Target 5 is out of bounds.")
    assert code == 1 and err.startswith("kb: kb finds no home folder here") and err.count("\n") == 1
    assert list(work.iterdir()) == []
    monkeypatch.setenv("KB_DB", str(tmp_path / "kb.db"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert kb("search", "IndexError: Target 5 is out of bounds.").code == 0  # as the message says
    assert list(work.iterdir()) == []


def test_a_data_folder_kb_cannot_create_says_where_else_the_database_may_live(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HOME=/, as Docker gives a user with no account: `cannot create /.local/share/kb for the
    database: Permission denied`, and nothing said how to put it elsewhere."""
    from tests.command_line import kb

    def refused(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.delenv("KB_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "nowhere"))
    monkeypatch.setattr(Path, "mkdir", refused)
    code, _, err = kb("search", "IndexError: Target 5 is out of bounds.")
    assert code == 1 and err.count("\n") == 1
    assert err.rstrip().endswith(
        "Permission denied; choose where it lives with --db or KB_DB (or XDG_DATA_HOME)"
    )
