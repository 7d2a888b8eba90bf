"""The three tabs: search as you type, the fault trees, and the review.

Each pane holds a list on the left and the entry it points at on the right (an EntryView). The
panes only show what they are given; the app fetches it from the Library in worker threads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from markdown_it import MarkdownIt
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Input, Markdown, Select, Tree
from textual.widgets.markdown import MarkdownFence
from textual.widgets.tree import TreeNode

from kb.domains import DOMAIN_NAMES
from kb.entry.terminal import cut, one_line
from kb.entry.visible import plural
from kb.tui.library import Row
from kb.tui.render import entry_markdown
from kb.upkeep.fault_tree import Branch

if TYPE_CHECKING:  # the store is imported off the first frame
    from kb.store.record import Entry
    from kb.upkeep.review import ReviewItem

#: A multi-line paste is kept whole, its lines joined by this mark, so the search sees the traceback.
LINE_MARK = " ⏎ "
#: Rows a table shows at most; the status bar says when there are more.
SHOWN_ROWS = 500


class _UnguessedFence(MarkdownFence):
    """A code block that names no language is shown as plain text. Textual would guess one by
    trying every Pygments lexer on it: a quarter of a second the first time (loading them all), a
    few milliseconds for each block after, and a person's traceback coloured as whatever won."""

    @classmethod
    def highlight(cls, code: str, language: str, ansi: bool = False, dark: bool = False) -> Content:
        return super().highlight(code, language or "text", ansi, dark)


class EntryMarkdown(Markdown):
    """Markdown whose unlabelled code blocks stay plain text (see _UnguessedFence), and whose links
    are text: `[apply](https://…)` in a teammate's fix read as kb's own word "apply", hid where it
    led, and a click handed a vscode:// or ssh:// address to the system's browser."""

    BLOCKS = {**Markdown.BLOCKS, "fence": _UnguessedFence, "code_block": _UnguessedFence}

    def __init__(self, markdown: str) -> None:
        super().__init__(markdown, parser_factory=_parser_without_links, open_links=False)


def _parser_without_links() -> MarkdownIt:
    return MarkdownIt("gfm-like").disable(["link", "image", "autolink", "linkify", "reference"])


