"""The lean `kb add` face: the same options as the Typer command, parsed by the standard library.

Recording a fix should cost little more than the database driver it writes with (the store needs no
ORM; ~0.05 s over the floor); Typer's imports and command building would add about as much again.
So the console script routes `kb add` here, except
`--help` and `--edit`, which stay on Typer (kb/cli/add.py). Both parsers are built from one table,
kb.cli.options.ADD_OPTIONS; both faces turn its values into the same request() and call
kb.capture.recording.record_entry().
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.cli import console
from kb.cli.console import TerminalAsker, echo, print_json, run_reporting_errors
from kb.cli.options import ADD_OPTIONS, parse_lean, typer_only_flags
from kb.entry.content import TEXT_FIELDS

if TYPE_CHECKING:
    from kb.capture.adding import EntryFlags
    from kb.capture.recording import Prefill

#: The flags that stay on Typer: help, and the editor (Typer's prompts drive the re-open loop).
TYPER_ONLY = typer_only_flags(ADD_OPTIONS)


def parse_add_args(argv: list[str]) -> dict[str, Any]:
    """The arguments after `kb add`, as the values the Typer command receives."""
    return parse_lean("kb add", ADD_OPTIONS, argv)


def request(values: dict[str, Any]) -> tuple[EntryFlags, Prefill, dict[str, bool]]:
    """What to record, from where, and how: exactly what the Typer face passes on."""
    from kb.capture.adding import (  # deferred: the store and its driver
        EntryFlags,
        read_guards_file,
        rule_from_flags,
        split_tags,
    )
    from kb.capture.recording import Prefill

    given = EntryFlags(
        **{name: values[name] for name in ("key", "domain", *TEXT_FIELDS)},
        tags=split_tags(values["tags"]),
        variants=values["variants"],
        related=values["related"],
        applies_to=values["applies_to"],
        guards=read_guards_file(values["guards"]) if values["guards"] else None,
        check_rule=rule_from_flags(values["confirms"], values["pattern"], values["rules_out"]),
    )
    fill = Prefill(
        values["from_log"],
        values["from_last"],
        values["from_commit"],
        values["from_triage"],
        values["from_file"],
        values["env"],
        values["from_last_run"],
    )
    switches = {name: bool(values[name]) for name in ("new", "occurrence", "force", "as_json")}
    return given, fill, switches


def run_add(values: dict[str, Any]) -> int:
    from kb.capture.recording import record_entry
    from kb.cli.output import report_recorded
    from kb.layers.writing import other_layers, write_target

    given, fill, switches = request(values)
    ask = TerminalAsker() if console.interactive() else None
    with write_target(values["db"], values["to"]) as store:
        recorded = record_entry(
            store,
            given,
            fill,
            ask=ask,
            say=lambda message: echo(message, err=True),
            new=switches["new"],
            occurrence=switches["occurrence"],
            force=switches["force"],
            elsewhere=other_layers(values["db"], values["to"]),
        )
    report_recorded(recorded, switches["as_json"], print_json, echo, values["to"])
    return 0


def main(argv: list[str]) -> int:
    return run_reporting_errors(lambda: run_add(parse_add_args(argv)))
