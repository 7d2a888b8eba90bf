"""Commands on single entries: add, show, edit, list, rm, restore."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kb.cli import common
from kb.cli.common import app
from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.errors import Cancelled, KbError

if TYPE_CHECKING:
    from kb.entry import EntryContent


@app.command()
def add(
    ctx: typer.Context,
    symptom: Annotated[
        str | None, typer.Option("--symptom", "-s", help="What you saw: the literal error line.")
    ] = None,
    validation: Annotated[
        str | None, typer.Option("--validation", "-v", help="One line that proves or disproves the cause.")
    ] = None,
    fix: Annotated[
        str | None, typer.Option("--fix", "-f", help="What to change, with the exact API.")
    ] = None,
    domain: common.DomainOption = None,
    key: Annotated[
        str | None, typer.Option("--key", "-k", help="Slug; made from the symptom if omitted.")
    ] = None,
    root_cause: Annotated[str | None, typer.Option("--root-cause", help="Why it happens.")] = None,
    cause_path: Annotated[
        str | None,
        typer.Option("--cause-path", help="Branch of the fault tree, e.g. 'IO bottleneck > num_workers'."),
    ] = None,
    tags: Annotated[
        list[str] | None, typer.Option("--tag", "-t", help="A tag; repeat or separate with commas.")
    ] = None,
    variants: Annotated[
        list[str] | None, typer.Option("--variant", help="Another literal form of the symptom; repeatable.")
    ] = None,
    conditions: Annotated[str | None, typer.Option("--conditions", help="How to reproduce it.")] = None,
    environment: Annotated[str | None, typer.Option("--environment", help="Versions and env vars.")] = None,
    case: Annotated[str | None, typer.Option("--case", help="The story, if worth keeping.")] = None,
    snippet: Annotated[str | None, typer.Option("--snippet", help="A debugging snippet to keep.")] = None,
    source: Annotated[
        str | None, typer.Option("--source", help="Where it comes from [default: own].")
    ] = None,
    related: Annotated[
        list[str] | None, typer.Option("--related", help="Key of a related entry; repeatable.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Keep a validation that fails the lint.")] = False,
    edit: Annotated[
        bool, typer.Option("--edit", "-e", help="Write the entry in $EDITOR, from a template.")
    ] = False,
    from_file: Annotated[
        Path | None,
        typer.Option("--from-file", help="Read the entry from an entry file.", show_default=False),
    ] = None,
    as_json: common.JsonOption = False,
) -> None:
    """Record a fault: symptom → validation → fix. Prompts for what is missing on a terminal."""
    from kb import capture  # deferred: pulls in the entry-file parser

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
    with common.open_kb(ctx) as store:
        if from_file is not None:
            content = capture.content_from_file(from_file, given)
        elif edit:
            content = _edit_until_valid(capture.template_for(given), "new-entry", force)
        else:
            content = capture.content_from_flags(
                _prompt_missing(given) if common.interactive() else given, store
            )
        entry = capture.add_entry(store, content, force=force)
        if as_json:
            common.print_json(entry.record())
            return
        problem = capture.lint_problem(entry.validation)
        if problem:
            typer.echo(f"kb: kept with --force: {problem}; `kb list --unvalidated` finds it", err=True)
        typer.echo(f"added {entry.key} ({entry.domain}); see it with: kb show {entry.key}")


def _prompt_missing(given: Any) -> Any:
    """Ask for the three fields that make an entry: symptom, validation, fix (and the domain)."""
    import dataclasses

    changes: dict[str, Any] = {}
    if not given.symptom:
        changes["symptom"] = typer.prompt("Symptom (the error line you saw)")
    if not given.validation:
        changes["validation"] = typer.prompt("Validation (one line that proves the cause)")
    if not given.fix:
        changes["fix"] = typer.prompt("Fix", default="", show_default=False)
    if not given.domain:
        changes["domain"] = typer.prompt(f"Domain ({', '.join(DOMAIN_NAMES)})", value_proc=resolve_domain)
    return dataclasses.replace(given, **changes)


def _edit_until_valid(text: str, name: str, force: bool) -> EntryContent:
    """Open $EDITOR until the entry parses; on abort keep the text as a draft. Nothing is lost."""
    from kb import capture
    from kb.editor import edit_text, save_draft

    while True:
        text = edit_text(text, name)
        try:
            return capture.content_from_text(text, force=force)
        except KbError as exc:
            typer.echo(f"kb: {exc}", err=True)
            if common.interactive() and typer.confirm("Re-open the editor?", default=True):
                continue
            draft = save_draft(text, name)
            raise Cancelled(f"not saved; your text is kept in {draft}") from None


@app.command()
def show(
    ctx: typer.Context,
    key: common.KeyArgument,
    as_json: common.JsonOption = False,
    snippet: Annotated[bool, typer.Option("--snippet", help="Print only the debugging snippet.")] = False,
) -> None:
    """Show one entry, readable on an 80-column terminal."""
    from kb.terminal import format_entry

    with common.open_kb(ctx) as store:
        entry = store.get(key)
    if as_json:
        common.print_json(entry.record())
    elif snippet:
        if not entry.snippet:
            raise KbError(f"entry '{key}' has no snippet")
        typer.echo(entry.snippet)
    else:
        typer.echo(format_entry(entry.content(), entry.facts(), common.width(), common.bold))


@app.command()
def edit(
    ctx: typer.Context,
    key: common.KeyArgument,
    force: Annotated[bool, typer.Option("--force", help="Keep a validation that fails the lint.")] = False,
) -> None:
    """Edit an entry in $EDITOR. An invalid result can be re-opened or aborted; nothing is lost."""
    from kb.entry_file import render_entry_file

    with common.open_kb(ctx) as store:
        before = store.get(key).content()
        after = _edit_until_valid(render_entry_file(before), key, force)
        if after == before:
            typer.echo(f"no changes to {key}")
            return
        entry = store.update(key, after)
    typer.echo(f"saved {entry.key}")


@app.command("list")
def list_entries(
    ctx: typer.Context,
    domain: common.DomainOption = None,
    tag: Annotated[str | None, typer.Option("--tag", "-t", help="Only entries with this tag.")] = None,
    status: Annotated[str, typer.Option("--status", help="active, archived or all.")] = "active",
    unvalidated: Annotated[
        bool, typer.Option("--unvalidated", help="Only entries whose validation fails the lint.")
    ] = False,
    as_json: common.JsonOption = False,
) -> None:
    """List entries, filtered by domain, tag and status."""
    from kb.terminal import format_table

    if status not in ("active", "archived", "all"):
        raise typer.BadParameter("use active, archived or all", param_hint="--status")
    with common.open_kb(ctx) as store:
        entries = store.list(
            common.domain_or_none(domain), tag, None if status == "all" else status, unvalidated
        )
    if as_json:
        common.print_json([e.record() for e in entries])
        return
    if not entries:
        typer.echo("no entries match", err=True)
        return
    typer.echo(format_table([(e.key, e.domain, e.symptom) for e in entries], common.width()))


@app.command()
def rm(
    ctx: typer.Context,
    key: common.KeyArgument,
    purge: Annotated[bool, typer.Option("--purge", help="Delete for good instead of archiving.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before --purge.")] = False,
) -> None:
    """Archive an entry (undo with `kb restore`); --purge deletes it after a confirmation."""
    with common.open_kb(ctx) as store:
        entry = store.get(key)
        if not purge:
            store.set_status(key, "archived")
            typer.echo(f"archived {key}; undo with: kb restore {key}")
            return
        if not yes:
            if not common.interactive():
                raise KbError("--purge deletes for good; add --yes to confirm when not on a terminal")
            if not typer.confirm(f"Delete '{key}' ({entry.symptom[:50]}) for good?", default=False):
                raise Cancelled("not deleted")
        store.purge(key)
    typer.echo(f"deleted {key}")


@app.command()
def restore(ctx: typer.Context, key: common.KeyArgument) -> None:
    """Bring an archived entry back."""
    with common.open_kb(ctx) as store:
        entry = store.get(key)
        if entry.status == "active":
            typer.echo(f"{key} is already active")
            return
        store.set_status(key, "active")
    typer.echo(f"restored {key}")
