"""Output both `kb add` faces share (Typer's and the lean one), so they print the same words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.capture.recording import Recorded


def report_recorded(
    recorded: Recorded,
    as_json: bool,
    print_json: Callable[[Any], None],
    echo: Callable[..., None],
    to: str | None = None,
) -> None:
    """What both faces print once an entry is recorded (TO: in that layer, not the personal one):
    a line, and notes on what to do next on stderr; with AS_JSON, the entry and `recorded`, what was
    done with it and those notes, on stdout alone."""
    notes = _notes(recorded, to)
    if as_json:
        print_json({**recorded.entry.record(), "recorded": what_was_recorded(recorded, to, notes)})
        return
    echo(_said_recorded(recorded, to))
    for note in notes:
        echo(f"kb: {note}", err=True)


def what_was_recorded(recorded: Recorded, to: str | None, notes: list[str]) -> dict[str, Any]:
    """`kb add --json`'s account of the write: a new entry, or an occurrence of the one it duplicates
    (counted, or only its conditions and message kept, in an entry folder), in which layer, and the
    notes a person would read on stderr."""
    return {
        "new_entry": not recorded.occurrence,
        "occurrence_counted": recorded.occurrence and recorded.counted,
        "conditions_added": recorded.conditions_added,
        "variant_added": recorded.variant_added,
        "only_a_librarys_message": recorded.only_a_librarys_message,
        "layer": to,
        "notes": notes,
    }


def _notes(recorded: Recorded, to: str | None) -> list[str]:
    if recorded.occurrence:
        return []
    from kb.entry.lint import validation_problem

    entry, layer = recorded.entry, f"--layer {to} " if to else ""
    notes = []
    problem = validation_problem(entry.validation)
    if problem:
        notes.append(f"kept with --force: {problem}; `kb list --unvalidated` finds it")
    if recorded.only_a_librarys_message:
        notes.append(
            "a library raises this message for any caller that gets there: kb will show this entry for"
            " it, but be sure of it only when a paste also shows your part; say where in your code it"
            f" fails (`... in build_optimizer`) with `kb {layer}edit {entry.key}`, or record it from the"
            " traceback (`kb add --from-log FILE` keeps the place when the traceback passes through your"
            " code)"
        )
    if entry.validation and not entry.content().check_rule.declared:
        notes.append(
            "no --confirms, so kb check will read every run of its check as inconclusive;"
            f" `kb {layer}edit {entry.key}` says how its result is read"
        )
    return notes


def _said_recorded(recorded: Recorded, to: str | None) -> str:
    entry = recorded.entry
    if recorded.occurrence and not recorded.counted and (recorded.conditions_added or recorded.variant_added):
        kept = " and ".join(
            what
            for what, added in (
                ("the conditions", recorded.conditions_added),
                ("this message as a symptom variant", recorded.variant_added),
            )
            if added
        )
        return f"added {kept} to {entry.key}; an entry folder keeps no count of occurrences"
    if recorded.occurrence and not recorded.counted:
        return (
            f"{entry.key} is unchanged: an entry folder keeps no count of occurrences, only their"
            " conditions (--conditions)"
        )
    if recorded.occurrence:
        kept = "; this message is kept as a symptom variant" if recorded.variant_added else ""
        return f"counted another occurrence of {entry.key} (seen {entry.occurrences_met}x){kept}"
    where = f" to the {to} layer" if to else ""
    layer = f"--layer {to} " if to else ""
    return f"added {entry.key} ({entry.domain}){where}; see it with: kb {layer}show {entry.key}"
