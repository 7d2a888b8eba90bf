"""The TUI's modal screens: confirm a run, show its output, merge into, settle a sync conflict, and
help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Markdown, RadioButton, RadioSet, Static

from kb.entry.terminal import field_line
from kb.entry.visible import consent_text, visible

if TYPE_CHECKING:
    from kb.exchange.folder_sync import Side, SyncStep
    from kb.verify.runner import CheckResult


#: Below this many rows, half the screen for the command leaves too few for the rest of the Run dialog:
#: its length, where it runs and the buttons. The command takes what they leave instead (kb.tcss, -short).
SHORT = 30
#: Below this many rows, the Run dialog's border, spacing and tall buttons would push its buttons
#: off the screen: it drops them (kb.tcss, -tiny), and n, y and Escape stay shown.
TINY = 18


class ConfirmRun(ModalScreen[bool]):
    """kb never runs a stored command on its own: this asks, with the command in full, Cancel first.

    A "yes" made within ARMED_AFTER of the question appearing is not an answer: no one has read the
    command by then. Keys in a burst are a paste or type-ahead, and a terminal replays what follows an
    escape sequence it cannot read as key presses, so a pasted log holding ESC, x, y opened this
    dialog and ran the check. A key is judged by when it was made, not when the app got to it, and
    "y" is no binding: a binding answers a key sent to the screen below before this one was up."""

    BINDINGS = [Binding("escape,n", "cancel", "Cancel")]
    ARMED_AFTER = 0.5

    def __init__(self, key: str, command: str) -> None:
        super().__init__()
        self.key = key
        self.command = command
        self.asked_at = float("inf")

    def compose(self) -> ComposeResult:
        # The command scrolls inside the dialog and the rest stays in view, however long the command:
        # its length, what it does, and Cancel are never pushed off the screen by it.
        shown, _, length = consent_text(self.command).rpartition("\n")
        with Vertical(classes="dialog"):
            yield Label(Text(f"Run the validation of {self.key}?"), classes="dialog-title")
            with VerticalScroll(id="command-scroll"):
                yield Static(Text(shown), id="command")
            yield Label(Text(length), id="command-length")
            yield Label(
                "It runs on this machine, in the current folder, for at most 60 s.", id="where-it-runs"
            )
            with Horizontal(classes="buttons"):
                yield Button("Cancel (n)", id="cancel", variant="primary")
                yield Button("Run (y)", id="run", variant="warning")

    def on_mount(self, event: events.Mount) -> None:
        self.asked_at = event.time
        self.query_one("#cancel", Button).focus()

    def on_key(self, event: events.Key) -> None:
        if event.key == "y":
            event.stop()
            if self._read_by(event.time):
                self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        run = event.button.id == "run"
        if not run or self._read_by(event.time):
            self.dismiss(run)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def _read_by(self, moment: float) -> bool:
        return moment - self.asked_at >= self.ARMED_AFTER


def outcome_line(result: CheckResult) -> str:
    """The verdict of a run, why, and that it was recorded."""
    ran = f", exit {result.exit_code}" if result.exit_code is not None else ""
    return f"{result.verdict}: {visible(result.reason)} ({result.seconds:.1f} s{ran}); recorded on the entry"


class RunOutput(ModalScreen[None]):
    """What the validation printed, and how it ended."""

    BINDINGS = [Binding("escape,enter,q", "dismiss", "Close")]

    def __init__(self, key: str, result: CheckResult) -> None:
        super().__init__()
        self.key = key
        self.result = result

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            # A Static wraps: the verdict and its reason stay on screen after a long key.
            yield Static(
                Text(f"{self.key}: {outcome_line(self.result)}"), classes="dialog-title", id="outcome"
            )
            with VerticalScroll(id="output"):
                # A check's output carries others' data (a CSV, a log): its escape sequences are shown.
                yield Static(Text(visible(self.result.output.rstrip("\n")) or "(no output)"))
            with Horizontal(classes="buttons"):
                yield Button("Close", id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.dismiss()


class MergeInto(ModalScreen[str | None]):
    """Ask which entry to fold this one into: `kb review KEY --merge-into OTHER`."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, key: str, suggestion: str = "") -> None:
        super().__init__()
        self.key = key
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(f"Merge {self.key} into which entry?"), classes="dialog-title")
            yield Static("Its symptom becomes a variant of that entry, and its usage adds up.")
            yield Input(self.suggestion, placeholder="key of the entry to keep", id="target")
            yield Label("", id="target-error", classes="field-error")
            with Horizontal(classes="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Merge", id="merge", variant="warning")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "merge":
            self._answer()
        else:
            self.dismiss(None)

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self._answer()

    def _answer(self) -> None:
        target = self.query_one("#target", Input).value.strip()
        if not target or target == self.key:
            self.query_one("#target-error", Label).update("name another entry's key")
            return
        self.dismiss(target)