class EntryView(VerticalScroll):
    """The entry being read, rendered as Markdown; `key` is None while nothing is open."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="entry-view")
        self.key: str | None = None
        self.entry: Entry | None = None

    def compose(self) -> ComposeResult:
        yield EntryMarkdown("*Pick an entry to read it here.*")

    def show(self, entry: Entry | None) -> None:
        self.entry = entry
        self.key = entry.key if entry else None
        text = entry_markdown(entry.content(), entry.facts()) if entry else "*Pick an entry to read it here.*"
        self.query_one(EntryMarkdown).update(text)
        self.scroll_home(animate=False)


class QueryInput(Input):
    """An Input that keeps a pasted traceback whole (a plain Input keeps only its first line).

    Letters typed here are the query, so the app's one-letter keys wait until Esc or ↓ leaves it.
    """

    BINDINGS = [
        Binding("escape,down", "app.focus_results", "Results"),
    ]

    def _on_paste(self, event: events.Paste) -> None:
        """Textual calls Input's own handler after this one, unless told not to (prevent_default).
        Lines may end in CR (tmux's default paste, many terminals) or CRLF as well as LF. A
        coloured log's escape codes are no part of the query, and an Input would send them to the
        terminal as they are (`ESC c` resets it): their colours go, and any other control character
        becomes a space."""
        text = searchable(event.text)
        if "\n" in text.strip("\n"):
            text = LINE_MARK.join(line for line in text.split("\n") if line.strip())
        self.insert_text_at_cursor(text)
        event.prevent_default()
        event.stop()


#: A terminal's colour and title codes (CSI and OSC), and the control characters a query may not hold.
_TERMINAL_CODES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?")
_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def searchable(pasted: str) -> str:
    """PASTED as the search box takes it: lines ending in LF, no terminal codes, no control
    characters (a tab or a stray ESC becomes a space)."""
    text = pasted.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROLS.sub(" ", _TERMINAL_CODES.sub("", text))


def query_text(value: str) -> str:
    """The search box's value as the text to search: pasted lines become lines again."""
    return value.replace(LINE_MARK, "\n")


class ResultTable(DataTable[Text]):
    """Esc leaves the search box and never goes back into it (`/` does): Esc then q quits."""


def _column_widths(screen_width: int, rows: Sequence[Row]) -> tuple[int, int]:
    """The key and symptom columns' widths: the key gets what its longest needs, but at most two
    fifths of what score and domain leave, so that the symptom stays readable at 80 columns (the
    entry pane shows the whole key)."""
    room = max(30, screen_width - 5 - 10 - 8)  # score, domain, cell padding and the scrollbar
    longest = max((len(row.key) for row in rows), default=3)
    key_width = min(longest, max(16, room * 2 // 5))
    return key_width, max(10, room - key_width)


#: Below this many columns the list sits above the entry instead of beside it (kb.tcss, -narrow).
NARROW = 110


def _due_widths(screen_width: int, keys: Sequence[str]) -> tuple[int, int]:
    """The key and reasons columns' widths in the review list, which has half the screen beside the
    entry (all of it on a narrow screen): the key gets at most two fifths, so that the reasons are
    read (a 32-character key left them 9 columns at 80)."""
    table = screen_width if screen_width < NARROW else screen_width // 2
    room = max(24, table - 4 - 2)  # cell padding and the scrollbar
    longest = max((len(key) for key in keys), default=3)
    key_width = min(longest, max(12, room * 2 // 5))
    return key_width, room - key_width


class SearchPane(Vertical):
    class Picked(Message):
        """The highlighted result changed: the app opens that entry."""

        def __init__(self, key: str | None) -> None:
            super().__init__()
            self.key = key

    def compose(self) -> ComposeResult:
        with Horizontal(id="search-bar"):
            yield QueryInput(
                placeholder="paste an error or describe the fault (Esc: the results and the keys)", id="query"
            )
            yield Select([(name, name) for name in DOMAIN_NAMES], prompt="all domains", id="domain-filter")
        with Horizontal(classes="split"):
            table: ResultTable = ResultTable(id="results", cursor_type="row", zebra_stripes=False)
            table.add_columns("score", "domain", "key", "symptom")
            yield table
            yield EntryView(id="search-entry")

    def show_rows(self, rows: Sequence[Row], keep: str | None = None) -> None:
        """ROWS in the table, the highlight on the row of KEEP if it is among them, else the first."""
        table = self.query_one(ResultTable)
        table.clear(columns=True)
        shown = rows[:SHOWN_ROWS]
        key_width, symptom_width = _column_widths(self.app.size.width, shown)
        table.add_column("score", width=5)
        table.add_column("domain", width=10)
        table.add_column("key", width=key_width)
        table.add_column("symptom", width=symptom_width)
        for row in shown:
            score = Text("" if row.score is None else f"{row.score:.0f}", justify="right")
            if row.confident:
                score.stylize("bold")
            symptom = Text(cut(one_line(row.symptom), symptom_width))
            table.add_row(score, Text(row.domain), Text(cut(row.key, key_width)), symptom, key=row.key)
        kept = next((index for index, row in enumerate(shown) if row.key == keep), None)
        if kept:
            table.move_cursor(row=kept)
        if not rows:
            self.post_message(self.Picked(None))

    def highlighted_key(self) -> str | None:
        table = self.query_one(ResultTable)
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.post_message(self.Picked(event.row_key.value))


def branch_label(branch: Branch) -> Text:
    """A branch as the tree shows it. Its name is a cause path's step, an entry's text (a teammate's,
    a synced folder's): its escape codes and bidi controls are shown, not handed to the terminal."""
    label = Text(one_line(branch.name), style="bold" if branch.recurring else "")
    label.append(
        f"  {plural(branch.entry_count, 'entry', 'entries')}, {plural(branch.occurred, 'occurrence')}"
    )
    if branch.recurring:
        label.append("  ↻ recurring", style="bold")
    return label


class TreePane(Horizontal):
    class Picked(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def compose(self) -> ComposeResult:
        tree: Tree[str] = Tree("fault trees", id="forest")
        tree.show_root = False
        yield tree
        yield EntryView(id="tree-entry")

    def show_forest(self, forest: Sequence[Branch]) -> None:
        tree: Tree[str] = self.query_one(Tree)
        tree.clear()
        for domain in forest:
            self._add(tree.root, domain)
        tree.root.expand()
        tree.cursor_line = 0  # on the first domain, so that Enter opens it straight away

    def _add(self, parent: TreeNode[str], branch: Branch) -> None:
        node = parent.add(branch_label(branch), expand=branch.recurring)
        for child in branch.children.values():
            self._add(node, child)
        for entry in branch.entries:
            label = Text(entry.key, style="bold")
            label.append(f" · {cut(one_line(entry.symptom), 60)}")
            node.add_leaf(label, data=entry.key)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[str]) -> None:
        """An entry opens as the cursor reaches it, as in the result list; a branch keeps the pane."""
        event.stop()
        if event.node.data is not None:
            self.post_message(self.Picked(event.node.data))


class ReviewPane(Horizontal):
    """`kb review` on one screen: k keep, d archive, e edit, m merge the highlighted entry. (`a` is
    Add everywhere in the app.)"""

    BINDINGS = [
        Binding("k", "app.review('keep')", "Keep"),
        Binding("d", "app.review('archive')", "Archive"),
        Binding("m", "app.review('merge')", "Merge"),
        Binding("e", "app.review('edit')", "Edit"),
    ]

    class Picked(Message):
        def __init__(self, key: str | None) -> None:
            super().__init__()
            self.key = key

    def compose(self) -> ComposeResult:
        table: DataTable[Text] = DataTable(id="due", cursor_type="row")
        table.add_columns("key", "why it needs a look")
        yield table
        yield EntryView(id="review-entry")

    def show_due(self, due: Sequence[ReviewItem]) -> None:
        table: DataTable[Text] = self.query_one(DataTable)
        table.clear(columns=True)
        shown = due[:SHOWN_ROWS]
        key_width, reasons_width = _due_widths(self.app.size.width, [item.key for item in shown])
        table.add_column("key", width=key_width)
        table.add_column("why it needs a look", width=reasons_width)
        for item in shown:
            reasons = Text(cut("; ".join(item.reasons), reasons_width))
            table.add_row(Text(cut(item.key, key_width)), reasons, key=item.key)
        if not due:
            self.post_message(self.Picked(None))

    def highlighted_key(self) -> str | None:
        table: DataTable[Text] = self.query_one(DataTable)
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.post_message(self.Picked(event.row_key.value))
