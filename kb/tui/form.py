"""Add and edit an entry in a form that says what is wrong next to the field, as you type.

The checks are the ones `kb add` makes (kb.entry.content's key rule, kb.entry.lint's validation lint,
the domain names); saving goes through kb.capture.adding.save_entry, as the CLI's add and edit do.
Fields the form does not show (variants, conditions, environment, snippet, guards…) are kept as they
were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, TextArea

from kb.capture.adding import AddedMeanwhile
from kb.domains import DOMAIN_NAMES, DOMAINS
from kb.entry.content import EntryContent, check_key, normalized
from kb.entry.lint import validation_problem
from kb.entry.merging import changed_fields
from kb.entry.terminal import cut, one_line
from kb.entry.visible import visible
from kb.errors import EditConflict, EntryNotFound, KbError, KeyTaken, failure_text
from kb.tui.threads import in_thread

if TYPE_CHECKING:
    from collections.abc import Callable

    from kb.tui.library import Library

#: (field, label, hint): the order a person fills them in, symptom → validation → fix first.
ONE_LINE_FIELDS = {
    "symptom": ("Symptom", "the literal error line you saw, or a plain description"),
    "validation": ("Validation", "ONE command that proves the cause, e.g. nvidia-smi"),
    "cause_path": ("Cause path", "e.g. IO bottleneck > num_workers"),
    "tags": ("Tags", "comma-separated, e.g. cuda, oom"),
    "key": ("Key", "a slug; left empty, it is made from the symptom"),
}
PROSE_FIELDS = {"fix": "Fix", "root_cause": "Root cause"}
#: What the form calls each field it shows.
LABELS = {name: label.lower() for name, (label, _) in ONE_LINE_FIELDS.items()} | {
    name: label.lower() for name, label in PROSE_FIELDS.items()
}


def _unsaved_edit(now: EntryContent, draft: EntryContent) -> str:
    """What the title says of DRAFT, an edit of the entry NOW that was not saved: which of its
    fields Save would replace. The store refused it because the entry changed meanwhile, or could
    not write it: the entry may hold a teammate's change since, and Save puts the draft's over it."""
    changed = [LABELS.get(name, name.replace("_", " ")) for name in changed_fields(now, normalized(draft))]
    if not changed:
        return f"your unsaved edit of {now.key}, which holds what it holds now; Cancel keeps the draft"
    return (
        f"your unsaved edit of {now.key}; Save replaces its {', '.join(changed)} as they are now"
        " with the draft's, Cancel keeps the draft"
    )


def _field_text(content: EntryContent, name: str) -> str:
    """What the form's field NAME holds of CONTENT, before the screen's escapes."""
    return ", ".join(content.tags) if name == "tags" else str(getattr(content, name))


def field_problems(values: dict[str, str], domain: str | None, force: bool) -> dict[str, str]:
    """What is wrong with each field, by field name: the form shows each beside its field."""
    problems = {}
    if not values["symptom"].strip():
        problems["symptom"] = "write what you saw: the error line, or a plain description"
    if not domain:
        problems["domain"] = "choose the fault domain"
    if values["key"].strip():
        try:
            check_key(values["key"].strip())
        except KbError as exc:
            problems["key"] = str(exc)
    lint = validation_problem(values["validation"])
    if lint and not force:
        problems["validation"] = lint
    return problems


class FieldInput(Input):
    """A one-line field that takes a paste of several lines as a person means it: a traceback
    pasted into the symptom gives its error line (a plain Input kept the first line,
    `Traceback (most recent call last):`, and said nothing), any other field its lines joined; a
    coloured log's escape codes go, as in the search box."""

    def _on_paste(self, event: events.Paste) -> None:
        from kb.tui.panes import searchable

        text = searchable(event.text)
        lines = [line.strip() for line in text.split("\n") if line.strip()]
        if len(lines) > 1 and self.id == "symptom":
            from kb.text.paste import find_decisive

            decisive = find_decisive(text)
            taken = lines[0] if decisive.described else decisive.line
            said = cut(one_line(taken), 80)
            self.app.notify(f"Took the error line of the {len(lines)} lines pasted: {said}")
            text = taken
        else:
            text = " ".join(lines)
        self.insert_text_at_cursor(text)
        event.prevent_default()
        event.stop()