class SettleConflict(ModalScreen["dict[str, Side] | None"]):
    """A sync conflict, field by field: kb's value or the folder's, for each field both changed."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Later")]

    def __init__(self, folder: str, step: SyncStep, number: int, total: int) -> None:
        super().__init__()
        self.folder = folder
        self.step = step
        self.number = number
        self.total = total

    def compose(self) -> ComposeResult:
        step = self.step
        with VerticalScroll(classes="dialog wide"):
            yield Static(
                Text(
                    f"{step.key}: {'kb and the folder differ' if step.unbased else 'changed on both sides'}"
                    f" ({self.number} of {self.total})"
                ),
                classes="dialog-title",
            )
            yield Static(Text(f"kb and {self.folder}" + (f": {step.note}" if step.note else "")))
            for name in step.conflicts:
                yield Label(Text(name))
                with RadioSet(id=f"pick-{name}"):
                    yield RadioButton(Text(f"kb:     {field_line(step.ours, name, 70)}"), value=True)
                    yield RadioButton(Text(f"folder: {field_line(step.theirs, name, 70)}"))
            yield Static("The value not kept stays in kb history.")
            with Horizontal(classes="buttons"):
                yield Button("Later (Esc)", id="later")
                yield Button("Settle", id="settle", variant="warning")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "settle":
            self.dismiss(None)
            return
        chosen: dict[str, Side] = {}
        for name in self.step.conflicts:
            picked = self.query_one(f"#pick-{name}", RadioSet).pressed_index
            chosen[name] = "theirs" if picked == 1 else "ours"
        self.dismiss(chosen)


HELP = """\
# kb: the knowledge base in one screen

**Search** as you type, or paste a whole traceback: the entries are ranked as `kb search` ranks them.
Press **Enter** in the search box to search for real (it is then counted, as `kb search` counts it),
**Esc**, **↓** or **Tab** to reach the results, and pick one to read it in the entry pane beside or
below the list.

| key | does |
| --- | --- |
| `/` | search: focus the search box (Esc leaves it, so that the keys below work) |
| `s` `t` `r` | the Search, Tree and Review tabs |
| `c` | copy the validation command of the entry you are reading |
| `f` | copy its fix |
| `x` | run its validation, after you confirm; the result is recorded |
| `a` | add an entry |
| `e` | edit the entry you are reading |
| `o` | settle the open conflicts of `kb sync`, field by field |
| `p` | the drafts waiting (an agent's proposals, `kb triage`'s), each filled in: Save adds it |
| `?` | this help |
| `q` | quit (Ctrl+Q works everywhere, even while typing) |

**Tree** shows the fault trees of `kb tree`: domain → cause path → entries, with how many entries
each branch holds and how often they occurred. Branches marked ↻ keep recurring. Enter opens an entry.

**Review** steps through the entries due, most in need of attention first, as `kb review` does:
**k** keep, **d** archive (common knowledge now), **e** edit, **m** merge into another entry.

The mouse works too: click a tab, a result, a tree branch or a button. Ctrl+P opens the command
palette, where you can switch between the light and dark themes.
"""


class Help(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Markdown(HELP)
            with Horizontal(classes="buttons"):
                yield Button("Close", id="close", variant="primary")

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.dismiss()
