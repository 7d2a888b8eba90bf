"""`kb add`: record a fault within minutes of fixing it.

On a terminal, with no flags, it asks only for the symptom, the validation and the fix; the domain,
cause path and tags are suggested and accepted with Enter. The symptom can come from a log
(`--from-log`) or from the last search that found nothing (`--from-last`), the fix from a commit
(`--from-commit`), everything from a triage draft (`--from-triage`). A fault that is already known is
counted again instead of copied. Nothing is written until every question is answered.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kb.cli import common
from kb.cli.common import app
from kb.cli.entries import edit_until_valid
from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.errors import KbError, UsageError

if TYPE_CHECKING:
    from kb.capture import EntryFlags
    from kb.entry import EntryContent
    from kb.store import EntryStore


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
    from kb import capture  # deferred: pulls in the parser, the store and search

    given = capture.EntryFlags(
        key=key,
        domain=domain,
        symptom=symptom,
        validation=validation,
        fix=fix,
        root_cause=root_cause,
        cause_path=cause_path,
        tags=capture.split_tags(tags),
        variants=variants,
        conditions=conditions,
        environment=environment,
        case=case,
        snippet=snippet,
        source=source,
        related=related,
    )
    options = Sources(from_log, from_last, from_commit, from_triage, from_file, env, edit)
    record_entry(ctx, given, options, new=new, occurrence=occurrence, force=force, as_json=as_json)


@dataclasses.dataclass(frozen=True)
class Sources:
    """Where the entry's text may come from besides the flags."""

    from_log: str | None = None
    from_last: bool = False
    from_commit: str | None = None
    from_triage: bool = False
    from_file: Path | None = None
    env: bool = False
    edit: bool = False


def record_entry(
    ctx: typer.Context,
    given: EntryFlags,
    options: Sources,
    *,
    new: bool = False,
    occurrence: bool = False,
    force: bool = False,
    as_json: bool = False,
) -> None:
    """The whole of `kb add`, also offered at the end of `kb triage`."""
    from kb import capture

    if new and occurrence:
        raise UsageError("--new and --occurrence contradict each other; choose one")
    given = _fill_from_sources(given, options.from_log, options.from_commit, options.env)
    with common.open_kb(ctx) as store:
        if options.from_last:
            given = _from_last_search(given, store)
        content = _compose(given, store, options, force)
        if not new:
            from kb.suggest import find_duplicate

            duplicate = find_duplicate(store, content.symptom)
            if duplicate is not None and _count_as_occurrence(duplicate.key, duplicate.symptom, occurrence):
                entry = store.record_occurrence(duplicate.key, content.conditions)
                typer.echo(f"counted another occurrence of {entry.key} (seen {entry.occurrences}x)")
                return
            if occurrence and duplicate is None:
                raise KbError("no existing entry looks like this one; drop --occurrence to add it")
        entry = capture.add_entry(store, content, force=force)
    if as_json:
        common.print_json(entry.record())
        return
    problem = capture.lint_problem(entry.validation)
    if problem:
        typer.echo(f"kb: kept with --force: {problem}; `kb list --unvalidated` finds it", err=True)
    typer.echo(f"added {entry.key} ({entry.domain}); see it with: kb show {entry.key}")


def _fill_from_sources(
    given: EntryFlags, from_log: str | None, from_commit: str | None, env: bool
) -> EntryFlags:
    from kb import sources

    changes: dict[str, object] = {}
    if from_log is not None and not given.symptom:
        changes["symptom"] = sources.symptom_from_log(sources.read_log(from_log))
    if from_commit is not None and not given.fix:
        changes["fix"] = sources.commit_fix(from_commit or "HEAD").as_fix()
    if env:
        from kb.environment import capture_baseline

        baseline = capture_baseline().as_text()
        changes["environment"] = f"{given.environment}\n{baseline}".strip() if given.environment else baseline
    return dataclasses.replace(given, **changes) if changes else given  # type: ignore[arg-type]


