"""The unit lane: pure functions, and the store on a copy of the seeded SQLite file, in this process.

`pytest tests/unit` runs in seconds while you work (the README's full command runs everything). A
test here starts no process: one that needs a subprocess, the CLI's entry point, the TUI or a host
belongs beside the package it tests, in tests/<package>/.
"""

from __future__ import annotations

import subprocess

import pytest


@pytest.fixture(autouse=True)
def no_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a unit test starts no process: {args[:1]}")

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)
