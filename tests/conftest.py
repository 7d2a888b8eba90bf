"""Shared fixtures. Every test runs against a database in its own temporary folder."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import EntryStore


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the developer's real knowledge base, drafts and editor out of every test."""
    monkeypatch.setenv("KB_DB", str(tmp_path / "kb.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", "false")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("kb.cli.common.interactive", lambda: False)
    return tmp_path


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "kb.db"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def empty_store(db_path: Path) -> Iterator[EntryStore]:
    """A store with no entries (the seed is not loaded)."""
    from kb.store.entry_store import open_store

    with open_store(str(db_path)) as store:
        yield store


@pytest.fixture
def interactive(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend a person is at the terminal, so commands prompt; CliRunner input answers."""
    monkeypatch.setattr("kb.cli.common.interactive", lambda: True)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests (the TUI's pilot tests) in a fresh event loop; no plugin needed."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    wanted = inspect.signature(pyfuncitem.obj).parameters
    arguments = {name: value for name, value in pyfuncitem.funcargs.items() if name in wanted}
    asyncio.run(pyfuncitem.obj(**arguments))
    return True