def _from_last_search(given: EntryFlags, store: EntryStore) -> EntryFlags:
    from kb.sources import ago

    miss = store.last_miss()
    if miss is None:
        raise KbError("no search without a confident answer to take the symptom from; search first")
    typer.echo(f"you searched this {ago(miss.searched, store.now())}: {miss.decisive[:200]}", err=True)
    return given if given.symptom else dataclasses.replace(given, symptom=miss.decisive)


def _compose(given: EntryFlags, store: EntryStore, options: Sources, force: bool) -> EntryContent:
    from kb import capture

    from_file = options.from_file
    if options.from_triage:
        from kb.triage_session import latest_triage_draft

        from_file = latest_triage_draft()
        if from_file is None:
            raise KbError("no triage draft yet; run `kb triage` first")
    if from_file is not None:
        content = capture.content_from_file(from_file, given)
        if common.interactive():
            content = _ask_missing_in(content)
        return content
    if options.edit:
        return edit_until_valid(capture.template_for(given), "new-entry", force)
    given = _converse(given, store) if common.interactive() else _accept_suggested_domain(given, store)
    return capture.content_from_flags(given, store)


def _converse(given: EntryFlags, store: EntryStore) -> EntryFlags:
    """The three questions, then the suggestions; Enter accepts each suggestion.

    When the flags already hold the validation and the fix, only what is still required is asked.
    """
    from kb.suggest import suggest

    if given.validation and given.fix and given.symptom:
        if given.domain:
            return given
        hints = suggest(store, given.symptom)
        chosen = typer.prompt(
            f"Domain ({', '.join(DOMAIN_NAMES)})", default=hints.domain or None, value_proc=resolve_domain
        )
        return dataclasses.replace(given, domain=chosen)
    changes: dict[str, object] = {}
    symptom = given.symptom or typer.prompt("Symptom (the error line you saw)")
    if given.symptom and not given.validation:
        typer.echo(f"Symptom: {given.symptom}")
    changes["symptom"] = symptom
    if not given.validation:
        changes["validation"] = typer.prompt("Validation (one line that proves the cause)")
    if not given.fix:
        changes["fix"] = typer.prompt("Fix", default="", show_default=False)
    hints = suggest(store, symptom)
    if not given.domain:
        changes["domain"] = typer.prompt(
            f"Domain ({', '.join(DOMAIN_NAMES)})", default=hints.domain or None, value_proc=resolve_domain
        )
    if not given.cause_path:
        known = f" (known: {'; '.join(hints.known_paths[:4])})" if hints.known_paths else ""
        changes["cause_path"] = typer.prompt(
            f"Cause path{known}", default=hints.cause_path or "", show_default=True
        )
    if given.tags is None:
        from kb.capture import split_tags

        answer = typer.prompt("Tags", default=", ".join(hints.tags), show_default=True)
        changes["tags"] = split_tags([answer]) or []
    return dataclasses.replace(given, **changes)  # type: ignore[arg-type]


def _accept_suggested_domain(given: EntryFlags, store: EntryStore) -> EntryFlags:
    """Off a terminal the domain may still be inferred, and kb says so."""
    if given.domain or not given.symptom:
        return given
    from kb.suggest import suggest

    hints = suggest(store, given.symptom)
    if hints.domain is None:
        return given
    typer.echo(f"kb: domain {hints.domain} (suggested from the symptom; pass --domain to choose)", err=True)
    return dataclasses.replace(given, domain=hints.domain)


def _ask_missing_in(content: EntryContent) -> EntryContent:
    changes: dict[str, str] = {}
    if not content.validation:
        changes["validation"] = typer.prompt("Validation (one line that proves the cause)")
    if not content.fix:
        changes["fix"] = typer.prompt("Fix", default="", show_default=False)
    return content.replace(**changes) if changes else content


def _count_as_occurrence(key: str, symptom: str, occurrence: bool) -> bool:
    typer.echo(f"This looks like an existing entry: {key}\n  {symptom[:160]}", err=True)
    if occurrence:
        return True
    if common.interactive():
        return typer.confirm(
            f"Record it as another occurrence of {key} instead of a new entry?", default=True
        )
    raise KbError(f"this looks like '{key}'; add --occurrence to count it there, or --new to add it anyway")
