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
    """What both faces print once an entry is recorded (TO: in that layer, not the personal one)."""
    from kb.entry.lint import validation_problem

    entry = recorded.entry
    if as_json:
        print_json(entry.record())
    elif (
        recorded.occurrence and not recorded.counted and (recorded.conditions_added or recorded.variant_added)
    ):
        kept = " and ".join(
            what
            for what, added in (
                ("the conditions", recorded.conditions_added),
                ("this message as a symptom variant", recorded.variant_added),
            )
            if added
        )
        echo(f"added {kept} to {entry.key}; an entry folder keeps no count of occurrences")
    elif recorded.occurrence and not recorded.counted:
        echo(
            f"{entry.key} is unchanged: an entry folder keeps no count of occurrences, only their"
            " conditions (--conditions)"
        )
    elif recorded.occurrence:
        kept = "; this message is kept as a symptom variant" if recorded.variant_added else ""
        echo(f"counted another occurrence of {entry.key} (seen {entry.occurrences_met}x){kept}")
    else:
        problem = validation_problem(entry.validation)
        if problem:
            echo(f"kb: kept with --force: {problem}; `kb list --unvalidated` finds it", err=True)
        where = f" to the {to} layer" if to else ""
        layer = f"--layer {to} " if to else ""
        echo(f"added {entry.key} ({entry.domain}){where}; see it with: kb {layer}show {entry.key}")
        if recorded.only_a_librarys_message:
            echo(
                "kb: a library raises this message for any caller that gets there: kb will show this"
                " entry for it, but be sure of it only when a paste also shows your part; say where in"
                f" your code it fails (`... in build_optimizer`) with `kb {layer}edit {entry.key}`",
                err=True,
            )
        if entry.validation and not entry.content().check_rule.declared:
            echo(
                f"kb: no --confirms, so kb check will read every run of its check as inconclusive;"
                f" `kb {layer}edit {entry.key}` says how its result is read",
                err=True,
            )