class EntryForm(ModalScreen[str | None]):
    """Dismisses with the saved entry's key, or None when cancelled."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        library: Library,
        original: EntryContent | None = None,
        draft: tuple[str, EntryContent] | None = None,
        after_leaving: Callable[[str], None] | None = None,
    ) -> None:
        """ORIGINAL: the entry to edit. DRAFT: a draft to add (what to call it, and its content),
        its fields filled in for the person to check; with ORIGINAL too, a draft of an edit of it
        that was not saved then, to save over the entry as it is now. AFTER_LEAVING: what follows a
        save that lands after the form was closed (its key), as the dismissal's callback would."""
        super().__init__()
        self.library = library
        self.original = original
        self.draft = draft
        self.after_leaving = after_leaving
        self._warned_duplicate: str | None = None

    @property
    def starting(self) -> EntryContent | None:
        """What the form starts from: the draft being added or saved as an edit, or the entry being
        edited."""
        return self.draft[1] if self.draft else self.original

    def compose(self) -> ComposeResult:
        content = self.starting
        if self.original and self.draft:
            title = f"{self.draft[0]}: {_unsaved_edit(self.original, self.draft[1])}"
        elif self.original:
            title = f"Edit {self.original.key}"
        elif self.draft:
            title = f"{self.draft[0]}: check it; Save adds it, Cancel keeps the draft"
        else:
            title = "Add an entry: symptom → validation → fix"
        with Vertical(classes="dialog form"):
            yield Label(Text(title), classes="dialog-title")
            with VerticalScroll():
                for name in ("symptom", "validation"):
                    yield from self._one_line(name, content)
                yield Label("Domain", classes="field-label")
                yield Select(
                    [(f"{name} · {DOMAINS[name]}", name) for name in DOMAIN_NAMES],
                    value=(content.domain if content else "") or Select.NULL,  # a draft's may be blank
                    prompt="choose the fault domain",
                    id="domain",
                )
                yield Label("", id="domain-error", classes="field-error")
                for name, label in PROSE_FIELDS.items():
                    yield Label(label, classes="field-label")
                    text = visible(getattr(content, name)) if content else ""
                    yield TextArea(text, id=name, classes="prose")
                for name in ("cause_path", "tags", "key"):
                    yield from self._one_line(name, content)
                yield Checkbox("Keep the validation even if the lint rejects it", id="force")
            # Above the buttons, outside the scrolling fields: seen at 80x24 whatever is scrolled.
            yield Label("", id="form-error", classes="field-error")
            with Horizontal(classes="buttons"):
                yield Button("Cancel (Esc)", id="cancel")
                yield Button("Save (Ctrl+S)", id="save", variant="primary")

    def _one_line(self, name: str, content: EntryContent | None) -> ComposeResult:
        label, hint = ONE_LINE_FIELDS[name]
        value = ""
        if content is not None:
            value = visible(_field_text(content, name))
        yield Label(label, classes="field-label")
        yield FieldInput(value, placeholder=hint, id=name)
        yield Label("", id=f"{name}-error", classes="field-error")

    def on_mount(self) -> None:
        self.query_one("#symptom", Input).focus()
        self._as_opened = self._typed()
        self._warned_cancel = False
        self._warned_quit = False
        #: The entry is being saved (in a thread worker): Save waits for it, and Cancel once.
        self.saving = False
        self._warned_leave = False
        #: Closed by a second Cancel while saving: how the save ends is a notification.
        self.left_while_saving = False

    def _typed(self) -> tuple[object, ...]:
        """Everything the form holds, to tell whether anything was typed since it opened."""
        lines = tuple(self.query_one(f"#{name}", Input).value for name in ONE_LINE_FIELDS)
        prose = tuple(self.query_one(f"#{name}", TextArea).text for name in PROSE_FIELDS)
        return (*lines, *prose, self.query_one("#domain", Select).value)

    @on(Input.Changed, "#validation")
    def lint_as_you_type(self, event: Input.Changed) -> None:
        problem = validation_problem(event.value) if event.value.strip() else None
        self.query_one("#validation-error", Label).update(Text(problem or ""))

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        values = {name: self.query_one(f"#{name}", Input).value for name in ONE_LINE_FIELDS}
        selected = self.query_one("#domain", Select).value
        domain = selected if isinstance(selected, str) else None
        force = self.query_one("#force", Checkbox).value
        problems = field_problems(values, domain, force)
        for name in (*ONE_LINE_FIELDS, "domain"):
            self.query_one(f"#{name}-error", Label).update(Text(problems.get(name, "")))
        self.query_one("#form-error", Label).update("")
        if problems:
            self._point_at([name for name in (*ONE_LINE_FIELDS, "domain") if name in problems])
            return
        assert domain is not None
        if self.saving:
            return
        try:
            content = self._content(values, domain)
        except KbError as exc:
            self.query_one("#form-error", Label).update(Text(str(exc)))
            return
        if content is not None:
            self._save(content, force)

    def _save(self, content: EntryContent, force: bool) -> None:
        """Save CONTENT in a thread worker: a database another process holds locked keeps the write
        waiting up to its busy timeout, and the form stays live meanwhile, saying so. The form closes
        once the entry is saved; an error is shown below the fields, which keep what was typed. A new
        entry is looked for among the known faults when its turn to be written comes, as `kb add`'s
        is (another screen or command may add it meanwhile), and its key, unless typed, is made from
        its symptom then: the screen never waits on the database."""
        self.saving = True
        self.query_one("#form-error", Label).update(Text("Saving…"))
        replacing = self.original.key if self.original else None
        unless_known = self._warned_duplicate != content.symptom  # not after "Save again to add it anyway"
        app = self.app  # a form that was closed meanwhile no longer finds it
        in_thread(
            app,
            "save",
            lambda: self.library.save(
                content,
                replacing=replacing,
                force=force,
                started_from=self.original,
                unless_known=unless_known,
            ),
            lambda saved: self._landed(saved.key, app),
            lambda exc: self._not_saved(exc, app, content),
        )

    def _landed(self, key: str, app: App[None]) -> None:
        if self.left_while_saving:
            app.notify(f"Saved {key}, after its form was closed.")
            if self.after_leaving is not None:
                self.after_leaving(key)
        else:
            self.dismiss(key)

    def _not_saved(self, exc: KbError | OSError, app: App[None], content: EntryContent) -> None:
        self.saving = False
        symptom = content.symptom
        kept = self._kept_as_draft(exc, content)
        if isinstance(exc, EditConflict):  # its hint acts on the knowledge base this screen shows
            exc = EditConflict(exc.key, exc.fields, saved_to=kept, prefix=self.library.prefix)
        elif kept is not None:
            exc = KbError(f"{failure_text(exc)}; your text is kept in {kept}")
        if self.left_while_saving and isinstance(exc, AddedMeanwhile):
            # AddedMeanwhile says "added meanwhile"; with the one look at the write the form cannot tell
            key = exc.duplicate.key
            app.notify(visible(f"Not saved: it looks like the existing entry {key}."), severity="error")
        elif self.left_while_saving:
            app.notify(f"Not saved: {visible(failure_text(exc))}", severity="error")
        elif isinstance(exc, AddedMeanwhile):
            self._warn_duplicate(symptom, exc.duplicate.key)
        elif isinstance(exc, KeyTaken):  # its hint is the command line's (--key): here it is a field
            taken = visible(f"an entry with key '{exc.key}' already exists: type another key")
            self.query_one("#key-error", Label).update(Text(taken))
            self._point_at(["key"], f"Key: {taken}")
        else:
            self.query_one("#form-error", Label).update(Text(visible(failure_text(exc))))

    def _kept_as_draft(self, exc: KbError | OSError, content: EntryContent) -> str | None:
        """Where an edit the store refused is kept, as `kb edit` keeps it (p opens it), or None: a
        change someone made meanwhile, or an entry merged or deleted meanwhile, sends the person
        away from the form to look; a form closed while saving has no text left but this."""
        if self.original is None or not (
            self.left_while_saving or isinstance(exc, (EditConflict, EntryNotFound))
        ):
            return None
        try:
            return str(self.library.keep_as_draft(content, self.original.key))
        except (KbError, OSError):  # the refusal is said all the same; the form still holds the text
            return None

    def _warn_duplicate(self, symptom: str, key: str) -> None:
        """Say that the existing entry KEY describes SYMPTOM; a second Save adds this one anyway."""
        self._warned_duplicate = symptom
        existing = f"the existing entry {key}"
        self.query_one("#form-error", Label).update("")
        self.query_one("#symptom-error", Label).update(
            Text(visible(f"looks like {existing}; Save again to add it anyway"))
        )
        self._point_at(["symptom"], visible(f"Symptom: looks like {existing}"))

    def _content(self, values: dict[str, str], domain: str) -> EntryContent | None:
        """The entry the form holds, or None when there is nothing to save (said why)."""
        base = self.starting or EntryContent(key="", domain=domain, symptom=values["symptom"].strip())
        typed = {**values, **{name: self.query_one(f"#{name}", TextArea).text for name in PROSE_FIELDS}}
        # A field shows a control character as its escape (kb.entry.visible); one left as shown
        # keeps what the entry holds, character for character.
        kept = {
            name: _field_text(base, name) if text == visible(_field_text(base, name)) else text
            for name, text in typed.items()
        }
        # Tags are typed comma-separated; a tag that holds a comma (an entry file may have one) is
        # kept whole unless the field was changed.
        tags = (
            base.tags
            if kept["tags"] == ", ".join(base.tags)
            else tuple(t.strip() for t in kept["tags"].split(",") if t.strip())
        )
        content = base.replace(
            key=kept["key"].strip() or (self.original.key if self.original else ""),  # "": from the symptom
            domain=domain,
            symptom=kept["symptom"].strip(),
            validation=kept["validation"].strip(),
            cause_path=kept["cause_path"],
            tags=tags,
            **{name: kept[name] for name in PROSE_FIELDS},
        )
        if self.original is not None and normalized(content) == self.original:
            self.app.notify(f"No changes to {self.original.key}: nothing was saved.")
            self.dismiss(None)
            return None
        return content

    def _point_at(self, names: list[str], summary: str | None = None) -> None:
        """Scroll the first field NAMES with a problem into view, and say below the fields what is
        wrong: a message beside a field out of sight was never read."""
        first = self.query_one(f"#{names[0]}-error", Label)
        first.scroll_visible(animate=False)
        if summary is None:
            labels = [ONE_LINE_FIELDS[name][0] if name in ONE_LINE_FIELDS else "Domain" for name in names]
            summary = f"To fix before saving: {', '.join(labels)}"
        self.query_one("#form-error", Label).update(Text(summary))

    def keeps_the_app_open(self) -> bool:
        """Whether a quit (Ctrl+Q, which works everywhere) waits: the first one while what was typed
        is not saved only says so; the second quits and throws it away, as a second Esc does."""
        if self._warned_quit or self.saving or self._typed() == self._as_opened:
            return False
        self._warned_quit = True
        self.query_one("#form-error", Label).update(
            Text("What you typed is not saved: Ctrl+Q again to quit and discard it, or Save (Ctrl+S)")
        )
        return True

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Close without saving; what was typed is only thrown away on a second Cancel."""
        if self.saving and not self._warned_leave:  # the write may land yet, or wait a long time
            self._warned_leave = True
            self.query_one("#form-error", Label).update(
                Text(
                    "Saving…: the form closes once it is saved; Esc again closes it now (kb says how it ends)"
                )
            )
            return
        if self.saving:
            self.left_while_saving = True
            self.dismiss(None)
            return
        if self._typed() != self._as_opened and not self._warned_cancel:
            self._warned_cancel = True
            self.query_one("#form-error", Label).update(
                Text("What you typed is not saved: Cancel (Esc) again to discard it, or Save (Ctrl+S)")
            )
            return
        self.dismiss(None)
