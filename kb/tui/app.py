"""`kb tui`: the knowledge base in one screen, calling the same core as the CLI (kb.tui.library).

Everything that touches the database and could take longer than a frame runs in a thread worker:
searching (a newer keystroke cancels the older search, and a cancelled search's results are
dropped), browsing, the trees, the review list, running a validation and every write (a review
decision, a settled conflict, a form's save), which may wait on a database another process holds
locked. The main thread only paints and handles keys.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Header, Input, Select, Static, TabbedContent, TabPane, Tree

from kb.entry.visible import plural, visible
from kb.errors import KbError, failure_text
from kb.tui.form import EntryForm
from kb.tui.library import RESULT_LIMIT, Found, Library
from kb.tui.panes import NARROW, SHOWN_ROWS, EntryView, ReviewPane, SearchPane, TreePane, query_text
from kb.tui.screens import SHORT, TINY, ConfirmRun, Help, MergeInto, RunOutput, SettleConflict
from kb.tui.threads import in_thread, when_idle
from kb.upkeep.fault_tree import recurring_branches

if TYPE_CHECKING:  # the store is imported off the first frame
    from textual.notifications import SeverityLevel

    from kb.exchange.folder_sync import Side, SyncReport, SyncStep
    from kb.store.record import Entry
    from kb.upkeep.fault_tree import Branch
    from kb.upkeep.review import ReviewItem
    from kb.verify.runner import CheckResult
    from kb.verify.triage import Draft

#: The entry pane waits until typing pauses this long (seconds). Drawing an entry costs more than a
#: search, and drawn while the next search runs it doubled the slowest keystrokes at 10,000 entries
#: (90th percentile 80-90 ms against 37-47 ms), for an entry nobody had time to read.
OPEN_DELAY = 0.3
#: Each search makes tens of thousands of short-lived tuples, and Textual keeps hundreds of thousands
#: of long-lived objects (its render caches). With Python's default thresholds a full collection,
#: rescanning all of them, ran every two or three keystrokes and took ~0.2 s at 10,000 entries;
#: these make full collections rare. What exists at the first frame is frozen out of them entirely.
COLLECTOR_THRESHOLDS = (50_000, 20, 100)
#: How often (seconds) the screen looks whether another process wrote: a teammate on the team's
#: database, a sync, `kb add` in another terminal. The counts and the entries open in the panes then
#: follow (one small query, the store's version, when nothing changed).
FOLLOW_EVERY = 5.0
#: How long (seconds) the notice of a check that failed stays: it may be the only place its verdict
#: is said (CheckNotRecorded), and it is a long line to read.
RUN_FAILED_SHOWN_FOR = 30.0
T = TypeVar("T")
#: Each tab's entry view, which the actions (copy, run, edit) act on.
ENTRY_VIEWS = {"search-tab": "#search-entry", "tree-tab": "#tree-entry", "review-tab": "#review-entry"}


def also_synced(report: SyncReport, settled: str) -> str:
    """What the sync that settled SETTLED did to other entries (a settle syncs the whole folder):
    " The same sync also: added to kb widget-teammate, …", or ""."""
    from kb.exchange.folder_sync import ACTIONS

    others = [s for s in report.steps if s.key != settled and s.action not in ("conflict", "agreed")]
    if not others:
        return ""
    named = ", ".join(f"{ACTIONS[s.action]} {s.key}" for s in others[:3])
    more = f" and {len(others) - 3} more (kb sync {report.folder} --dry-run)" if len(others) > 3 else ""
    return f" The same sync also: {named}{more}."


def failure_line(exc: KbError | OSError) -> str:
    """A failure as the status bar and notices show it: one line, nothing in it acting on the terminal."""
    return f"kb: {visible(failure_text(exc))}"


class KbApp(App[None]):
    TITLE = "kb"
    CSS_PATH = Path(__file__).with_name("kb.tcss")  # absolute, so that subclasses elsewhere find it
    BINDINGS = [
        Binding("slash", "focus_search", "Search", key_display="/"),
        Binding("s", "show_tab('search-tab')", "Search", show=False),
        Binding("t", "show_tab('tree-tab')", "Tree"),
        Binding("r", "show_tab('review-tab')", "Review"),
        Binding("c", "copy('validation')", "Copy check"),
        Binding("f", "copy('fix')", "Copy fix"),
        Binding("x", "run_check", "Run check"),
        Binding("a", "add", "Add"),
        Binding("e", "edit", "Edit"),
        Binding("o", "conflicts", "Conflicts", show=False),
        Binding("p", "drafts", "Drafts", show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self, library: Library, open_delay: float = OPEN_DELAY, follow_every: float = FOLLOW_EVERY
    ) -> None:
        super().__init__()
        self.library = library
        self.open_delay = open_delay
        self.follow_every = follow_every
        #: How many times results were shown: lets tests and the benchmark wait for a search.
        self.results_shown = 0
        self.found: Found | None = None
        #: The verdicts of the checks run for the paste in the search box, by entry key: when its
        #: message is one several faults raise, they name the cause (kb.verify.triage.cause_of).
        self.verdicts: dict[str, str] = {}
        #: The entries due, by key, as the Review tab last showed them.
        self.due_items: dict[str, ReviewItem] = {}
        self._counts = ""
        #: What the Tree and Review tabs say of their lists, as each last showed it (describe_tab).
        self._tab_said: dict[str, str] = {}
        self._pending_open: Timer | None = None
        #: The entry the search tab was last asked to open (kept until another is).
        self._opened_in_search: str | None = None
        self._collector = gc.get_threshold()
        #: The store's version when the entries were last counted (EntryStore.version).
        self._counted_at: tuple[int, str] | None = None
        #: The layers kb search reads and this search does not (Library.unsearched_layers).
        self.unsearched: list[str] = []
        #: A write (a review decision, a settled conflict, a form's save) is under way (App.write).
        self.writing = False
        #: The entry whose validation is running: one at a time (_run_check).
        self.checking: str | None = None
        self._quit_while_checking = False
        #: q was pressed while a write waited: quit once it lands (a failure is shown, and kb stays).
        self._quit_when_written = False
        #: Per tab, the entry last asked to open there and the row its list highlighted then.
        self._asked: dict[str, tuple[str | None, str | None]] = {}

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notice, read as plain text: what it quotes (a teammate's file name, a draft's line, an
        error about either) is a stranger's text, and Textual reads `[@click=app.quit]` in a notice's
        markup as an action to run."""
        super().notify(
            visible(message), title=visible(title), severity=severity, timeout=timeout, markup=markup
        )

    def compose(self) -> ComposeResult:
        self._fit_layout_to_size()  # before any widget is styled: the first resize then changes nothing
        yield Header()
        with TabbedContent(id="tabs"):
            with TabPane("Search", id="search-tab"):
                yield SearchPane()
            with TabPane("Tree", id="tree-tab"):
                yield TreePane()
            with TabPane("Review", id="review-tab"):
                yield ReviewPane()
        yield Static("opening the knowledge base…", id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.library.location.display()
        # Kept, not queried later: a query runs against the screen on top, which may be a dialog,
        # and a worker's result can arrive while one is open or while the app is closing.
        self.query_box = self.query_one("#query", Input)
        self.domain_filter = self.query_one("#domain-filter", Select)
        self.results = self.query_one("#results", DataTable)
        self.search_pane = self.query_one(SearchPane)
        self.tree_pane = self.query_one(TreePane)
        self.review_pane = self.query_one(ReviewPane)
        self.tabs = self.query_one(TabbedContent)
        self.status_bar = self.query_one("#status", Static)
        self.views = {tab: self.query_one(selector, EntryView) for tab, selector in ENTRY_VIEWS.items()}
        self.query_box.focus()

    def on_ready(self) -> None:
        """After the first frame: opening the store (and, the first time, seeding it) takes a while."""
        self._collector = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
        self.search(self.current_query())
        self.refresh_counts()
        self.fetch("layers", self.library.unsearched_layers, self._show_unsearched)
        self.set_interval(self.follow_every, self._follow_others)

    def _follow_others(self) -> None:
        """When another process wrote since the last count, count again and read the entries open in
        the panes again: one a teammate archived shows as archived, one purged is no longer shown.
        Skipped while work is under way (the next tick looks again); a search's list follows at the
        next keystroke."""
        counted_at = self._counted_at
        if counted_at is None or any(worker.is_running for worker in self.workers):
            return
        self.fetch("follow", lambda: self.library.version() != counted_at, self._followed)

    def _followed(self, changed: bool) -> None:
        if not changed:
            return
        self.refresh_counts(only_if_changed=True)
        self._read_open_entries_again(self.views)
        self._read_tab_list_again()

    def _read_tab_list_again(self) -> None:
        """Read the list of the tab in front again, the Review tab's due entries or the Tree tab's
        counts, as a change it did not make leaves it (another window's keep, an add): its numbers
        said 3 due while the status line said 2. The Search tab's follows at the next keystroke."""
        if self.tabs.active == "review-tab":
            self._load_due()
        elif self.tabs.active == "tree-tab":
            self._load_forest()

    def _read_open_entries_again(self, tabs: Iterable[str]) -> None:
        """Read the entries open in TABS' panes again, as they are now (another process, or a review
        decision, may have changed, archived or removed them). Its own group, not the one an opening
        uses: a newer opening must not be cancelled by it, and wins over it (_reshow)."""
        for tab in tabs:
            pane = self.views[tab]
            if pane.entry is not None:
                key = pane.entry.key
                read = functools.partial(self._still_there, key)
                self.fetch(f"again {tab}", read, functools.partial(self._reshow, pane, key))

    def _reshow(self, pane: EntryView, key: str, entry: Entry | None) -> None:
        """Show ENTRY, KEY as it is now, in PANE, if PANE still shows KEY and ENTRY differs (an
        unchanged entry is not drawn again: the pane keeps its scroll)."""
        shown = pane.entry
        if shown is None or shown.key != key:
            return  # the pane moved on meanwhile
        if entry is None or (entry.content(), entry.status) != (shown.content(), shown.status):
            pane.show(entry)

    def _show_unsearched(self, names: list[str]) -> None:
        self.unsearched = names
        if names and self.found is not None:  # a status the search has not written yet stays as it is
            self.set_status()

    def on_resize(self) -> None:
        self._fit_layout_to_size()

    def _fit_layout_to_size(self) -> None:
        """The layout classes (-narrow, -short, -tiny) for the terminal's size, on the app, where
        dialogs that come and go see them too. Each change restyles every widget: all change at once."""
        narrow, short, tiny = self.size.width < NARROW, self.size.height < SHORT, self.size.height < TINY
        if (self.has_class("-narrow"), self.has_class("-short"), self.has_class("-tiny")) != (
            narrow,
            short,
            tiny,
        ):
            self.set_class(narrow, "-narrow", update=False)
            self.set_class(short, "-short", update=False)
            self.set_class(tiny, "-tiny", update=False)
            self.update_node_styles()

    def on_unmount(self) -> None:
        # A read, a write or a check's verdict still under way uses the store: closing its
        # connection under it crashed kb (SQLite) or left the thread waiting forever (PostgreSQL).
        # The last of them closes it as it ends.
        when_idle(self, self.library.close)
        gc.set_threshold(*self._collector)
        gc.unfreeze()

    # --- searching ----------------------------------------------------------------------------------

    def current_query(self) -> str:
        return query_text(self.query_box.value)

    def current_domain(self) -> str | None:
        value = self.domain_filter.value
        return value if isinstance(value, str) else None

    @on(Input.Changed, "#query")
    def search_as_you_type(self) -> None:
        self.search(self.current_query())

    @on(Input.Submitted, "#query")
    def search_for_real(self) -> None:
        """Enter: the search `kb search` would make, usage record included; then on to the results."""
        self.search(self.current_query(), record=True)
        self.results.focus()

    @on(Select.Changed, "#domain-filter")
    def filter_domain(self) -> None:
        self.search(self.current_query())

    def search(self, text: str, record: bool = False) -> None:
        domain = self.current_domain()
        self.fetch("search", lambda: self.library.find(text, domain, record=record), self.show_found)

    def fetch(self, group: str, load: Callable[[], T], show: Callable[[T], object]) -> None:
        """LOAD in a thread worker, then SHOW its result on the main thread. A newer fetch of the same
        GROUP cancels the older one, whose result is then dropped; a KbError goes to the status bar."""
        in_thread(self, group, load, show, lambda exc: self.set_status(failure_line(exc)), exclusive=True)

    def write(
        self,
        action: Callable[[], T],
        done: Callable[[T], object],
        failed: Callable[[], object] | None = None,
    ) -> None:
        """ACTION, a write, in a thread worker, then DONE with its result on the main thread. A
        database another process holds locked keeps a write waiting up to its busy timeout (30 s):
        the screen stays live meanwhile and says so. An error is a notification (then FAILED runs).
        One write at a time: a second, asked for while the first waits, is refused and said so."""
        if self.writing:
            self.notify("Still saving the last change: try again once it is done.", severity="warning")
            return
        self.writing = True
        self.set_status("saving…")

        def finish(outcome: Callable[[], object], landed: bool) -> None:
            self.writing = False
            self.set_status()
            outcome()
            if self._quit_when_written:
                self._quit_when_written = False
                if landed:
                    self.exit()

        in_thread(
            self,
            "write",
            action,
            lambda value: finish(functools.partial(done, value), landed=True),
            lambda exc: finish(functools.partial(self._write_failed, exc, failed), landed=False),
        )

    def _write_failed(self, exc: KbError | OSError, then: Callable[[], object] | None) -> None:
        self.notify(failure_line(exc), severity="error")
        if then is not None:
            then()

    def show_found(self, found: Found) -> None:
        """FOUND in the results. The same query searched again (after a save, a sync) keeps the
        highlight on the entry it was on; a new query starts at its best answer."""
        again = self.found is not None and found.query == self.found.query
        if not again:
            self.verdicts = {}
        if self._counted_at is not None:  # another process may have written: the counts follow it
            self.refresh_counts(only_if_changed=True)
        kept = self.search_pane.highlighted_key() if again else None
        self.found = found
        self.search_pane.show_rows(found.rows, keep=kept)
        self.results_shown += 1
        self.set_status()
        self._cancel_pending_open()
        self._pending_open = self.set_timer(
            self.open_delay, lambda: self.open_entry(self.search_pane.highlighted_key(), "search-tab")
        )

    def _cancel_pending_open(self) -> None:
        if self._pending_open is not None:
            self._pending_open.stop()
            self._pending_open = None

    @property
    def busy(self) -> bool:
        """Work is under way: a worker runs, or the entry pane is waiting for typing to pause."""
        return self._pending_open is not None or any(worker.is_running for worker in self.workers)

    def describe_tab(self) -> str:
        """What the status line says of the tab in front: a search's results are no word on the
        Review tab, where a decision's recount put "browsing 92 entries" in place of "4 entries due"."""
        tab = self.tabs.active or "search-tab"
        if tab == "search-tab":
            return self.describe_found()
        return self._tab_said.get(tab, "reading…")

    def describe_found(self) -> str:
        found = self.found
        if found is None:
            return "searching…"
        shown = f" (showing {SHOWN_ROWS})" if len(found.rows) > SHOWN_ROWS else ""
        if not found.query.strip():
            return f"browsing {plural(len(found.rows), 'entry', 'entries')}{shown}; type to search"
        described = self._described(found)
        domain = self.current_domain()
        if domain:  # the filter beside the box: what is said is of that domain alone
            described += f" (in {domain} only)"
        if self.unsearched:  # what this search says is of this knowledge base alone
            described += f" (here only; kb search also reads {', '.join(self.unsearched)})"
        return described

    def _described(self, found: Found) -> str:
        if found.confident:
            count = len(found.rows)
            listed = f"the {count} best results" if count >= RESULT_LIMIT else plural(count, "result")
            return f"{listed}, the first a confident match"
        if found.one_of:
            from kb.verify.triage import cause_of

            cause = cause_of({k: v for k, v in self.verdicts.items() if k in found.one_of}, found.one_of)
            if cause is not None:
                return cause.line(self.library.prefix)
            return f"one of {len(found.one_of)} known faults raises this: {found.one_of_apart}"
        if found.subject and found.rows:
            from kb.search.lookup import entries_naming_it

            named = entries_naming_it(len(found.rows), RESULT_LIMIT, found.named_whole)
            return f"{named}; paste the error to know which"
        guess = f"; likely domain: {found.likely_domain}" if found.likely_domain else ""
        if not found.rows:
            return f"nothing matches{guess}; record the fix when you find it (a)"
        return f"no confident match, closest {plural(len(found.rows), 'entry', 'entries')}{guess}"

    # --- reading an entry ---------------------------------------------------------------------------

    def on_search_pane_picked(self, message: SearchPane.Picked) -> None:
        """A highlight while typing has not paused is the new results' first row: the pause opens it.
        A highlight of the entry the pane was just asked to open is the refilled list's first row
        arriving after the pause, on a busy box: it opens nothing twice."""
        if self._pending_open is None and not (
            message.key is not None and message.key == self._opened_in_search
        ):
            self.open_entry(message.key, "search-tab")

    def on_tree_pane_picked(self, message: TreePane.Picked) -> None:
        self.open_entry(message.key, "tree-tab")

    def on_review_pane_picked(self, message: ReviewPane.Picked) -> None:
        self.open_entry(message.key, "review-tab")

    def open_entry(self, key: str | None, tab: str) -> None:
        if tab == "search-tab":
            self._cancel_pending_open()
            self._opened_in_search = key
        pane = self.views[tab]
        self._asked[tab] = (key, self._highlighted(tab))
        if key is None:
            pane.show(None)
        else:

            def not_opened(exc: KbError | OSError) -> None:
                self._asked.pop(tab, None)  # the pane keeps what it shows, and says why not
                self.set_status(failure_line(exc))

            in_thread(
                self, f"open {tab}", lambda: self.library.entry(key), pane.show, not_opened, exclusive=True
            )

    def reading(self, tab: str | None = None) -> Entry | None:
        """The entry open in TAB (the current one), which copy, run, edit and review act on; None,
        said, while none is open, or while another is still opening: a key pressed right after ↓
        (the pane opens on a worker, after a pause) acted on the entry above, no longer highlighted."""
        tab = tab or self.tabs.active or "search-tab"
        entry = self.views[tab].entry
        if entry is None:
            self.notify(
                "Nothing to review here." if tab == "review-tab" else "Open an entry first.",
                severity="warning",
            )
            return None
        coming = None
        if tab in self._asked:
            asked, highlighted_then = self._asked[tab]
            highlighted = self._highlighted(tab)
            if asked != entry.key:
                coming = asked
            elif highlighted != highlighted_then:  # the highlight moved; its entry is not asked for yet
                coming = highlighted
        if coming is not None:
            self.notify(
                f"{visible(coming)} is still opening: press the key again once it shows.", severity="warning"
            )
            return None
        return entry

    def _highlighted(self, tab: str) -> str | None:
        """The entry TAB's list highlights (None on a tree's branch: the pane keeps the entry)."""
        if tab == "search-tab":
            return self.search_pane.highlighted_key()
        if tab == "review-tab":
            return self.review_pane.highlighted_key()
        node = self.tree_pane.query_one(Tree).cursor_node
        return node.data if node is not None else None

    # --- tabs ---------------------------------------------------------------------------------------

    def action_show_tab(self, tab: str) -> None:
        """Show TAB and move the focus into it: a focus left in the tab before would bring that one
        back (TabbedContent shows the pane that holds the focus)."""
        self.tabs.active = tab
        if tab == "search-tab":
            self.results.focus()
        elif tab == "tree-tab":
            self.tree_pane.query_one(Tree).focus()
        else:
            self.review_pane.query_one(DataTable).focus()

    def action_focus_search(self) -> None:
        self.action_show_tab("search-tab")
        self.query_box.focus()

    def action_focus_results(self) -> None:
        self.results.focus()

    @on(TabbedContent.TabActivated)
    def load_tab(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "tree-tab":
            self._load_forest()
            self.tree_pane.query_one(Tree).focus()
        elif event.pane.id == "review-tab":
            self._load_due()
            self.review_pane.query_one(DataTable).focus()
        else:
            self.set_status()

    def _load_forest(self) -> None:
        self.fetch("tree", self.library.forest, self._show_forest)

    def _show_forest(self, forest: list[Branch]) -> None:
        self.tree_pane.show_forest(forest)
        recurring = len(recurring_branches(forest, top=None))  # a cause path of three steps is one cause
        said = f"fault trees of {plural(len(forest), 'domain')}; {recurring} recurring (↻)"
        self._tab_said["tree-tab"] = said
        self.set_status()

    def _load_due(self) -> None:
        self.fetch("review", self.library.due, self._show_due)

    def _show_due(self, due: list[ReviewItem]) -> None:
        self.due_items = {item.key: item for item in due}
        self.review_pane.show_due(due)
        said = f"{plural(len(due), 'entry', 'entries')} due for review" if due else "nothing is due"
        self._tab_said["review-tab"] = said
        self.set_status()

    # --- status -------------------------------------------------------------------------------------

    def refresh_counts(self, only_if_changed: bool = False) -> None:
        """Count the entries and those due again; ONLY_IF_CHANGED: when the store changed since the
        last count (another process's kb add, a sync), which a search looks at as it goes."""
        counted_at = self._counted_at
        if only_if_changed and any(w.group == "counts" and not w.is_finished for w in self.workers):
            return  # a recount is under way, which this one would cancel

        def counted() -> tuple[str, tuple[int, str] | None]:
            version = self.library.version()
            if only_if_changed and version == counted_at:
                return "", None
            active = self.library.counts().by_status.get("active", 0)  # archived ones are out of sight
            return f"{plural(active, 'entry', 'entries')} · {len(self.library.due())} due", version

        self.fetch("counts", counted, self._set_counts)

    def _set_counts(self, counted: tuple[str, tuple[int, str] | None]) -> None:
        text, version = counted
        if version is None:  # unchanged
            return
        self._counts, self._counted_at = text, version
        self.set_status()

    def set_status(self, message: str | None = None) -> None:
        parts = [part for part in (self._counts, message or self.describe_tab()) if part]
        self.status_bar.update(Text(visible(" · ".join(parts))))  # Text: no markup read in it

    # --- actions on the entry being read ------------------------------------------------------------

    def action_copy(self, field: str) -> None:
        entry = self.reading()
        if entry is None:
            return
        text = entry.validation if field == "validation" else entry.fix
        if not text:
            self.notify(f"{entry.key} has no {field}; add one with Edit (e).", severity="warning")
            return
        if field == "validation":  # the command as x would run it: its inputs filled, not `{port}`
            from kb.verify.triage import filled_check

            values = self.library.check_values(self.current_query())
            text = filled_check(entry.content().as_dict(), values)
        from kb.entry.visible import HIDDEN

        # What is copied is pasted, often into a shell: a check of several lines runs its second at
        # the paste, and an escape code acts on the terminal (a bracketed paste's end, say).
        acting = HIDDEN.search(text) is not None
        if acting or (field == "validation" and "\n" in text.strip()):
            what = "characters a terminal acts on" if acting else "a line break"
            self.notify(
                f"Not copied: the {field} of {entry.key} holds {what}; the pane shows it escaped.",
                severity="warning",
            )
            return
        from kb.tui.clipboard import copy

        where = copy(text, self.copy_to_clipboard)
        what = "validation command" if field == "validation" else "fix"
        self.notify(f"Copied the {what} of {entry.key} {where}.")

    def action_run_check(self) -> None:
        entry = self.reading()
        if entry is None:
            return
        if not entry.validation:
            self.notify(f"{entry.key} has no validation to run.", severity="warning")
            return
        key = entry.key
        if self.checking is not None:  # its verdict is recorded whatever: it must be seen first
            self.notify(f"The validation of {self.checking} is still running: its verdict comes first.")
            return
        # The values the search box's paste names (its port, file, module) go into the check, and
        # the dialog shows the command exactly as it will run.
        paste = self.current_query()
        values = self.library.check_values(paste)
        try:
            command = self.library.check_command(key, values)
        except (KbError, OSError) as exc:  # removed or changed since it was opened
            self.notify(failure_line(exc), severity="error")
            return

        def answered(run: bool | None) -> None:
            if run:
                self.set_status(f"running the validation of {key}…")
                self._run_check(key, values, command, paste)
            else:
                self.notify("Not run.")

        self.push_screen(ConfirmRun(key, command), answered)

    async def action_quit(self) -> None:
        """Quit; while a validation runs, only when asked twice: the run goes on after the screen
        closes (up to its 60 s) and its verdict is recorded on the entry unseen. Over a form that
        holds unsaved typing, only when asked twice too: Ctrl+Q threw a half-written entry away.
        While a change is being saved, once it is saved."""
        if any(isinstance(screen, EntryForm) and screen.keeps_the_app_open() for screen in self.screen_stack):
            return
        if self.writing:
            # Quitting now would lose the change with no word: it waits on a database another
            # program holds, and only this screen could say whether it landed.
            self._quit_when_written = True
            self.notify(
                "Still saving the last change (the database is busy): kb quits once it is saved,"
                " or stays to say why not.",
                severity="warning",
            )
            return
        if self.checking is not None and not self._quit_while_checking:
            self._quit_while_checking = True
            self.notify(
                f"The validation of {self.checking} is still running; its verdict is recorded on the entry "
                "even if you quit now. Press q again to quit.",
                severity="warning",
            )
            return
        await super().action_quit()

    def _run_check(self, key: str, values: dict[str, str], agreed: str, paste: str) -> None:
        """Run the check the person agreed to, exactly (a check changed meanwhile is refused). One at a
        time: a run's verdict is recorded on its entry, so none may end unseen behind a newer one."""
        self.checking = key

        def shown(result: CheckResult) -> None:
            self.checking, self._quit_while_checking = None, False
            self._show_run(key, result, paste)

        def failed(exc: KbError | OSError) -> None:
            """A notice, not the status line: one line there is cut at the screen's width and gone
            at the next keystroke, and a verdict that could not be recorded is kept nowhere else."""
            self.checking, self._quit_while_checking = None, False
            self.set_status()
            self.notify(failure_line(exc), severity="error", timeout=RUN_FAILED_SHOWN_FOR)

        in_thread(self, "run", lambda: self.library.check(key, values, agreed=agreed), shown, failed)

    def _show_run(self, key: str, result: CheckResult, paste: str) -> None:
        """Show a check's result. Its verdict counts for the paste it ran for, only while that paste is
        still the search (a slow check may end after the search changed), and the entry is shown
        again, with its last check, wherever it is open, not in whichever tab is in front now."""
        if self.found is not None and self.found.query == paste:
            self.verdicts[key] = result.verdict
        self.push_screen(RunOutput(key, result))
        self.set_status()
        for tab, pane in self.views.items():
            if pane.entry is not None and pane.entry.key == key:
                self.open_entry(key, tab)

    def action_add(self) -> None:
        self.push_screen(EntryForm(self.library), self._saved)

    def action_edit(self) -> None:
        entry = self.reading()
        if entry is None:
            return
        self.push_screen(EntryForm(self.library, entry.content()), self._saved)

    def action_drafts(self) -> None:
        """Go through the draft entries waiting (an agent's proposals, `kb triage`'s, an edit the
        store refused), newest first: each opens in the form, filled in; Save adds it (an edit's
        draft: saves it over the entry) and removes the draft, Cancel keeps it."""
        waiting, unreadable = self.library.drafts()
        for line in unreadable:
            self.notify(f"Not a readable draft: {line}", severity="warning")
        if not waiting:
            self.notify("No drafts waiting: kb mcp's proposals and kb triage leave them for you here.")
            return
        self._next_draft(waiting, 0)

    def _next_draft(self, waiting: list[Draft], index: int) -> None:
        """Open draft INDEX of WAITING: as an edit of the entry it was an unsaved edit of, when it
        is one (Library.edited_by(), a read, in a thread worker), else as a new entry."""
        if index >= len(waiting):
            return
        self.fetch(
            "draft",
            lambda: self.library.edited_by(waiting[index]),
            functools.partial(self._open_draft, waiting, index),
        )

    def _open_draft(self, waiting: list[Draft], index: int, edited: Entry | None) -> None:
        draft = waiting[index]

        def made_into(key: str) -> None:
            self._saved(key)
            try:
                self.library.discard_draft(draft.path)
            except OSError as exc:
                stays = f"{draft.path.name} stays among the drafts: {failure_line(exc)}"
                self.notify(stays, severity="warning")

        def saved(key: str | None) -> None:
            if key is not None:
                made_into(key)
            elif not form.left_while_saving:  # closed while saving, kb says how the save ends
                self.notify(f"Kept the draft {draft.path.name}.")
            self._next_draft(waiting, index + 1)

        name = f"Draft {index + 1} of {len(waiting)} ({draft.path.name})"
        original = edited.content() if edited is not None else None
        form = EntryForm(self.library, original, draft=(name, draft.content), after_leaving=made_into)
        self.push_screen(form, saved)

    def action_conflicts(self) -> None:
        """Settle the open sync conflicts one by one, field by field (`kb sync DIR KEY --take …`)."""
        try:
            waiting = self.library.open_conflicts()
        except KbError as exc:
            self.notify(str(exc), severity="error")
            return
        if not waiting:
            gone = self.library.synced_folders_gone()
            if gone:  # a moved checkout keeps its conflicts where kb does not look
                self.notify(
                    f"No sync conflict is open in the folders kb can find; {visible(gone[0])} is gone"
                    " (moved?): kb sync it where it is now to see its conflicts.",
                    severity="warning",
                )
            else:
                self.notify("No sync conflict is open.")
            return
        self._settle_next(waiting, 0)

    def _settle_next(self, waiting: list[tuple[Path, SyncStep]], index: int) -> None:
        if index >= len(waiting):
            return
        folder, step = waiting[index]

        def answered(choices: dict[str, Side] | None) -> None:
            if choices is None:
                self.notify(f"{step.key} is left open; kb sync shows it again.")
            else:

                def settled(report: SyncReport) -> None:
                    self._settled(step.key, report)
                    self._settle_next(waiting, index + 1)

                self.write(lambda: self.library.settle(folder, step.key, choices, step.shown), settled)
                return
            self._settle_next(waiting, index + 1)

        self.push_screen(SettleConflict(str(folder), step, index + 1, len(waiting)), answered)

    def _settled(self, key: str, report: SyncReport) -> None:
        from kb.exchange.folder_sync import FOLDER_CHANGED_SINCE_SHOWN

        left = next((s for s in report.conflicts if s.key == key), None)
        if left is not None and left.note == FOLDER_CHANGED_SINCE_SHOWN:
            self.notify(f"{key}: {left.note} (o).", severity="warning")
        elif left is not None:
            self.notify(f"{key} is still open.")
        else:
            kept = f"{self.library.prefix}history {key}"
            self.notify(f"Settled {key}; {kept} keeps the rest." + also_synced(report, key))
        self.refresh_counts()

    def _saved(self, key: str | None) -> None:
        """Say that KEY was saved, and how it stands, read in a worker: the screen never waits on the
        knowledge base (on a team's server, a round trip)."""
        if key is None:
            return

        def how_it_stands() -> str:
            merged = self.library.merged_meanwhile(key)
            meanwhile = ", with the change someone made meanwhile" if merged else ""
            try:
                archived = self.library.entry(key).status == "archived"
            except (KbError, OSError):
                archived = False
            if archived:  # archived in another window while the form was open: saved, and still put away
                meanwhile += f"; it is archived ({self.library.prefix}restore {key} brings it back)"
            return meanwhile

        def say(meanwhile: str) -> None:
            self.notify(f"Saved {key}{meanwhile}.")
            self.refresh_counts()
            self._reopen(key)
            self.search(self.current_query())
            if self.tabs.active == "tree-tab":  # the Review tab's list is its due entries, as they were
                self._load_forest()

        self.fetch(f"saved {key}", how_it_stands, say)

    def _reopen(self, key: str) -> None:
        """Show KEY, saved, where the person is. Not on the Review tab unless it is the entry already
        shown there: that pane is the due entry the list highlights, which k, d and m act on, and an
        entry added or a draft saved from that tab put in its place was archived by the next d."""
        tab = self.tabs.active or "search-tab"
        shown = self.views[tab].entry if tab in self.views else None
        if tab == "review-tab" and (shown is None or shown.key != key):
            return
        self.open_entry(key, tab)

    def action_review(self, decision: str) -> None:
        """k keep, d archive, m merge, e edit: what `kb review` offers, for the highlighted entry."""
        entry = self.reading("review-tab")
        if entry is None:
            return
        key = entry.key
        if decision == "edit":

            def edited(saved: str | None) -> None:
                if saved is None:
                    return
                merged = self.library.merged_meanwhile(saved)
                meanwhile = " (with the change someone made meanwhile)" if merged else ""

                def keep_unless_archived() -> bool:
                    # archived in another window while the form was open: the edit is saved into
                    # the archived entry, which there is no keeping (it said only that, as if lost)
                    if self.library.entry(saved).status == "archived":
                        return False
                    self.library.keep(saved)
                    return True

                def said(kept: object) -> str:
                    if kept:
                        return f"edited and kept {saved}{meanwhile}"
                    restore = f"{self.library.prefix}restore {saved}"
                    return f"Saved {saved}; it was archived meanwhile ({restore} brings it back)"

                self._decide(keep_unless_archived, said)

            self.push_screen(EntryForm(self.library, entry.content()), edited)
        elif decision == "merge":

            def merge_into(target: str | None) -> None:
                if target is not None:
                    self._decide(lambda: self.library.merge(key, target), str)

            item = self.due_items.get(key)
            suggestion = item.duplicate_of if item is not None and item.duplicate_of else ""
            self.push_screen(MergeInto(key, suggestion), merge_into)
        elif decision == "archive":
            undo = f"{self.library.prefix}restore {key}"
            self._decide(lambda: self.library.archive(key), f"archived {key}; {undo} undoes it")
        else:
            self._decide(lambda: self.library.keep(key), f"kept {key}; reviewed now")

    def _decide(self, decision: Callable[[], object], said: str | Callable[[object], str]) -> None:
        """DECISION, a write; SAID, the line that says it was made (or made from what it returned)."""

        def decided(result: object) -> None:
            self.notify(said if isinstance(said, str) else said(result))
            self._load_due()
            self.refresh_counts()
            self._shown_elsewhere_changed()

        def refused() -> None:  # what the list and the counts showed may have changed meanwhile
            self._load_due()
            self.refresh_counts()

        self.write(decision, decided, failed=refused)

    def _shown_elsewhere_changed(self) -> None:
        """After a review decision: the other tabs' panes read their entries again (one archived shows
        as archived, one merged away is no longer shown), and the search's list follows."""
        self._read_open_entries_again(("search-tab", "tree-tab"))
        self.search(self.current_query())

    def _still_there(self, key: str) -> Entry | None:
        """KEY's entry as it is now, or None when it is gone (merged into another, purged)."""
        from kb.errors import EntryNotFound

        try:
            return self.library.entry(key)
        except EntryNotFound:
            return None

    def action_help(self) -> None:
        self.push_screen(Help())
