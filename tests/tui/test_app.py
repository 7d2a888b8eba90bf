"""kb tui, driven through Textual's pilot on a seeded database file in the test's folder.

A file, not `:memory:`: the app searches in worker threads, which must see the same database.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import (
    Checkbox,
    DataTable,
    Input,
    Label,
    Markdown,
    RadioButton,
    RadioSet,
    Select,
    Static,
    TabbedContent,
    TextArea,
    Tree,
)
from textual.widgets.markdown import MarkdownFence
from typer.testing import CliRunner

from kb.cli.app import app as cli
from kb.entry.check_rule import fill
from kb.entry.content import EntryContent
from kb.errors import KbError
from kb.store.record import Entry
from kb.tui.app import KbApp
from kb.tui.form import EntryForm
from kb.tui.library import Library
from kb.tui.panes import EntryView, QueryInput
from kb.tui.screens import ConfirmRun, Help, MergeInto, RunOutput, SettleConflict
from tests.other_writer import write_lock_held

TRACEBACK = """\
Traceback (most recent call last):
  File "train.py", line 41, in <module>
    loss = criterion(model(x), y)
  File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1511, in _call_impl
IndexError: Target 5 is out of bounds.
"""


@pytest.fixture
def library(kb_db: str) -> Iterator[Library]:
    library = Library(kb_db)
    library.store()  # created and seeded before the app starts, as a second launch finds it
    yield library
    library.close()


async def settle(app: KbApp, pilot: Pilot[None]) -> None:
    """Until every worker has finished and the app has handled what they sent."""
    for _ in range(500):
        await pilot.pause()
        if not app.busy:
            await pilot.pause()
            if not app.busy:  # what the pause handled started no worker
                return
        await asyncio.sleep(0.01)
    raise AssertionError("the app's workers did not finish")


async def news(app: KbApp, pilot: Pilot[None], heard: int) -> list[str]:
    """Every notification so far, once there are more than HEARD (what a test counted before the key
    it pressed): the app's answer to that key, waited for, then its workers let finish."""
    await until(app, pilot, lambda: len(app._notifications) > heard)
    await settle(app, pilot)
    return [str(n.message) for n in app._notifications]


Seen = TypeVar("Seen")


async def until(app: KbApp, pilot: Pilot[None], seen: Callable[[], Seen | None]) -> Seen:
    """What SEEN returns once it returns something (not None, not empty), the app handling its
    messages meanwhile: for what a test waits on while a worker may still be busy (a check that runs
    on), where settle() would wait for the worker too, or on a loaded box would look too early."""
    for _ in range(500):
        await pilot.pause()
        value = seen()
        if value:  # an entry's key, notifications: nothing yet is None, or an empty list
            return value
        await asyncio.sleep(0.01)
    raise AssertionError("the app never showed what the test waits for")


#: Long enough for a burst of pilot key presses, short enough not to be waited out 30 times.
TEST_OPEN_DELAY = 0.15


@asynccontextmanager
async def running(
    library: Library, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[KbApp, Pilot[None]]]:
    """The app on LIBRARY, started and done with its first search. The entry pane waits for typing to
    pause as it does for a person, only for less long."""
    app = KbApp(library, open_delay=TEST_OPEN_DELAY)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        yield app, pilot


