"""What kb tui looks like, as SVG snapshots at fixed sizes (pytest-textual-snapshot).

The clock is fixed so that the dates on an entry do not change the picture; the database path in
the header is replaced by its name. Update after a deliberate change of look with
`pytest tests/tui/test_snapshots.py --snapshot-update`, then look at the new SVGs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from kb.tui.app import KbApp
from kb.tui.library import Library

#: Pictures of the screens, named by test: the backend under them is test_app.py's to vary.
pytestmark = pytest.mark.sqlite_only("snapshots are named by test, one picture each")

SnapCompare = Callable[..., bool]
FIXED_NOW = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)


@pytest.fixture
def app(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[KbApp]:
    monkeypatch.setattr("kb.clock.utc_now", lambda: FIXED_NOW)
    library = Library(str(db_path))
    library.store()
    yield KbApp(library, open_delay=0.05)
    library.close()


async def settled(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, KbApp)
    app.sub_title = "kb.db"
    for box in app.screen.query(Input):
        box.cursor_blink = False  # a blinking cursor would be in the picture half of the time
    for _ in range(500):
        await pilot.pause()
        if app.results_shown and not app.busy:
            break
        await asyncio.sleep(0.01)
    await pilot.pause()


def searched(text: str, domain: str | None = None) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        if domain:
            pilot.app.query_one("#domain-filter", Select).value = domain
        pilot.app.query_one("#query", Input).value = text
        await settled(pilot)

    return run_before


def test_search_at_80_by_24(app: KbApp, snap_compare: SnapCompare) -> None:
    assert snap_compare(app, terminal_size=(80, 24), run_before=searched("device-side assert triggered"))


def test_search_in_a_large_terminal(app: KbApp, snap_compare: SnapCompare) -> None:
    run_before = searched("DataLoader worker exited unexpectedly")
    assert snap_compare(app, terminal_size=(160, 45), run_before=run_before)


def test_search_with_colour(app: KbApp, snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    colourful = KbApp(app.library, open_delay=0.05)
    assert snap_compare(colourful, terminal_size=(120, 36), run_before=searched("nan loss", "numerics"))


def test_light_theme(app: KbApp, snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    light = KbApp(app.library, open_delay=0.05)

    async def run_before(pilot: Pilot[Any]) -> None:
        pilot.app.theme = "textual-light"
        await searched("NCCL timeout")(pilot)

    assert snap_compare(light, terminal_size=(120, 36), run_before=run_before)


def test_tree(app: KbApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("escape", "t")
        await settled(pilot)
        for key in ("enter", "down", "enter", "down", "enter", "down", "enter", "down"):  # down to an entry
            await pilot.press(key)
            await settled(pilot)

    assert snap_compare(app, terminal_size=(120, 36), run_before=run_before)


def test_add_form_with_a_lint_error(app: KbApp, snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("escape", "a")
        await pilot.pause()
        pilot.app.screen.query_one("#symptom", Input).value = "RuntimeError: stack expects equal size"
        pilot.app.screen.query_one("#validation", Input).value = "check the collate function"
        for box in pilot.app.screen.query(Input):
            box.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 36), run_before=run_before)


def test_help(app: KbApp, snap_compare: SnapCompare) -> None:
    assert snap_compare(app, press=["escape", "question_mark"], terminal_size=(100, 40), run_before=settled)
