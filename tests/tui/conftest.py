"""The TUI's tests: Textual's pilot, with its idle waits shortened."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's pilot waits for the app to fall idle after every key it presses and every pause, by
    sleeping 20 ms at a time until a sleep passes with under 1 ms of CPU: a query typed key by key
    slept 40 ms a key, a quarter of these tests' time. 2 ms steps, the same 5% share of CPU, tell idle
    as well; the tests wait for the app's workers themselves (settle() in test_app.py)."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 1 / 500)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 1 / 500 / 20)
