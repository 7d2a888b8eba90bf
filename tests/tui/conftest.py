"""The TUI's tests: Textual's pilot, with its idle waits shortened."""

from __future__ import annotations

from collections.abc import Iterator

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


@pytest.fixture(autouse=True)
def render_caches_let_go() -> Iterator[None]:
    """Textual keeps the render caches of the last 1024 widgets it drew alive after their app ends
    (an lru_cache on the method StylesCache.get_inner_outer holds each widget's StylesCache, and that
    its lines; Textualize/textual#6665). A person runs one app a process and never notices; a worker
    running eighty apps kept some 400,000 such objects alive for every full collection to scan
    again (about 2% of these tests' CPU). Let go after each app, they are collected as garbage."""
    yield
    from textual._styles_cache import StylesCache

    StylesCache.get_inner_outer.cache_clear()