def count_opens(library: Library, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys of the entries the app fetches from LIBRARY from now on, one per pane opening."""
    opened: list[str] = []
    entry = library.entry

    def counted(key: str) -> object:
        opened.append(key)
        return entry(key)

    monkeypatch.setattr(library, "entry", counted)
    return opened


async def add_form(app: KbApp, pilot: Pilot[None]) -> EntryForm:
    await pilot.press("escape", "a")
    await settle(app, pilot)
    assert isinstance(app.screen, EntryForm)
    return app.screen


async def edit_form(app: KbApp, pilot: Pilot[None], query: str) -> EntryForm:
    """The edit form of the entry QUERY finds first."""
    await type_query(app, pilot, query)
    await open_top(app, pilot)
    await pilot.press("e")
    await settle(app, pilot)
    assert isinstance(app.screen, EntryForm)
    return app.screen


async def review_tab(app: KbApp, pilot: Pilot[None]) -> str:
    """The Review tab, and the key of the due entry its list highlights."""
    await pilot.press("escape", "r")
    await settle(app, pilot)
    key = app.query_one("#review-entry", EntryView).key
    assert key is not None
    return key


async def review_edit_form(app: KbApp, pilot: Pilot[None]) -> tuple[str, EntryForm]:
    """The Review tab's edit form (e) of the due entry its list highlights, and that entry's key."""
    key = await review_tab(app, pilot)
    await pilot.press("e")
    await settle(app, pilot)
    assert isinstance(app.screen, EntryForm)
    return key, app.screen


#: A draft an agent proposed (kb mcp's propose_entry), as the drafts folder holds it.
AGENTS_DRAFT = EntryContent(
    key="quux-rejects-zorblax",
    domain="deployment",
    symptom="ValueError: the quux frobnicator rejected the zorblax handle",
    validation="python -c \"import sys; print('ok: ' + sys.version)\"",
    fix="Upgrade quux to 2.0.",
    source="own (proposed by an agent)",
)


async def answer_yes(pilot: Pilot[None]) -> None:
    """Run it, as a person does: after the question has been on screen long enough to be read."""
    await pilot.pause(ConfirmRun.ARMED_AFTER)
    await pilot.press("y")


async def type_query(app: KbApp, pilot: Pilot[None], text: str) -> None:
    app.query_one("#query", Input).value = text
    await settle(app, pilot)


async def open_top(app: KbApp, pilot: Pilot[None]) -> EntryView:
    """Pick the highlighted result, as Enter or a click on it would."""
    await pilot.press("escape")
    await pilot.press("enter")
    await settle(app, pilot)
    return app.query_one("#search-entry", EntryView)


async def ask_to_run_the_echo_check(app: KbApp, pilot: Pilot[None]) -> None:
    """Search for the echo entry (the echo_entry fixture), open it and press x: the Run dialog asks."""
    await type_query(app, pilot, "the echo fault")
    await open_top(app, pilot)
    await pilot.press("x")
    await settle(app, pilot)


@pytest.mark.both_backends
async def test_search_then_open(library: Library) -> None:
    async with running(library, (120, 40)) as (app, pilot):
        assert app.found is not None and app.found.query == ""  # browsing before any key
        assert len(app.found.rows) == library.counts().by_status["active"]
        await pilot.press(*"device-side assert")
        await settle(app, pilot)
        assert app.found.rows[0].key == "cuda-device-side-assert"
        view = await open_top(app, pilot)
        assert view.key == "cuda-device-side-assert"
        assert view.entry is not None and view.entry.validation
        # two words name a subject: its entries are listed, none is called the fault; some hold only
        # `assert`, so they match it rather than name it
        assert "entries match it" in str(app.query_one("#status").render())


async def test_a_subject_says_how_many_entries_name_it_only_when_it_has_them_all(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A subject's results are cut at the library's limit: then the status claims no count."""
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press(*"nccl")
        await settle(app, pilot)
        assert app.describe_found() == "1 entry names it; paste the error to know which"
        monkeypatch.setattr("kb.tui.library.RESULT_LIMIT", 5)
        monkeypatch.setattr("kb.tui.app.RESULT_LIMIT", 5)
        await pilot.press(*["backspace"] * 4, *"cuda")
        await settle(app, pilot)
        assert len(app.found.rows) == 5  # type: ignore[union-attr]
        assert app.describe_found() == "the 5 entries that name it most; paste the error to know which"


async def test_the_entry_pane_waits_for_typing_to_pause(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running(library, (120, 40)) as (app, pilot):
        opened = count_opens(library, monkeypatch)
        app.open_delay = 10.0  # a person still typing
        await pilot.press(*"device-side assert")
        # The results of what was typed are shown first: on a busy box they came after the pause
        # below and opened the pane a second time, for the same entry (seen twice in CI). A worker
        # that has finished may not have been shown yet: wait for what it sent.
        for _ in range(500):
            if app.found is not None and app.found.query == "device-side assert":
                break
            await pilot.pause(0.01)
        assert opened == [] and app.busy
        app.open_delay = TEST_OPEN_DELAY  # and pausing
        await pilot.press("space")
        await settle(app, pilot)
    assert opened == ["cuda-device-side-assert"]


async def test_a_late_highlight_of_the_entry_just_opened_opens_nothing_twice(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy box the refilled list's first highlight can arrive after the pause has opened its
    entry (seen twice in CI): the pane fetched the same entry a second time."""
    from kb.tui.panes import SearchPane

    async with running(library, (120, 40)) as (app, pilot):
        opened = count_opens(library, monkeypatch)
        await type_query(app, pilot, "CUDA error: device-side assert triggered")
        assert opened == [app.found.rows[0].key]  # type: ignore[union-attr]
        app.search_pane.post_message(SearchPane.Picked(opened[0]))  # late, for the same row
        await settle(app, pilot)
        assert len(opened) == 1
        await pilot.press("escape", "down")  # a person moving to the next row opens it
        await settle(app, pilot)
        assert len(opened) == 2 and opened[1] != opened[0]


async def test_enter_in_the_search_box_counts_as_a_search(library: Library) -> None:
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "IndexError: Target 5 is out of bounds.")
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.focused is app.query_one("#results", DataTable)
    assert library.entry("cross-entropy-label-out-of-range").hits == 1


async def test_typing_alone_leaves_no_usage_record(library: Library) -> None:
    async with running(library) as (app, pilot):
        await pilot.press(*"device-side assert")
        await settle(app, pilot)
    assert library.entry("cuda-device-side-assert").hits == 0


async def test_a_pasted_traceback_is_searched_whole(library: Library) -> None:
    async with running(library) as (app, pilot):
        app.query_one(QueryInput).post_message(events.Paste(TRACEBACK))
        await settle(app, pilot)
        assert app.found is not None
        assert app.found.query.splitlines()[-1] == "IndexError: Target 5 is out of bounds."
        assert app.found.rows[0].key == "cross-entropy-label-out-of-range"
        assert app.found.confident


async def test_a_coloured_log_pasted_in_the_search_box_leaves_its_codes_out(library: Library) -> None:
    """The box kept a pasted log's escape codes and the Input sent them to the terminal as they were:
    an ESC before a `c` reset the terminal, blanking the screen and turning the mouse off."""
    coloured = "\x1b[1;31mTraceback\x1b[0m:\r\n\x1b]0;title\x07IndexError: Target 5 is out of bounds.\x1bc\t"
    async with running(library) as (app, pilot):
        app.query_one(QueryInput).post_message(events.Paste(coloured))
        await settle(app, pilot)
        value = app.query_one(QueryInput).value
        assert not any(ord(char) < 32 for char in value), repr(value)
        assert app.found is not None and app.found.rows[0].key == "cross-entropy-label-out-of-range"


async def test_a_traceback_pasted_into_the_forms_symptom_gives_its_error_line(library: Library) -> None:
    """The form's one-line fields kept a paste's first line: `Traceback (most recent call last):`
    was saved as the symptom, the error line dropped without a word."""
    async with running(library, (100, 40)) as (app, pilot):
        form = await add_form(app, pilot)
        heard = len(app._notifications)
        form.query_one("#symptom", Input).post_message(events.Paste(TRACEBACK))
        said = await news(app, pilot, heard)
        assert form.query_one("#symptom", Input).value == "IndexError: Target 5 is out of bounds."
        assert said[-1].startswith("Took the error line of the ")
        form.query_one("#cause_path", Input).post_message(events.Paste("Data\n> labels\n"))
        await settle(app, pilot)
        assert form.query_one("#cause_path", Input).value == "Data > labels"


async def test_a_traceback_pasted_with_cr_line_ends_is_searched_whole(library: Library) -> None:
    """tmux pastes lines ending in CR: the box kept the first line only, and found nothing."""
    for ending in ("\r", "\r\n"):
        async with running(library) as (app, pilot):
            app.query_one(QueryInput).post_message(events.Paste(TRACEBACK.replace("\n", ending)))
            await settle(app, pilot)
            assert app.found is not None and len(app.found.query.splitlines()) == len(TRACEBACK.splitlines())
            assert app.found.rows[0].key == "cross-entropy-label-out-of-range" and app.found.confident


async def test_the_newest_search_wins(library: Library) -> None:
    async with running(library) as (app, pilot):
        for text in ("nccl", "nccl timeout", "device-side assert"):
            app.search(text)
        await settle(app, pilot)
        assert app.found is not None and app.found.query == "device-side assert"


async def test_domain_filter(library: Library) -> None:
    async with running(library) as (app, pilot):
        app.query_one("#domain-filter", Select).value = "hardware"
        await settle(app, pilot)
        assert app.found is not None and app.found.rows
        assert {row.domain for row in app.found.rows} == {"hardware"}
        await type_query(app, pilot, "CUDA out of memory")
        assert {row.domain for row in app.found.rows} <= {"hardware"}
        assert app.describe_found().endswith("(in hardware only)")  # what it says is of that domain


async def test_tree_navigation_opens_an_entry(library: Library) -> None:
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "t")
        await settle(app, pilot)
        tree = app.query_one("#forest", Tree)
        assert app.focused is tree
        domains = [str(node.label).split()[0] for node in tree.root.children]
        assert domains[0] == "data" and len(domains) == 7
        await pilot.press("enter")  # open the first domain
        await settle(app, pilot)
        for _ in range(40):  # down through branches, opening them, until an entry is selected
            await pilot.press("down", "enter")
            await settle(app, pilot)
            if app.query_one("#tree-entry", EntryView).key:
                break
        key = app.query_one("#tree-entry", EntryView).key
        assert key is not None and library.entry(key).domain == "data"


async def test_a_cause_path_in_the_tree_does_not_act_on_the_terminal(library: Library) -> None:
    """A synced entry whose cause path held `\x1b[2J` cleared the real terminal when the Tree tab
    drew its branch, and a right-to-left override turned the branch's name around."""
    from kb.entry.visible import HIDDEN

    path = "clear\x1b[2J > \u202eright-to-left"
    fault = EntryContent(key="escaped-path", domain="data", symptom="the path fault", cause_path=path)
    library.save(fault.replace(validation="nvidia-smi"))
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "t")
        await settle(app, pilot)
        data = app.query_one("#forest", Tree).root.children[0]
        data.expand()
        branch = next(node for node in data.children if "clear" in str(node.label))
        branch.expand()
        labels = [str(branch.label), *(str(node.label) for node in branch.children)]
        assert not any(HIDDEN.search(label) for label in labels), labels
        assert "\\u202eright-to-left" in labels[1]


@pytest.fixture
def due_library(kb_db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Library]:
    """Five faults of the user's, recorded today and opened two months later: each is due for review
    (the seeds, untouched, are not)."""
    now = [datetime.now(UTC)]
    monkeypatch.setattr("kb.clock.utc_now", lambda: now[0])
    library = Library(kb_db)
    for key in ("gizmo-jam", "sprocket-squeak", "flux-hum", "widget-overheats-under-sustained-load", "cog"):
        symptom = f"OSError: the {key} fault"
        fault = EntryContent(key=key, domain="hardware", symptom=symptom, validation="nvidia-smi")
        library.store().add(fault)
    now[0] += timedelta(days=60)
    yield library
    library.close()


@pytest.mark.both_backends
async def test_review_archive_and_keep(due_library: Library) -> None:
    async with running(due_library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "r")
        await settle(app, pilot)
        table = app.query_one("#due", DataTable)
        due_before = table.row_count
        first = app.query_one("#review-entry", EntryView).key
        assert due_before > 0 and first is not None
        await pilot.press("d")
        await settle(app, pilot)
        assert due_library.entry(first).status == "archived"
        assert table.row_count == due_before - 1
        second = app.query_one("#review-entry", EntryView).key
        assert second is not None and second != first
        await pilot.press("k")
        await settle(app, pilot)
        assert due_library.entry(second).reviewed is not None
        assert table.row_count == due_before - 2


async def test_an_entry_added_from_the_review_tab_is_not_what_its_keys_decide_on(
    due_library: Library,
) -> None:
    """After an add from the Review tab the new entry took the review pane while the list still
    highlighted the due one: the next d archived the entry just added."""
    async with running(due_library, (120, 40)) as (app, pilot):
        due = await review_tab(app, pilot)
        form = await a_filled_add_form(app, pilot, "ValueError: the quux table lost its brand new column")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is not form
        assert app.query_one("#review-entry", EntryView).key == due
        await pilot.press("d")
        await settle(app, pilot)
    assert due_library.entry(due).status == "archived"
    assert due_library.entry("valueerror-quux-table-lost-its-brand").status == "active"


async def test_the_status_line_speaks_of_the_tab_in_front(due_library: Library) -> None:
    """After k on the Review tab the recount rewrote the status line with the search's words:
    "92 entries · 4 due · browsing 92 entries; type to search", of a list not on the screen."""
    async with running(due_library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "r")
        await settle(app, pilot)
        assert str(app.status_bar.render()).endswith("· 5 entries due for review")
        await pilot.press("k")
        await settle(app, pilot)
        assert str(app.status_bar.render()).endswith("· 4 entries due for review")
        await pilot.press("t")
        await settle(app, pilot)
        app.refresh_counts()  # as when another process wrote
        await settle(app, pilot)
        assert "fault trees of 7 domains" in str(app.status_bar.render())
        await pilot.press("s")
        await settle(app, pilot)
        assert "browsing" in str(app.status_bar.render())


async def test_the_due_count_follows_a_keep_made_while_the_search_refreshes(
    due_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """k recounts, and refreshes the search, whose results recount again "if the store changed";
    a keep changes no entry's `updated`, so the second recount found nothing changed, and by
    cancelling the first (one counting at a time) left "5 due" beside a list of 4."""
    import threading

    async with running(due_library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "r")
        await settle(app, pilot)
        shown_before = app.results_shown
        counts = due_library.counts

        def counts_once_the_search_is_shown() -> object:  # in a worker thread
            for _ in range(500):
                if app.results_shown > shown_before:
                    break
                threading.Event().wait(0.01)
            return counts()

        monkeypatch.setattr(due_library, "counts", counts_once_the_search_is_shown)
        await pilot.press("k")
        await settle(app, pilot)
        assert app.results_shown > shown_before
        assert "· 4 due ·" in str(app.status_bar.render())


async def test_a_teammates_archive_reaches_the_open_entry_and_the_counts_without_a_keystroke(
    library: Library,
) -> None:
    """Another process archived the entry being read: it still showed as it was, and the counts
    stayed, until the next search or write."""
    app = KbApp(library, open_delay=TEST_OPEN_DELAY, follow_every=0.2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        await type_query(app, pilot, "IndexError: Target 5 is out of bounds.")
        pane = await open_top(app, pilot)
        key = pane.key
        assert key is not None and pane.entry is not None and pane.entry.status == "active"
        counted = str(app.status_bar.render())
        Library(library.spec).archive(key)  # the teammate, on the same database
        for _ in range(50):
            await pilot.pause(0.1)
            if pane.entry is not None and pane.entry.status == "archived":
                break
        await settle(app, pilot)
        assert pane.entry is not None and pane.entry.status == "archived" and pane.key == key
        assert str(app.status_bar.render()) != counted  # one entry fewer


async def test_a_keep_in_another_window_reaches_the_review_list_and_the_counts(due_library: Library) -> None:
    """Another window kept an entry at review: a keep changed no entry's update time, so nothing
    noticed, and the tab said 5 due and the status line 4 once the tab was visited again."""
    app = KbApp(due_library, open_delay=TEST_OPEN_DELAY, follow_every=0.2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        key = await review_tab(app, pilot)
        table = app.query_one("#due", DataTable)
        before = table.row_count
        Library(due_library.spec).keep(key)  # the other window, on the same database
        for _ in range(50):
            await pilot.pause(0.1)
            if table.row_count == before - 1:
                break
        await settle(app, pilot)
        assert table.row_count == before - 1
        assert f"· {before - 1} due" in str(app.status_bar.render())
        assert str(app.status_bar.render()).endswith(f"· {before - 1} entries due for review")


async def test_the_hints_name_the_knowledge_base_the_screen_shows(kb_db: str, due_library: Library) -> None:
    """`kb --layer team tui`: "archived X; kb restore X undoes it" would restore nothing there."""
    team_screen = Library(kb_db, prefix="kb --layer team ")
    async with running(team_screen, (120, 40)) as (app, pilot):
        first = await review_tab(app, pilot)
        await pilot.press("d")
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert said[-1] == f"archived {first}; kb --layer team restore {first} undoes it"
        second = app.query_one("#review-entry", EntryView).key
        assert second is not None and second != first
        Library(kb_db).archive(second)  # a teammate, meanwhile
        await pilot.press("d")
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert said[-1].endswith(f"already archived; bring it back with: kb --layer team restore {second}")
    team_screen.close()


async def test_a_key_pressed_before_the_highlighted_entry_opens_acts_on_nothing(
    due_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """↓ then d at once, on a database that answers slowly (a team's server): the pane still showed
    the entry above, and d archived it, not the one highlighted. kb says the entry is still opening."""
    import time

    opened = due_library.entry

    def slowly(key: str) -> Entry:
        time.sleep(0.4)
        return opened(key)

    async with running(due_library, (120, 40)) as (app, pilot):
        first = await review_tab(app, pilot)
        monkeypatch.setattr(due_library, "entry", slowly)
        await pilot.press("down", "d")
        second = app.review_pane.highlighted_key()
        assert second not in (None, first)
        said = [str(notification.message) for notification in app._notifications]
        assert said[-1] == f"{second} is still opening: press the key again once it shows."
        await settle(app, pilot)
        assert app.query_one("#review-entry", EntryView).key == second
    assert due_library.entry(first).status == due_library.entry(second).status == "active"


async def test_a_review_decision_on_an_entry_archived_meanwhile_is_refused(due_library: Library) -> None:
    """Another window archived the highlighted entry: k must not say "kept" (nor d "archived")."""
    async with running(due_library, (120, 40)) as (app, pilot):
        first = await review_tab(app, pilot)
        Library(due_library.spec).archive(first)  # the other window, on the same database
        await pilot.press("k")
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert f"'{first}' is archived: nothing to keep" in said[-1] and "kept" not in said[-1]
        assert due_library.entry(first).status == "archived"
        assert app.query_one("#review-entry", EntryView).key != first  # the list was read again
        assert "· 4 due" in str(app.status_bar.render())  # and the counts: five were due


async def pause_for(pilot: Pilot[None], seconds: float) -> None:
    for _ in range(int(seconds / 0.05)):
        await pilot.pause(0.05)


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
async def test_a_review_decision_waiting_on_a_locked_database_leaves_the_screen_live(
    due_library: Library, kb_db: str
) -> None:
    """k waits for another process's write lock as the store's busy timeout says (30 s); meanwhile
    the screen answers keys and says it is saving, a second decision is refused rather than queued,
    and once the lock is gone the entry is kept and said so."""
    async with running(due_library, (120, 40)) as (app, pilot):
        first = await review_tab(app, pilot)
        with write_lock_held(kb_db):
            await pilot.press("k")
            await pause_for(pilot, 0.5)
            assert "saving…" in str(app.status_bar.render())
            await pilot.press("d")
            await pilot.press("s")
            await pause_for(pilot, 0.2)
            assert app.tabs.active == "search-tab"  # keys are answered while the write waits
            said = [notification.message for notification in app._notifications]
            assert said[-1].startswith("Still saving the last change")
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert said[-1] == f"kept {first}; reviewed now"
        assert due_library.entry(first).reviewed is not None
        assert due_library.entry(first).status == "active"  # the refused d archived nothing


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
async def test_quitting_while_a_decision_waits_on_a_locked_database_quits_once_it_is_saved(
    due_library: Library, kb_db: str
) -> None:
    """q while k waits for another process's lock: quitting then closed the connection the waiting
    write was using (kb crashed, the keep was lost, unsaid). kb says it quits once the change is
    saved, and does."""
    async with running(due_library, (120, 40)) as (app, pilot):
        first = await review_tab(app, pilot)
        with write_lock_held(kb_db):
            await pilot.press("k")
            await pause_for(pilot, 0.3)
            await pilot.press("q")
            await pause_for(pilot, 0.3)
            said = [notification.message for notification in app._notifications]
            assert said[-1].startswith("Still saving the last change") and "quits once" in said[-1]
            assert app.is_running
        await until(app, pilot, lambda: not app.is_running)
    assert due_library.entry(first).reviewed is not None


async def test_quitting_while_a_decision_is_saved_stays_to_say_it_failed(
    due_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change asked to quit after that could not be saved keeps kb open, saying why."""
    import threading

    go = threading.Event()

    def keep_fails(key: str) -> None:
        go.wait(10)
        raise KbError(f"cannot write {key}: database is locked")

    monkeypatch.setattr(due_library, "keep", keep_fails)
    async with running(due_library, (120, 40)) as (app, pilot):
        await review_tab(app, pilot)
        await pilot.press("k")
        await pause_for(pilot, 0.2)
        await pilot.press("q")
        go.set()
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert said[-1].endswith("database is locked")
        assert app.is_running
        await pilot.press("q")
        await until(app, pilot, lambda: not app.is_running)


async def test_a_check_that_ends_after_a_tab_change_leaves_the_other_tab_alone(
    due_library: Library, tmp_path: Path
) -> None:
    """A check started in the search tab and ended while the review tab is in front refreshes the
    search tab's entry, not the entry the review tab shows: d and k act on what is shown."""
    go = tmp_path / "go"  # the check runs until the test says so: a loaded box cannot outrun it
    waits = f"until [ -e {go} ]; do sleep 0.05; done"
    due_library.save(
        EntryContent(key="slow-check", domain="logging", symptom="the slow fault", validation=waits)
    )
    async with running(due_library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, "the slow fault")
        await open_top(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        await answer_yes(pilot)
        await pilot.press("r")
        shown = await until(app, pilot, lambda: app.query_one("#review-entry", EntryView).key)
        assert app.tabs.active == "review-tab" and app.busy  # the check is still running
        go.touch()
        await settle(app, pilot)
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.query_one("#review-entry", EntryView).key == shown != "slow-check"
        assert app.query_one("#search-entry", EntryView).key == "slow-check"


async def test_an_entry_archived_or_merged_at_review_is_not_shown_as_it_was_in_the_search_tab(
    due_library: Library,
) -> None:
    async with running(due_library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, "OSError: the cog fault")
        await open_top(app, pilot)
        assert app.query_one("#search-entry", EntryView).key == "cog"
        await pilot.press("r")
        await settle(app, pilot)
        app.open_entry("cog", "review-tab")
        await settle(app, pilot)
        await pilot.press("m")
        await settle(app, pilot)
        assert isinstance(app.screen, MergeInto)
        app.screen.query_one("#target", Input).value = "flux-hum"
        await pilot.press("enter")
        await settle(app, pilot)
        assert due_library.store().keys().count("cog") == 0
        assert app.found is not None and "cog" not in {row.key for row in app.found.rows}
        # merged away: the search now finds the entry that holds its symptom, and shows that one
        assert app.found.rows[0].key == "flux-hum"
        assert app.query_one("#search-entry", EntryView).key == "flux-hum"


async def test_the_review_list_leaves_its_reasons_room_at_80_columns(due_library: Library) -> None:
    """A 32-character key left the reasons 9 columns."""
    async with running(due_library, (80, 24)) as (app, pilot):
        await pilot.press("escape", "r")
        await settle(app, pilot)
        table = app.query_one("#due", DataTable)
        key_column, reasons_column = table.ordered_columns
        assert reasons_column.width >= 30 and key_column.width <= reasons_column.width
        row = table.get_row("widget-overheats-under-sustained-load")
        assert str(row[1]).startswith("never hit; no fix; never checked; no root")


@pytest.mark.both_backends
async def test_review_merge(due_library: Library) -> None:
    async with running(due_library, (120, 40)) as (app, pilot):
        source = await review_tab(app, pilot)
        await pilot.press("m")
        await settle(app, pilot)
        assert isinstance(app.screen, MergeInto)
        app.screen.query_one("#target", Input).value = "cuda-device-side-assert"
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, MergeInto)
        said = [str(notification.message) for notification in app._notifications]
        assert any(line.startswith(f"merged {source} into cuda-device-side-assert") for line in said)
    assert due_library.store().find(source) is None


def on_screen(app: KbApp, selector: str) -> bool:
    """Whether the widget SELECTOR of the screen on top is drawn inside the terminal, text and all."""
    widget = app.screen.query_one(selector)
    region = widget.region
    return (
        bool(str(widget.render()).strip()) and region.height > 0 and app.screen.region.contains_region(region)
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_message_of_the_add_form_is_on_screen(library: Library, size: tuple[int, int]) -> None:
    """The form's messages, "Esc again to discard" included, sat below the fields, out of sight."""
    async with running(library, size) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#key", Input).value = "Not A Slug"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert on_screen(app, "#form-error") and "Symptom" in str(form.query_one("#form-error").render())
        assert on_screen(app, "#symptom-error")
        form.query_one("#symptom", Input).value = "OSError: [Errno 24] Too many open files"
        form.query_one("#validation", Input).value = "ulimit -n"
        form.query_one("#key", Input).value = ""
        form.query_one("#domain", Select).value = "data"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert on_screen(app, "#form-error") and "existing entry" in str(
            form.query_one("#form-error").render()
        )
        await pilot.press("escape")
        await settle(app, pilot)
        assert on_screen(app, "#form-error") and "again to discard" in str(
            form.query_one("#form-error").render()
        )


@pytest.mark.both_backends
async def test_add_with_a_lint_error_then_corrected(library: Library) -> None:
    async with running(library, (100, 40)) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = "ValueError: tokenizer vocabulary has 3 extra tokens"
        form.query_one("#validation", Input).value = "check the logs"
        await settle(app, pilot)
        error = form.query_one("#validation-error", Label)
        assert "check the logs" in str(error.render()) or str(error.render())  # shown as you type
        form.query_one("#domain", Select).value = "model"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is form  # refused: the validation is prose
        assert str(form.query_one("#validation-error", Label).render())
        form.query_one("#validation", Input).value = "python -c \"print('tokens')\""
        await settle(app, pilot)
        assert not str(form.query_one("#validation-error", Label).render())
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is not form
    entry = library.entry("valueerror-tokenizer-vocabulary-has-extra-tokens")
    assert entry.domain == "model" and entry.validation.startswith("python -c")


async def a_filled_add_form(app: KbApp, pilot: Pilot[None], symptom: str) -> EntryForm:
    """The add form, holding an entry about SYMPTOM that it can save."""
    form = await add_form(app, pilot)
    form.query_one("#symptom", Input).value = symptom
    form.query_one("#validation", Input).value = "python -c \"print('tokens')\""
    form.query_one("#domain", Select).value = "model"
    await settle(app, pilot)
    return form


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
async def test_a_save_waiting_on_a_locked_database_keeps_the_form_live_until_it_lands(
    library: Library, kb_db: str
) -> None:
    async with running(library, (100, 40)) as (app, pilot):
        form = await a_filled_add_form(app, pilot, "ValueError: tokenizer vocabulary has 3 extra tokens")
        with write_lock_held(kb_db):
            await pilot.press("ctrl+s")
            await pause_for(pilot, 0.5)
            assert app.screen is form and "Saving…" in str(form.query_one("#form-error", Label).render())
            await pilot.press("escape")  # the first Esc says the save may still land
            await pause_for(pilot, 0.2)
            assert app.screen is form and "Esc again" in str(form.query_one("#form-error", Label).render())
        await settle(app, pilot)
        assert app.screen is not form
        assert [n.message for n in app._notifications][-1].startswith("Saved valueerror-tokenizer")
    assert library.entry("valueerror-tokenizer-vocabulary-has-extra-tokens").domain == "model"


async def closed_while_its_save_waits(app: KbApp, pilot: Pilot[None], kb_db: str, symptom: str) -> None:
    """An add form about SYMPTOM, saved while another process holds the write lock and closed (Esc
    twice) before the save could land; then the lock is let go and the save ends."""
    form = await a_filled_add_form(app, pilot, symptom)
    with write_lock_held(kb_db):
        await pilot.press("ctrl+s")
        await pause_for(pilot, 0.3)
        await pilot.press("escape", "escape")
        await pause_for(pilot, 0.2)
        assert app.screen is not form  # closed while the save still waits
    await settle(app, pilot)


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
async def test_a_form_closed_while_its_save_waits_says_how_the_save_ended(
    library: Library, kb_db: str
) -> None:
    """A server that does not answer kept the form on "Saving…" for as long as it did not: a second
    Esc closes it, and the save's end is a notification."""
    async with running(library, (100, 40)) as (app, pilot):
        await closed_while_its_save_waits(
            app, pilot, kb_db, "ValueError: tokenizer vocabulary has 5 extra tokens"
        )
        assert [n.message for n in app._notifications][-1] == (
            "Saved valueerror-tokenizer-vocabulary-has-extra-tokens, after its form was closed."
        )


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
async def test_a_draft_whose_form_was_closed_while_saving_is_not_kept_once_it_is_saved(
    library: Library, kb_db: str
) -> None:
    """It said "Kept the draft", then "Saved KEY, after its form was closed", and the draft stayed
    among the drafts, for p to offer and add again."""
    from kb.verify.triage import save_triage_draft

    draft = save_triage_draft(AGENTS_DRAFT, kind="agent")
    async with running(library, (100, 40)) as (app, pilot):
        await pilot.press("escape", "p")
        await settle(app, pilot)
        form = app.screen
        assert isinstance(form, EntryForm)
        with write_lock_held(kb_db):
            await pilot.press("ctrl+s")
            await pause_for(pilot, 0.3)
            await pilot.press("escape", "escape")
            await pause_for(pilot, 0.2)
            assert app.screen is not form
        await settle(app, pilot)
        said = [str(n.message) for n in app._notifications]
    assert "Saved quux-rejects-zorblax, after its form was closed." in said
    assert not any(line.startswith("Kept the draft") for line in said), said
    assert library.entry("quux-rejects-zorblax").fix == "Upgrade quux to 2.0." and not draft.exists()


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
async def test_a_form_closed_while_its_save_waits_says_a_known_fault_was_not_added_again(
    library: Library, kb_db: str
) -> None:
    """The save looks for a known fault once its turn comes; with one look it cannot tell whether the
    fault was known before Save was pressed, so the notice does not say "added meanwhile"."""
    async with running(library, (100, 40)) as (app, pilot):
        await closed_while_its_save_waits(app, pilot, kb_db, "IndexError: Target 5 is out of bounds.")
        assert [n.message for n in app._notifications][-1] == (
            "Not saved: it looks like the existing entry cross-entropy-label-out-of-range."
        )


async def test_add_can_keep_a_validation_the_lint_rejects(library: Library) -> None:
    async with running(library, (100, 40)) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = "the dashboard shows no GPU metrics"
        form.query_one("#validation", Input).value = "look at grafana"
        form.query_one("#domain", Select).value = "logging"
        form.query_one("#key", Input).value = "no-gpu-metrics"
        form.query_one("#force", Checkbox).value = True
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is not form
    assert library.entry("no-gpu-metrics").validation == "look at grafana"


async def test_a_key_taken_is_said_beside_the_key_field_not_as_a_command_line_flag(library: Library) -> None:
    """The form said "pick another --key or `kb edit KEY`": a form has no --key."""
    async with running(library, (100, 40)) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = "the dashboard shows no GPU metrics"
        form.query_one("#validation", Input).value = "nvidia-smi"
        form.query_one("#domain", Select).value = "logging"
        form.query_one("#key", Input).value = "read-csv-encoding"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is form
        said = str(form.query_one("#key-error", Label).render())
        assert said == "an entry with key 'read-csv-encoding' already exists: type another key"
        assert "--key" not in str(form.query_one("#form-error", Label).render())


async def test_add_refuses_a_bad_key_and_a_missing_domain_beside_the_fields(library: Library) -> None:
    async with running(library, (100, 40)) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = "something odd"
        form.query_one("#validation", Input).value = "nvidia-smi"
        form.query_one("#key", Input).value = "Not A Slug"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is form
        assert "slug" in str(form.query_one("#key-error", Label).render())
        assert "domain" in str(form.query_one("#domain-error", Label).render())
        await pilot.press("escape", "escape")  # what was typed is discarded on the second
        await settle(app, pilot)
        assert app.screen is not form
    assert library.store().find("something-odd") is None


@pytest.mark.both_backends
async def test_edit_keeps_the_fields_the_form_does_not_show(library: Library) -> None:
    before = library.entry("cuda-device-side-assert").content()
    async with running(library, (100, 40)) as (app, pilot):
        form = await edit_form(app, pilot, "device-side assert")
        assert form.query_one("#symptom", Input).value == before.symptom
        form.query_one("#cause_path", Input).value = "Data format > label out of range"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is not form
    after = library.entry("cuda-device-side-assert").content()
    assert after.cause_path == "Data format > label out of range"
    assert after.symptom_variants == before.symptom_variants and after.snippet == before.snippet


async def test_the_form_shows_an_entrys_escape_codes_as_text_and_keeps_them_unless_edited(
    library: Library,
) -> None:
    """The edit form put the entry's text into its fields as it was: a teammate's fix holding a
    window title and a clipboard write acted on the terminal as the form opened, though the entry
    pane showed them as text."""
    current = library.entry("cuda-device-side-assert").content()
    hostile = current.replace(fix="Rerun \x1b]0;PWNED\x07 on CPU.", cause_path="Data \x1b[2J> labels")
    library.store().update(current.key, hostile)
    hostile = library.entry(current.key).content()  # as kb keeps it
    async with running(library, (100, 40)) as (app, pilot):
        form = await edit_form(app, pilot, "device-side assert")
        assert form.query_one("#fix", TextArea).text == "Rerun \\x1b]0;PWNED\\x07 on CPU."
        assert "\x1b" not in form.query_one("#cause_path", Input).value
        form.query_one("#tags", Input).value = "cuda, labels"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is not form
    after = library.entry("cuda-device-side-assert").content()
    assert (after.fix, after.cause_path, after.tags) == (hostile.fix, hostile.cause_path, ("cuda", "labels"))


async def test_an_entry_saved_from_the_results_stays_highlighted_and_open(library: Library) -> None:
    """The results are searched again after a save, and their highlight went back to the first row:
    the pane then opened that entry, not the one just edited."""
    async with running(library, (100, 40)) as (app, pilot):
        await type_query(app, pilot, "device-side assert")
        await pilot.press("escape", "down")
        await settle(app, pilot)
        second = app.search_pane.highlighted_key()
        assert second is not None and app.query_one("#search-entry", EntryView).key == second
        await pilot.press("e")
        await settle(app, pilot)
        form = app.screen
        assert isinstance(form, EntryForm)
        form.query_one("#cause_path", Input).value = "Data format > label out of range"
        heard = len(app._notifications)
        await pilot.press("ctrl+s")
        await news(app, pilot, heard)
        assert app.search_pane.highlighted_key() == second
        assert app.query_one("#search-entry", EntryView).key == second


async def test_an_edit_says_when_it_kept_a_change_someone_made_meanwhile(library: Library) -> None:
    """The form stays open for minutes; a teammate's sync changes another field of the entry."""
    async with running(library, (100, 40)) as (app, pilot):
        form = await edit_form(app, pilot, "device-side assert")
        current = library.entry("cuda-device-side-assert").content()
        library.store().update(current.key, current.replace(fix="their fix"))
        form.query_one("#cause_path", Input).value = "Data format > label out of range"
        heard = len(app._notifications)
        await pilot.press("ctrl+s")
        said = await news(app, pilot, heard)
        assert "Saved cuda-device-side-assert, with the change someone made meanwhile." in said
    after = library.entry("cuda-device-side-assert").content()
    assert after.fix == "their fix" and after.cause_path == "Data format > label out of range"


async def test_an_edit_refused_over_a_change_made_meanwhile_is_kept_as_a_draft(library: Library) -> None:
    """Both changed the cause path: the save is refused, and the person's version is kept as a draft
    whose path the error names, as `kb edit` keeps it (README: saves never overwrite): going to
    look at theirs, as the error says, closed the form and lost the typing."""
    from kb.entry.file import read_entry_file

    async with running(library, (100, 40)) as (app, pilot):
        form = await edit_form(app, pilot, "device-side assert")
        current = library.entry("cuda-device-side-assert").content()
        library.store().update(current.key, current.replace(cause_path="Their > cause path"))
        form.query_one("#cause_path", Input).value = "My > cause path"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        error = str(form.query_one("#form-error", Label).render())
        assert app.screen is form and "not saved; your version is in " in error
        kept = Path(error.split("your version is in ", 1)[1].split(";", 1)[0])
    assert read_entry_file(kept, draft=True).cause_path == "My > cause path"
    assert library.entry(current.key).cause_path == "Their > cause path"
    assert next(library.edited_by(draft) for draft in library.drafts()[0] if draft.path == kept) is not None


async def test_an_edit_that_changes_nothing_saves_nothing_and_keeps_a_tag_with_a_comma(
    library: Library,
) -> None:
    current = library.entry("cuda-device-side-assert").content()
    library.store().update(current.key, current.replace(tags=(*current.tags, "num_classes, ignore_index")))
    before = library.store().history(current.key)
    async with running(library, (100, 40)) as (app, pilot):
        form = await edit_form(app, pilot, "device-side assert")
        heard = len(app._notifications)
        await pilot.press("ctrl+s")
        said = await news(app, pilot, heard)
        assert app.screen is not form
        assert said[-1] == "No changes to cuda-device-side-assert: nothing was saved."
    assert library.store().history(current.key) == before
    assert "num_classes, ignore_index" in library.entry(current.key).tags


async def test_an_edit_saved_into_an_entry_archived_meanwhile_says_it_is_archived(library: Library) -> None:
    async with running(library, (100, 40)) as (app, pilot):
        form = await edit_form(app, pilot, "device-side assert")
        Library(library.spec).archive("cuda-device-side-assert")  # another window, at review
        form.query_one("#cause_path", Input).value = "Data format > label out of range"
        heard = len(app._notifications)
        await pilot.press("ctrl+s")
        said = await news(app, pilot, heard)
        assert said[-1].endswith("; it is archived (kb restore cuda-device-side-assert brings it back).")


async def test_an_edit_at_review_of_an_entry_archived_meanwhile_says_it_was_saved(
    due_library: Library,
) -> None:
    """The review tab's edit saved the new fix into the entry another window had archived, and said
    only "'KEY' is archived: nothing to keep", as if the edit were lost."""
    async with running(due_library, (120, 40)) as (app, pilot):
        key, form = await review_edit_form(app, pilot)
        Library(due_library.spec).archive(key)  # another window
        form.query_one("#cause_path", Input).value = "Hardware > a new branch"
        heard = len(app._notifications)
        await pilot.press("ctrl+s")
        said = await news(app, pilot, heard)
        assert said[-1] == f"Saved {key}; it was archived meanwhile (kb restore {key} brings it back)"
    entry = due_library.entry(key)
    assert (entry.status, entry.cause_path) == ("archived", "Hardware > a new branch")


async def test_copy_the_validation_and_the_fix(library: Library) -> None:
    entry = library.entry("cuda-device-side-assert")
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "device-side assert")
        await open_top(app, pilot)
        await pilot.press("c")
        assert app.clipboard == fill(entry.validation, entry.content().check_rule)  # its defaults filled in
        await pilot.press("f")
        assert app.clipboard == entry.fix


async def test_the_copied_check_is_the_one_x_would_run_with_the_pastes_values(library: Library) -> None:
    paste = "[Errno 98] error while attempting to bind on address ('0.0.0.0', 8765): address in use"
    async with running(library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, paste)
        view = await open_top(app, pilot)
        assert view.key == "port-already-in-use"
        await pilot.press("c")
        assert "8765" in app.clipboard and "{port}" not in app.clipboard
        await pilot.press("x")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRun) and app.screen.command == app.clipboard
        await pilot.press("n")


async def test_a_copy_says_where_it_went_or_that_kb_cannot_tell(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Copied" was shown in a tmux without clipboard support, where nothing reached a clipboard."""
    tools = tmp_path / "bin"
    tools.mkdir()
    received = tmp_path / "tmux-buffer"
    (tools / "tmux").write_text(f"#!/bin/sh\nexec /bin/cat > {received}\n")
    (tools / "tmux").chmod(0o755)
    monkeypatch.setenv("PATH", str(tools))
    for variable in ("DISPLAY", "WAYLAND_DISPLAY", "__CF_USER_TEXT_ENCODING", "WSL_DISTRO_NAME", "TMUX"):
        monkeypatch.delenv(variable, raising=False)
    entry = library.entry("cuda-device-side-assert")
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "device-side assert")
        await open_top(app, pilot)
        await pilot.press("f")
        said = [notification.message for notification in app._notifications]
        assert "kb cannot tell" in said[-1] and "Copied the fix" in said[-1]
        monkeypatch.setenv("TMUX", "/tmp/tmux-0/default,1,0")
        await pilot.press("c")
        said = [notification.message for notification in app._notifications]
        assert said[-1].endswith("to tmux's paste buffer (prefix ]).")
    assert received.read_text() == fill(entry.validation, entry.content().check_rule)


@pytest.fixture
def echo_entry(library: Library) -> str:
    content = EntryContent(
        key="echo-check", domain="logging", symptom="the echo fault", validation="echo kb-was-here"
    )
    library.save(content)
    return content.key


async def test_the_run_dialog_shows_exactly_what_would_run(library: Library) -> None:
    """Escapes in a shared entry's validation must not hide the command behind a harmless one."""
    faked = "touch /tmp/kb-faked # \x1b[2K\x1b[1G  $ nvidia-smi -L"
    library.save(EntryContent(key="faked", domain="hardware", symptom="the faked fault", validation=faked))
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the faked fault")
        await open_top(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRun)
        shown = str(app.screen.query_one("#command", Static).render())
        assert shown == "$ touch /tmp/kb-faked # \\x1b[2K\\x1b[1G  $ nvidia-smi -L"
        assert (
            str(app.screen.query_one("#command-length", Label).render()) == "(47 characters; all of it runs)"
        )
        await pilot.press("n")
        await settle(app, pilot)
    assert library.entry("faked").last_check_outcome is None


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 10)])
async def test_a_long_check_scrolls_in_the_dialog_and_its_length_and_buttons_stay_in_view(
    library: Library, size: tuple[int, int]
) -> None:
    """At 60x20 the command took half the screen and pushed the buttons below its bottom edge, and the
    line saying where it runs lost its end past the right one; at 40x10 (a split pane) the buttons
    were below the screen's edge."""
    statements = "; ".join(f"x{n} = torch.zeros({n}, {n}).sum().item()" for n in range(60))
    command = f'python -c "import torch; {statements}; print(x0)" ; touch /tmp/kb-hidden-at-the-end'
    library.save(EntryContent(key="long-check", domain="data", symptom="the long fault", validation=command))
    async with running(library, size) as (app, pilot):
        await type_query(app, pilot, "the long fault")
        await open_top(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRun)
        screen = app.screen.region
        for shown in ("#command-length", "#where-it-runs", "#cancel", "#run"):
            assert screen.contains_region(app.screen.query_one(shown).region), shown
        scroll = app.screen.query_one("#command-scroll")
        assert scroll.max_scroll_y > 0  # the rest of the command is there to scroll to
        scroll.scroll_end(animate=False)
        await settle(app, pilot)
        assert "kb-hidden-at-the-end" in str(app.screen.query_one("#command", Static).render())
        await pilot.press("n")


async def test_a_check_that_would_act_when_pasted_is_not_copied(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A backup's check of two lines, the first ending a bracketed paste: pasted into a shell, the
    second line would run with no Enter. c refuses it and says why."""
    copied: list[str] = []

    def copy(text: str, _osc: object) -> str:
        copied.append(text)
        return "somewhere"

    monkeypatch.setattr("kb.tui.clipboard.copy", copy)
    command = "nvidia-smi -L\x1b[201~\ntouch /tmp/kb-pasted"
    pasted = EntryContent(key="two-lines", domain="hardware", symptom="the pasted fault", validation=command)
    library.save(pasted, force=True)  # as a backup brings it: kb list --unvalidated names such checks
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the pasted fault")
        await open_top(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert said[-1].startswith("Not copied: the validation of two-lines holds characters a terminal")
    assert copied == []


async def test_a_checks_output_reaches_the_screen_not_the_terminal(library: Library) -> None:
    """A check whose output holds an OSC sequence (a CSV's cell, a log line) retitled the terminal from
    the Run output dialog; `kb check` prints it escaped."""
    check = "printf 'a\\033]2;CHECKTITLE\\033\\\\ done'"
    library.save(EntryContent(key="osc-output", domain="data", symptom="the osc fault", validation=check))
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the osc fault")
        await open_top(app, pilot)
        await pilot.press("x")
        await answer_yes(pilot)
        await settle(app, pilot)
        assert isinstance(app.screen, RunOutput)
        (output,) = app.screen.query("#output Static").results(Static)
        assert "\\x1b]2;CHECKTITLE" in str(output.render()) and "\x1b" not in str(output.render())


async def test_a_link_in_a_strangers_fix_shows_where_it_leads_and_opens_nothing(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`[apply](https://…)` in a teammate's fix read as kb's own advice "apply", hid its address, and a
    click handed vscode://, ssh:// or mailto: addresses to the system's browser."""
    from textual.widgets._markdown import MarkdownBlock

    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *args, **kwargs: opened.append(url))
    fix = "Run [apply](https://evil.example/x), then [ssh](ssh://evil.example) or <vscode://file/etc/passwd>."
    library.save(
        EntryContent(key="linked", domain="data", symptom="the linked fault", validation="true", fix=fix)
    )
    async with running(library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, "the linked fault")
        view = await open_top(app, pilot)
        blocks = [block._content for block in view.query(MarkdownBlock)]
        shown = " ".join(content.plain for content in blocks)
        assert "[apply](https://evil.example/x)" in shown and "<vscode://file/etc/passwd>" in shown
        assert not [span for content in blocks for span in content.spans if "link" in str(span.style)]
    assert opened == []


async def test_a_second_run_or_a_quit_waits_for_the_running_checks_verdict(
    library: Library, tmp_path: Path
) -> None:
    """A second check started while one ran cancelled the first's dialog, not its run: the first
    verdict was recorded on its entry ("last check confirmed") and never shown."""
    gate = tmp_path / "gate"
    wait = f"while [ ! -e {gate} ]; do sleep 0.05; done; echo first-done"
    library.save(EntryContent(key="gated", domain="logging", symptom="the gated fault", validation=wait))
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the gated fault")
        await open_top(app, pilot)
        await pilot.press("x")
        await answer_yes(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmRun)
        assert any("still running" in notice.message for notice in app._notifications)
        await pilot.press("escape", "q")  # quitting would leave the verdict unseen: asked first
        assert app.is_running and any("Press q again" in notice.message for notice in app._notifications)
        gate.touch()
        await settle(app, pilot)
        assert isinstance(app.screen, RunOutput) and "first-done" in app.screen.result.output


async def test_run_cancelled_at_the_confirmation(library: Library, echo_entry: str) -> None:
    async with running(library) as (app, pilot):
        await ask_to_run_the_echo_check(app, pilot)
        assert isinstance(app.screen, ConfirmRun)
        assert app.focused is not None and app.focused.id == "cancel"  # Enter does not run it
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, ConfirmRun | RunOutput)
    assert library.entry(echo_entry).last_check_outcome is None


async def test_a_yes_made_before_the_question_could_be_read_runs_nothing(
    library: Library, echo_entry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pasted log holding ESC, x, y: the terminal replays what follows an escape sequence it cannot
    read as key presses, which opened the Run dialog and answered it before anyone read it. (How long
    a question takes to read is set here, so that a loaded box cannot make the keys look slow.)"""
    monkeypatch.setattr(ConfirmRun, "ARMED_AFTER", 3600.0)
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the echo fault")
        await open_top(app, pilot)
        await pilot.press("x", "y")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRun)  # still asking
        await pilot.click("#run")
        assert isinstance(app.screen, ConfirmRun)
        monkeypatch.setattr(ConfirmRun, "ARMED_AFTER", 0.0)  # read
        await pilot.press("y")
        await settle(app, pilot)
        assert isinstance(app.screen, RunOutput)


@pytest.mark.both_backends
async def test_run_confirmed_shows_the_output_and_records_it(library: Library, echo_entry: str) -> None:
    async with running(library) as (app, pilot):
        await ask_to_run_the_echo_check(app, pilot)
        await answer_yes(pilot)
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, RunOutput)
        assert screen.result.verdict == "inconclusive"  # the entry declares no rule to read it by
        assert "kb-was-here" in screen.result.output
        await pilot.press("escape")
        await settle(app, pilot)
    entry = library.entry(echo_entry)
    assert entry.last_check_outcome == "inconclusive" and "kb-was-here" in (entry.last_check_output or "")


async def test_a_check_changed_after_the_dialog_showed_it_does_not_run(
    library: Library, echo_entry: str, tmp_path: Path
) -> None:
    """The person agreed to the command the dialog showed; a sync or another window that changes
    the check meanwhile must not get a different command run under that yes."""
    marker = tmp_path / "ran-the-other-one"
    async with running(library) as (app, pilot):
        await ask_to_run_the_echo_check(app, pilot)
        assert isinstance(app.screen, ConfirmRun)
        other = Library(library.spec)  # another process's view of the same database
        changed = other.entry(echo_entry).content().replace(validation=f"touch {marker}")
        other.save(changed, replacing=echo_entry)
        other.close()
        await answer_yes(pilot)
        await settle(app, pilot)
        assert not isinstance(app.screen, RunOutput)
        said = [notification.message for notification in app._notifications]
        assert "changed after you were shown it" in said[-1]
    assert not marker.exists() and library.entry(echo_entry).last_check_outcome is None


async def test_a_verdict_that_could_not_be_recorded_is_a_notice_that_says_so(
    library: Library, echo_entry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check ran and its verdict could not be written (a locked or read-only database): the only
    word of it was the status line, cut at 80 columns before "could not be recorded", so that it read
    as a verdict kb kept, and replaced by the next keystroke's search."""

    def locked(*args: object, **kwargs: object) -> None:
        raise KbError("the database is locked by another process")

    monkeypatch.setattr(library.store(), "record_check", locked)
    async with running(library) as (app, pilot):
        await ask_to_run_the_echo_check(app, pilot)
        await answer_yes(pilot)
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert "ran: " in said[-1] and "its verdict could not be recorded" in said[-1]
        assert "could not be recorded" not in str(app.status_bar.render())
    assert library.entry(echo_entry).last_check_outcome is None


async def test_a_notice_quoting_a_strangers_file_name_is_plain_text(library: Library) -> None:
    """A draft (or a teammate's entry file) named `[@click=app.quit]…`: the notice that quoted it read
    it as markup, turning the rest of the notice into a click that quit the app (any `app.*` action
    would run, `app.review('archive')` too), and an OSC sequence in the name retitled the terminal."""
    from textual.widgets._toast import Toast

    from kb.paths import drafts_folder

    drafts_folder().mkdir(parents=True)
    (drafts_folder() / "[@click=app.quit]Q \x1b]2;PWNED\x07.md").write_text("not an entry")
    async with running(library, (120, 30)) as (app, pilot):
        await pilot.press("escape", "p")
        await settle(app, pilot)
        shown = [Toast(notice).render() for notice in app._notifications]
        assert any("Not a readable draft: [@click=app.quit]Q \\x1b]2;PWNED\\x07.md" in str(n) for n in shown)
        assert not any(span.style and "@click" in str(span.style) for n in shown for span in n.spans)


async def test_a_check_of_a_removed_entry_is_a_notice_not_a_crash(library: Library, echo_entry: str) -> None:
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the echo fault")
        await open_top(app, pilot)
        library.store().purge(echo_entry)
        await pilot.press("x")
        await settle(app, pilot)
        assert app.is_running and not isinstance(app.screen, ConfirmRun)
        said = [notification.message for notification in app._notifications]
        assert said[-1].startswith("kb: ") and echo_entry in said[-1]


async def test_a_check_run_elsewhere_is_no_verdict_on_the_paste(library: Library, echo_entry: str) -> None:
    """Only the checks of the faults that raise the pasted message count for it: a confirmed check
    of an entry opened from the tree is not "the cause" of the search."""
    library.save(
        EntryContent(
            key="echo-confirms",
            domain="logging",
            symptom="the confirming fault",
            validation="echo fault: here",
            check_rule=library.entry("cuda-device-side-assert")
            .content()
            .check_rule._replace(confirms="output", pattern="^fault:", rules_out="", inputs=(), needs=()),
        )
    )
    async with running(library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, "RuntimeError: CUDA error: device-side assert triggered")
        assert app.found is not None and len(app.found.one_of) > 1
        await pilot.press("escape")
        app.open_entry("echo-confirms", "search-tab")
        await settle(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        await answer_yes(pilot)
        await settle(app, pilot)
        assert isinstance(app.screen, RunOutput) and app.screen.result.verdict == "confirmed"
        await pilot.press("escape")
        await settle(app, pilot)
        assert "Confirmed" not in app.describe_found()


async def test_the_status_says_the_search_reads_this_knowledge_base_alone(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """kb search reads a team's layer too; the TUI's search does not, and must not let "nothing
    matches" read as an answer about the team's knowledge."""
    config = tmp_path / "config.toml"
    config.write_text(f'[[layer]]\nname = "team"\ndatabase = "{tmp_path / "team.db"}"\n', encoding="utf-8")
    monkeypatch.setenv("KB_CONFIG", str(config))
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "flux capacitor overheated at 88 mph")
        assert app.describe_found().endswith("(here only; kb search also reads team)")
    monkeypatch.delenv("KB_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "none"))
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "flux capacitor overheated at 88 mph")
        assert "kb search also reads" not in app.describe_found()


async def test_the_verdict_wraps_rather_than_leave_the_screen_after_a_long_key(library: Library) -> None:
    key = "a-fault-whose-key-is-long-enough-to-fill-most-of-the-dialogs-first-line"
    library.save(
        EntryContent(key=key, domain="logging", symptom="the long-keyed fault", validation="echo hi")
    )
    async with running(library) as (app, pilot):
        await type_query(app, pilot, "the long-keyed fault")
        await open_top(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        await answer_yes(pilot)
        await settle(app, pilot)
        assert isinstance(app.screen, RunOutput)
        outcome = app.screen.query_one("#outcome", Static)
        assert app.screen.region.contains_region(outcome.region) and outcome.region.height > 1
        await pilot.press("escape")


async def test_an_entry_another_process_added_is_counted_and_listed_at_the_next_search(
    library: Library,
) -> None:
    async with running(library, (120, 40)) as (app, pilot):
        active = library.counts().by_status["active"]
        assert str(app.status_bar.render()).startswith(f"{active} entries")
        other = Library(library.spec)  # `kb add` in another shell, on the same database
        other.save(
            EntryContent(
                key="added-elsewhere", domain="data", symptom="the fault added elsewhere", validation="true"
            )
        )
        other.close()
        await type_query(app, pilot, "x")
        await type_query(app, pilot, "")  # back to browsing every entry
        await settle(app, pilot)
        assert str(app.status_bar.render()).startswith(f"{active + 1} entries")
        assert app.found is not None and "added-elsewhere" in {row.key for row in app.found.rows}


async def test_help_opens_and_q_quits(library: Library) -> None:
    async with running(library) as (app, pilot):
        await pilot.press("escape", "question_mark")
        assert isinstance(app.screen, Help)
        await pilot.press("escape")
        assert not isinstance(app.screen, Help)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_typing_q_in_the_search_box_searches_for_it(library: Library) -> None:
    async with running(library) as (app, pilot):
        await pilot.press("q")
        await settle(app, pilot)
        assert app.is_running and app.query_one("#query", Input).value == "q"


async def test_no_color_is_respected(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert KbApp(library).no_color
    monkeypatch.delenv("NO_COLOR")
    assert not KbApp(library).no_color


@pytest.mark.new_database
@pytest.mark.both_backends
async def test_the_first_use_creates_and_seeds_the_database(kb_db: str) -> None:
    app = KbApp(Library(kb_db))
    async with app.run_test() as pilot:
        await settle(app, pilot)
        assert app.found is not None and len(app.found.rows) > 50


def test_kb_tui_needs_a_terminal(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["tui"])
    assert result.exit_code == 1
    assert "kb tui needs a terminal" in result.output


async def test_a_database_that_cannot_open_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    async with running(Library(str(blocker / "kb.db"))) as (app, _pilot):
        status = str(app.query_one("#status").render())
        assert status.startswith("kb: ") and app.is_running


async def test_the_mouse_switches_tabs_and_opens_results(library: Library) -> None:
    async with running(library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, "device-side assert")
        await pilot.click("#results", offset=(10, 2))  # the second row, below the header
        await settle(app, pilot)
        assert app.query_one("#search-entry", EntryView).key == app.found.rows[1].key  # type: ignore[union-attr]
        await pilot.click("#--content-tab-tree-tab")
        await settle(app, pilot)
        assert app.query_one("#tabs", TabbedContent).active == "tree-tab"
        assert app.query_one("#forest", Tree).root.children


async def test_results_arriving_under_a_dialog_land_in_the_main_screen(library: Library) -> None:
    async with running(library) as (app, pilot):
        form = await add_form(app, pilot)
        app.search("nccl timeout")
        app.refresh_counts()
        await settle(app, pilot)
        assert app.screen is form and app.is_running
        assert app.found is not None and app.found.query == "nccl timeout"
        assert app.query_one("#search-entry", EntryView) is not None


@pytest.mark.both_backends
async def test_review_edit_saves_and_counts_as_reviewed(due_library: Library) -> None:
    async with running(due_library, (120, 40)) as (app, pilot):
        key, form = await review_edit_form(app, pilot)
        form.query_one("#tags", Input).value = "reviewed-in-the-tui"
        current = due_library.entry(key).content()
        due_library.store().update(key, current.replace(root_cause="found by a teammate"))  # meanwhile
        heard = len(app._notifications)
        await pilot.press("ctrl+s")
        said = await news(app, pilot, heard)
        assert app.screen is not form
        assert said[-1] == f"edited and kept {key} (with the change someone made meanwhile)"
    entry = due_library.entry(key)
    assert entry.tags == ["reviewed-in-the-tui"] and entry.reviewed is not None
    assert entry.root_cause == "found by a teammate"


async def test_add_warns_of_a_known_fault_before_adding_a_copy(library: Library) -> None:
    known = library.entry("cuda-device-side-assert")
    async with running(library, (100, 40)) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = known.symptom
        form.query_one("#validation", Input).value = "nvidia-smi"
        form.query_one("#domain", Select).value = "data"
        form.query_one("#key", Input).value = "my-device-assert"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is form
        assert known.key in str(form.query_one("#symptom-error", Label).render())
        await pilot.press("ctrl+s")  # Save again: add it anyway
        await settle(app, pilot)
        assert app.screen is not form
    assert library.entry("my-device-assert").symptom == known.symptom


async def test_a_fault_added_elsewhere_while_the_form_saves_is_not_added_twice(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The form looked for a known fault when Save was pressed, on the screen's own thread, and a
    `kb add` of the same fault landing before the form's write was added twice. The form's worker
    looks once the write's turn came, as `kb add` does, and the form asks as it would have."""
    symptom = "OSError: the frobnicator stalled on shard 7"
    theirs = EntryContent(key="stalled-frobnicator", domain="data", symptom=symptom, validation="nvidia-smi")
    saving = library.save

    def theirs_lands_first(content: EntryContent, **how: Any) -> Any:
        if library.store().find(theirs.key) is None:
            library.store().add(theirs)  # another terminal's kb add, while the form's save waits its turn
        return saving(content, **how)

    monkeypatch.setattr(library, "save", theirs_lands_first)
    async with running(library, (100, 40)) as (app, pilot):
        form = await a_filled_add_form(app, pilot, symptom)
        form.query_one("#key", Input).value = "my-frobnicator"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is form
        said = str(form.query_one("#symptom-error", Label).render())
        assert "looks like the existing entry stalled-frobnicator; Save again" in said
        assert library.store().find("my-frobnicator") is None
        await pilot.press("ctrl+s")  # Save again: add it anyway
        await settle(app, pilot)
        assert app.screen is not form
    assert library.entry("my-frobnicator").symptom == symptom


async def test_saving_the_form_reads_the_knowledge_base_off_the_screens_thread(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Looking for a known fault, making a key from the symptom and reading how the saved entry stands
    read the knowledge base: on a team's server a round trip each, and the screen stood still for
    them. They happen in workers now; the key is the next free one when the entry is written."""
    import threading

    import kb.search.duplicates as duplicates
    from kb.store.entry_store import EntryStore

    screen = threading.current_thread()
    on_the_screen: list[str] = []

    def watched(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is screen:
                on_the_screen.append(name)
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(duplicates, "find_duplicate", watched("find_duplicate", duplicates.find_duplicate))
    monkeypatch.setattr(EntryStore, "unique_key", watched("unique_key", EntryStore.unique_key))
    monkeypatch.setattr(library, "entry", watched("entry", library.entry))  # how the saved entry stands
    async with running(library, (100, 40)) as (app, pilot):
        form = await a_filled_add_form(app, pilot, "OSError: the quux spooler lost its lease")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is not form
    assert on_the_screen == []
    assert library.entry("oserror-quux-spooler-lost-its-lease").symptom.endswith("lost its lease")


async def test_each_key_means_one_thing_on_every_tab(library: Library) -> None:
    """`s` did not open the Search tab from another tab; `a` was Add on one tab and Archive on another."""
    async with running(library) as (app, pilot):
        for tab_key, tab in (
            ("t", "tree-tab"),
            ("s", "search-tab"),
            ("r", "review-tab"),
            ("s", "search-tab"),
        ):
            await pilot.press("escape", tab_key)
            await settle(app, pilot)
            assert app.tabs.active == tab, tab_key
        await pilot.press("r", "a")
        await settle(app, pilot)
        assert isinstance(app.screen, EntryForm)  # Add, on the Review tab too


async def test_esc_then_q_quits_from_the_results(library: Library) -> None:
    """Esc toggled between the box and the results, so Esc then q typed "q" into the query."""
    async with running(library) as (app, pilot):
        await pilot.press("escape")  # the box → the results
        await pilot.press("escape")  # stays in the results
        assert app.focused is app.results
        await pilot.press("q")
        await pilot.pause()
        assert app.query_one("#query", Input).value == "" and not app.is_running


async def test_cancelling_a_form_with_typed_text_asks_first(library: Library) -> None:
    async with running(library) as (app, pilot):
        form = await add_form(app, pilot)
        await pilot.press("escape")  # nothing typed: closes at once
        await settle(app, pilot)
        assert not isinstance(app.screen, EntryForm)
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = "OSError: the frobnicator went away"
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is form and "Cancel (Esc) again to discard" in str(
            form.query_one("#form-error", Label).render()
        )
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, EntryForm)


async def test_ctrl_q_over_a_form_with_typed_text_asks_first(library: Library) -> None:
    """Ctrl+Q, which works everywhere, quit at once and threw a half-written entry away, where Esc
    asked first."""
    async with running(library) as (app, pilot):
        form = await add_form(app, pilot)
        form.query_one("#symptom", Input).value = "OSError: the frobnicator went away"
        await pilot.press("ctrl+q")
        await settle(app, pilot)
        assert app.is_running and app.screen is form
        assert "Ctrl+Q again to quit and discard it" in str(form.query_one("#form-error", Label).render())
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_at_80_by_24_the_symptom_has_room_and_the_validation_is_whole(library: Library) -> None:
    """The key column took ~56 of 80 columns and the symptom two characters; validations were clipped."""
    async with running(library, (80, 24)) as (app, pilot):
        await type_query(app, pilot, "device-side assert triggered")
        await settle(app, pilot)
        widths = {str(column.label): column.width for column in app.results.columns.values()}
        assert widths["key"] <= 32 and widths["symptom"] >= 30
        view = app.query_one("#search-entry", EntryView)
        markdown = view.query_one(Markdown)
        assert "> $ (CUDA\\_LAUNCH\\_BLOCKING=1 python {script} 2&gt;&amp;1;" in markdown.source
        assert "```" not in markdown.source


async def test_merging_a_likely_duplicate_offers_the_entry_it_duplicates(
    kb_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The merge dialog opened empty, though the review had just said which entry it duplicates."""
    now = [datetime.now(UTC)]
    monkeypatch.setattr("kb.clock.utc_now", lambda: now[0])
    due_library = Library(kb_db)
    content = due_library.entry("cuda-device-side-assert").content()
    due_library.save(content.replace(key="typed-again", cause_path="", fix="rerun"), force=True)
    now[0] += timedelta(days=60)
    async with running(due_library, (80, 24)) as (app, pilot):
        await pilot.press("escape", "r")
        await settle(app, pilot)
        assert app.due_items["typed-again"].duplicate_of is not None
        app.review_pane.query_one(DataTable).move_cursor(row=list(app.due_items).index("typed-again"))
        await settle(app, pilot)
        await pilot.press("m")
        await settle(app, pilot)
        assert isinstance(app.screen, MergeInto)
        assert app.screen.query_one("#target", Input).value == app.due_items["typed-again"].duplicate_of
    due_library.close()


async def test_a_pasted_port_is_the_one_checked_and_the_verdict_is_shown(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The paste names port N, a server holds N: x shows the check for N, y confirms the cause."""
    import os
    import socket
    import sys

    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "python").symlink_to(sys.executable)  # the seed checks call `python`
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    with socket.socket() as server:
        server.bind(("0.0.0.0", 0))
        server.listen()
        port = server.getsockname()[1]
        paste = f"[Errno 98] error while attempting to bind on address ('0.0.0.0', {port}): address in use"
        async with running(library, (120, 40)) as (app, pilot):
            await type_query(app, pilot, paste)
            view = await open_top(app, pilot)
            assert view.key == "port-already-in-use"
            await pilot.press("x")
            await settle(app, pilot)
            dialog = app.screen
            assert isinstance(dialog, ConfirmRun) and f"('0.0.0.0', {port})" in dialog.command
            assert "8000" not in dialog.command
            await answer_yes(pilot)
            await settle(app, pilot)
            shown = app.screen
            assert isinstance(shown, RunOutput) and shown.result.verdict == "confirmed"
    assert library.entry("port-already-in-use").last_check_outcome == "confirmed"


async def test_when_a_message_has_several_causes_the_checks_name_the_one_left(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared message: x on two of its entries rules their causes out, and the status names the third."""
    from kb.verify.runner import CheckResult

    def ruled_out(
        key: str, values: dict[str, str] | None = None, timeout: float = 60.0, agreed: str | None = None
    ) -> CheckResult:
        started = datetime.now(UTC)
        return CheckResult(
            f"check {key}", "shell", "exited", 0, "ok: not it\n", 0.1, started, "ruled out", ""
        )

    monkeypatch.setattr(library, "check", ruled_out)
    async with running(library, (120, 40)) as (app, pilot):
        await type_query(app, pilot, "RuntimeError: CUDA error: device-side assert triggered")
        assert app.found is not None and len(app.found.one_of) == 3
        first, second, third = app.found.one_of
        assert "each of their checks gives a verdict on its own cause" in app.describe_found()
        for key in (first, third):
            await pilot.press("escape")  # out of the search box, as after picking a row
            app.open_entry(key, "search-tab")
            await settle(app, pilot)
            await pilot.press("x")
            await settle(app, pilot)
            await answer_yes(pilot)
            await settle(app, pilot)
            await pilot.press("escape")
            await settle(app, pilot)
        assert app.describe_found().endswith(
            f"the one left is {second}; its check is the next to run (kb check {second})."
        )


SYNCED_KEY = "cuda-device-side-assert"


def conflict_in_folder(library: Library, folder: Path, ours: dict[str, str], theirs: dict[str, str]) -> Path:
    """FOLDER synced with the seed SYNCED_KEY (tuned first, so that it goes to the folder), then that
    entry changed in kb to OURS and in its file to THEIRS, and a sync that shows the conflict.
    Returns the entry's file."""
    from kb.entry.file import render_entry_file
    from kb.exchange.folder_sync import sync_folder

    store = library.store()
    content = store.get(SYNCED_KEY).content()
    store.update(SYNCED_KEY, content.replace(fix="tuned here"))
    folder.mkdir()
    sync_folder(store, folder)  # the tuned seed goes to the folder
    store.update(SYNCED_KEY, content.replace(**ours))
    entry_file = folder / "data" / f"{SYNCED_KEY}.md"
    entry_file.write_text(render_entry_file(content.replace(**theirs)))
    assert sync_folder(store, folder).conflicts
    return entry_file


@pytest.mark.both_backends
async def test_a_sync_conflict_is_settled_field_by_field(library: Library, tmp_path: Path) -> None:
    """The TUI's answer to a conflict: kb's value or the folder's, for each field both changed."""
    from kb.entry.file import render_entry_file
    from kb.exchange.folder_sync import sync_folder

    store, key, folder = library.store(), SYNCED_KEY, tmp_path / "team"
    ours = {"fix": "kb's fix", "root_cause": "kb's cause"}
    entry_file = conflict_in_folder(
        library, folder, ours, {"fix": "the folder's fix", "root_cause": "its cause"}
    )
    assert [s.conflicts for s in sync_folder(store, folder, dry_run=True).conflicts] == [
        ("fix", "root_cause")
    ]
    teammate = EntryContent(
        key="teammates-fault", domain="data", symptom="the teammate's fault", fix="theirs"
    )
    (folder / "data" / "teammates-fault.md").write_text(render_entry_file(teammate))
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "o")
        await settle(app, pilot)
        assert isinstance(app.screen, SettleConflict)
        app.screen.query_one("#pick-fix", RadioSet).query(RadioButton).last().value = True
        await pilot.click("#settle")
        await settle(app, pilot)
        assert not isinstance(app.screen, SettleConflict)
        said = [str(notification.message) for notification in app._notifications]
        assert said[-1].endswith("The same sync also: added to kb teammates-fault.")
    settled = store.get(key)
    assert (settled.fix, settled.root_cause) == ("the folder's fix", "kb's cause")
    assert "kb's cause" in entry_file.read_text()
    assert [c.action for c in store.history(key)][-1] == "kept-aside"


async def test_a_conflict_in_a_project_folder_changed_since_trusted_is_not_settled(
    library: Library, tmp_path: Path
) -> None:
    """Settling syncs the whole folder, as kb sync does: a project's .kb/ that a pull changed since
    the person trusted it is refused, as kb sync refuses it, and its new entry stays out of kb."""
    from kb.entry.file import render_entry_file
    from kb.layers.trust import set_trust

    folder = tmp_path / "project" / ".kb"
    folder.parent.mkdir()
    conflict_in_folder(library, folder, {"fix": "kb's fix"}, {"fix": "the folder's fix"})
    set_trust(str(folder), True)
    stranger = EntryContent(
        key="strangers-fault", domain="data", symptom="KeyError: 'lr'", fix="theirs",
        validation="echo pulled",
    )  # fmt: skip
    (folder / "data" / "strangers-fault.md").write_text(render_entry_file(stranger))
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "o")
        await settle(app, pilot)
        assert isinstance(app.screen, SettleConflict)
        app.screen.query_one("#pick-fix", RadioSet).query(RadioButton).last().value = True
        await pilot.click("#settle")
        await settle(app, pilot)
        said = [str(notification.message) for notification in app._notifications]
        assert "changed since you trusted it" in said[-1] and "kb trust" in said[-1]
    store = library.store()
    assert store.get(SYNCED_KEY).fix == "kb's fix"
    assert store.find("strangers-fault") is None


async def test_a_folder_value_changed_while_the_dialog_was_open_is_not_taken(
    library: Library, tmp_path: Path
) -> None:
    """The person picked the folder's fix as the dialog showed it; a pull that changed the file
    before Settle would have kept a fix no one saw: the conflict stays, and the notice says why."""
    from kb.entry.file import render_entry_file

    store, key = library.store(), SYNCED_KEY
    content = store.get(key).content()
    entry_file = conflict_in_folder(
        library, tmp_path / "team", {"fix": "kb's fix"}, {"fix": "the folder's fix"}
    )
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "o")
        await settle(app, pilot)
        assert isinstance(app.screen, SettleConflict)
        app.screen.query_one("#pick-fix", RadioSet).query(RadioButton).last().value = True
        entry_file.write_text(render_entry_file(content.replace(fix="pulled after the dialog opened")))
        await pilot.click("#settle")
        await settle(app, pilot)
        said = [notification.message for notification in app._notifications]
        assert said[-1].startswith(f"{key}: the folder's version changed since the conflict was shown")
    assert store.get(key).fix == "kb's fix"
    assert "pulled after the dialog opened" in entry_file.read_text()


async def test_a_conflict_in_a_moved_checkout_is_not_called_none(library: Library, tmp_path: Path) -> None:
    folder = tmp_path / "team"
    conflict_in_folder(library, folder, {"fix": "kb's fix"}, {"fix": "the folder's fix"})
    folder.rename(tmp_path / "moved")
    async with running(library, (120, 40)) as (app, pilot):
        await pilot.press("escape", "o")
        await settle(app, pilot)
        said = [str(notification.message) for notification in app._notifications]
        assert said[-1].startswith("No sync conflict is open in the folders kb can find;")
        assert f"{folder} is gone (moved?)" in said[-1]


async def test_a_draft_an_agent_proposed_opens_filled_in_and_save_adds_it(library: Library) -> None:
    from kb.paths import drafts_folder
    from kb.verify.triage import save_triage_draft

    kept = save_triage_draft(
        AGENTS_DRAFT.replace(key="kept-for-later", symptom="OSError: later"), kind="agent"
    )
    draft = save_triage_draft(AGENTS_DRAFT, kind="agent")
    async with running(library, (100, 40)) as (app, pilot):
        await pilot.press("escape", "p")
        await settle(app, pilot)
        form = app.screen
        assert isinstance(form, EntryForm)  # the newest first
        assert form.query_one("#symptom", Input).value == AGENTS_DRAFT.symptom
        assert form.query_one("#key", Input).value == "quux-rejects-zorblax"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, EntryForm)  # the next draft
        assert app.screen.query_one("#symptom", Input).value == "OSError: later"
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, EntryForm)
    assert library.entry("quux-rejects-zorblax").fix == "Upgrade quux to 2.0."
    assert not draft.exists() and kept.exists()
    assert sorted(p.name for p in drafts_folder().glob("*.md")) == [kept.name]


async def test_an_edit_kept_as_a_draft_opens_as_that_edit_saying_what_save_replaces(library: Library) -> None:
    """`kb edit` keeps an edit the store refused (a teammate saved the entry meanwhile) as a draft:
    it opened as a new entry, whose Save could only say the key was taken."""
    from kb.capture.editor import save_draft
    from kb.entry.file import render_entry_file
    from kb.paths import drafts_folder

    before = EntryContent(
        key="quux-rejects-zorblax",
        domain="deployment",
        symptom="ValueError: the quux frobnicator rejected the zorblax handle",
        validation="python -c \"import sys; print('ok: ' + sys.version)\"",
        fix="Restart quux.",
        tags=("quux",),
    )
    library.save(before)
    before = library.entry(before.key).content()
    library.save(before.replace(tags=("quux", "theirs")), replacing=before.key, started_from=before)
    draft = save_draft(render_entry_file(before.replace(fix="Upgrade quux to 2.0.")), before.key)
    async with running(library, (160, 40)) as (app, pilot):
        await pilot.press("escape", "p")
        await settle(app, pilot)
        form = app.screen
        assert isinstance(form, EntryForm)
        title = str(form.query_one(".dialog-title", Label).render())
        assert f"({draft.name}): your unsaved edit of quux-rejects-zorblax;" in title
        assert "Save replaces its fix, tags as they are now with the draft's" in title
        assert form.query_one("#fix", TextArea).text == "Upgrade quux to 2.0."
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert not isinstance(app.screen, EntryForm)
    saved = library.entry("quux-rejects-zorblax")
    assert (saved.fix, saved.tags) == ("Upgrade quux to 2.0.", ["quux"])
    assert not list(drafts_folder().glob("*.md"))


async def test_a_triage_draft_that_places_no_domain_opens_asking_for_one(library: Library) -> None:
    from kb.verify.triage import save_triage_draft

    unplaced = EntryContent(key="keyerror-zorblax", domain="", symptom="KeyError: 'zorblax'", fix="x")
    save_triage_draft(unplaced)
    async with running(library, (100, 40)) as (app, pilot):
        await pilot.press("escape", "p")
        await settle(app, pilot)
        form = app.screen
        assert isinstance(form, EntryForm) and form.query_one("#domain", Select).is_blank()
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert "choose the fault domain" in str(form.query_one("#domain-error", Label).render())
    assert library.store().find("keyerror-zorblax") is None


async def test_with_no_draft_waiting_p_says_so(library: Library) -> None:
    async with running(library) as (app, pilot):
        await pilot.press("escape", "p")
        await settle(app, pilot)
        assert not isinstance(app.screen, EntryForm)
        assert any("No drafts waiting" in str(n.message) for n in app._notifications)


async def test_a_code_block_that_names_no_language_is_shown_as_plain_text(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual guessed a language for such a block by trying every Pygments lexer on it: a quarter of
    a second the first time an entry opened, and a traceback coloured as whatever lexer won."""
    guessed: list[str] = []
    monkeypatch.setattr("pygments.lexers.guess_lexer", lambda code, **_: guessed.append(code))
    content = library.entry("cuda-device-side-assert").content()
    library.save(
        content.replace(key="traceback-symptom", symptom=TRACEBACK, fix="Run:\n\n```\nmake clean\n```\n"),
        force=True,
    )
    async with running(library, (120, 40)) as (app, pilot):
        view = app.query_one("#search-entry", EntryView)
        view.show(library.entry("traceback-symptom"))
        await settle(app, pilot)
        fences = list(view.query(MarkdownFence))
        assert [fence.code for fence in fences] == [TRACEBACK.rstrip(), "make clean"]
        assert "IndexError: Target 5 is out of bounds." in str(fences[0].query_one(Label).render())
        assert guessed == []


async def test_the_store_is_let_go_only_once_a_load_still_running_as_the_app_quits_ends() -> None:
    """The app closed the store's connection as it quit while a thread worker it had cancelled was
    still inside a PostgreSQL query: that thread waited forever on a socket nobody answered, and the
    test run with it (a CI run hung at 98%)."""
    import threading
    import time

    from textual.app import App

    from kb.tui.threads import in_thread, when_idle

    finished, closed = threading.Event(), []

    def slow_read() -> None:
        time.sleep(0.3)
        finished.set()

    class Quitting(App[None]):
        def on_mount(self) -> None:
            in_thread(self, "slow", slow_read, lambda _: None, lambda _: None)

        def on_unmount(self) -> None:
            when_idle(self, lambda: closed.append(finished.is_set()))

    async with Quitting().run_test() as pilot:
        await pilot.pause(0.05)
    for _ in range(100):
        if closed:
            break
        time.sleep(0.02)
    assert closed == [True]
