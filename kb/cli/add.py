"""`kb add`: record a fault within minutes of fixing it.

On a terminal, with no flags, it asks only for the symptom, the validation and the fix; the domain,
cause path and tags are suggested and accepted with Enter. The symptom can come from a log
(`--from-log`) or from the last search that found nothing (`--from-last`), the fix from a commit
(`--from-commit`), everything from a triage draft (`--from-triage`). A fault that is already known is
counted again instead of copied. Nothing is written until every question is answered.

Like `kb search`, the console script routes `kb add` to a lean stdlib twin (kb/cli/fast_add.py) before
Typer loads, except for `--help` and `--edit`; both build the same flags and call the same
kb.capture.recording.record_entry(). This module is what `kb add --help`, `--edit` and the tests use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kb.cli import common, console
from kb.cli.common import app
from kb.cli.entries import edit_until_valid

if TYPE_CHECKING:
    from kb.capture.adding import EntryFlags
    from kb.capture.recording import Sources
    from kb.entry.content import EntryContent


def _text_option(flag: str, help_text: str, short: str | None = None) -> object:
    names = (flag, short) if short else (flag,)
    return typer.Option(*names, help=help_text, show_default=False)


@app.command()
def add(
    ctx: typer.Context,
    symptom: Annotated[
        str | None, _text_option("--symptom", "What you saw: the literal error line.", "-s")
    ] = None,
    validation: Annotated[
        str | None, _text_option("--validation", "One line that proves or disproves the cause.", "-v")
    ] = None,
    fix: Annotated[str | None, _text_option("--fix", "What to change, with the exact API.", "-f")] = None,
    domain: common.DomainOption = None,
    key: Annotated[str | None, _text_option("--key", "Slug; made from the symptom if omitted.", "-k")] = None,
    root_cause: Annotated[str | None, _text_option("--root-cause", "Why it happens.")] = None,
    cause_path: Annotated[
        str | None,
        _text_option("--cause-path", "Branch of the fault tree, e.g. 'IO bottleneck > num_workers'."),
    ] = None,
    tags: Annotated[
        list[str] | None, _text_option("--tag", "A tag; repeat or separate with commas.", "-t")
    ] = None,
    variants: Annotated[
        list[str] | None, _text_option("--variant", "Another literal form of the symptom.")
    ] = None,
    conditions: Annotated[str | None, _text_option("--conditions", "How to reproduce it.")] = None,
    environment: Annotated[str | None, _text_option("--environment", "Versions and env vars.")] = None,
    case: Annotated[str | None, _text_option("--case", "The story, if worth keeping.")] = None,
    snippet: Annotated[str | None, _text_option("--snippet", "A debugging snippet to keep.")] = None,
    source: Annotated[str | None, _text_option("--source", "Where it comes from [default: own].")] = None,
    related: Annotated[
        list[str] | None, _text_option("--related", "Key of a related entry; repeatable.")
    ] = None,
    from_log: Annotated[
        str | None,
        _text_option("--from-log", "Take the symptom from a log or traceback file ('-' for stdin)."),
    ] = None,
    from_last: Annotated[
        bool, typer.Option("--from-last", help="Take the symptom from your last search that found nothing.")
    ] = False,
    from_commit: Annotated[
        str | None, _text_option("--from-commit", "Take the fix from a git commit [REV defaults to HEAD].")
    ] = None,
    from_triage: Annotated[
        bool, typer.Option("--from-triage", help="Finish the draft your last `kb triage` left.")
    ] = False,
    from_file: Annotated[
        Path | None, _text_option("--from-file", "Read the entry from an entry file.")
    ] = None,
    guards: Annotated[
        Path | None,
        _text_option("--guards", "Attach the [[guards]] tables of a TOML file (see kb export pre-commit)."),
    ] = None,
    env: Annotated[
        bool,
        typer.Option("--env", help="Capture the environment baseline: Python, OS, GPUs, versions, env vars."),
    ] = False,
    edit: Annotated[
        bool, typer.Option("--edit", "-e", help="Write the entry in $EDITOR, from a template.")
    ] = False,
    new: Annotated[bool, typer.Option("--new", help="Add it even if an entry looks the same.")] = False,
    occurrence: Annotated[
        bool,
        typer.Option("--occurrence", help="If an entry looks the same, count this as another occurrence."),
    ] = False,
    force: Annotated[bool, typer.Option("--force", help="Keep a validation that fails the lint.")] = False,
    as_json: common.JsonOption = False,
) -> None:
    """Record a fault: symptom → validation → fix. Prompts for what is missing on a terminal."""
    from kb.capture.adding import (  # deferred: pulls in the store and search
        EntryFlags,
        read_guards_file,
        split_tags,
    )
    from kb.capture.recording import Sources

    given = EntryFlags(
        key=key,
        domain=domain,
        symptom=symptom,
        validation=validation,
        fix=fix,
        root_cause=root_cause,
        cause_path=cause_path,
        tags=split_tags(tags),
        variants=variants,
        conditions=conditions,
        environment=environment,
        case=case,
        snippet=snippet,
        source=source,
        related=related,
        guards=read_guards_file(guards) if guards else None,
    )
    sources = Sources(from_log, from_last, from_commit, from_triage, from_file, env)
    record_entry(ctx, given, sources, edit=edit, new=new, occurrence=occurrence, force=force, as_json=as_json)


def record_entry(
    ctx: typer.Context,
    given: EntryFlags,
    sources: Sources,
    *,
    edit: bool = False,
    new: bool = False,
    occurrence: bool = False,
    force: bool = False,
    as_json: bool = False,
) -> None:
    """The whole of `kb add`, also offered at the end of `kb triage`."""
    from kb.capture.recording import record_entry as record

    def edit_template(flags: EntryFlags) -> EntryContent:
        from kb.capture.adding import template_for

        return edit_until_valid(template_for(flags), "new-entry", force)

    ask = console.TerminalAsker() if console.interactive() else None
    with common.open_kb(ctx, remind=not as_json) as store:
        recorded = record(
            store,
            given,
            sources,
            ask=ask,
            say=lambda message: typer.echo(message, err=True),
            new=new,
            occurrence=occurrence,
            force=force,
            edit=edit_template if edit else None,
        )
    from kb.cli.output import report_recorded

    report_recorded(recorded, as_json, console.print_json, typer.echo)
