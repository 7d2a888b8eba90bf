"""The `kb` command: each command parses, calls one core function, and prints.

Heavy modules are imported inside the commands that need them, so that `kb --help` stays fast: the
store pulls in the ORM (~0.3 s), which read-only fast paths and help must never pay for.
"""

from __future__ import annotations

import functools
import json
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from kb import __version__
from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.errors import Cancelled, KbError

if TYPE_CHECKING:
    from kb.entry import EntryContent
    from kb.store import EntryStore

F = TypeVar("F", bound=Callable[..., Any])


def _reporting_errors(command: F) -> F:
    """The one place where KbError becomes a one-line message and an exit code."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except KbError as exc:
            typer.echo(f"kb: {exc}", err=True)
            raise typer.Exit(exc.exit_code) from None
        except (KeyboardInterrupt, typer.Abort):
            typer.echo("kb: interrupted; nothing was written", err=True)
            raise typer.Exit(130) from None

    return run  # type: ignore[return-value]


class KbTyper(typer.Typer):
    """A Typer whose commands report KbError as `kb: message` on stderr instead of a traceback."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        register = super().command(*args, **kwargs)

        def decorator(function: F) -> F:
            register(_reporting_errors(function))
            return function

        return decorator


app = KbTyper(
    name="kb",
    help="A personal fault knowledge base: symptom → one-line validation → fix.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kb {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database file or SQLAlchemy URL [env: KB_DB]", show_default=False),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """kb: record a fault within 15 minutes of fixing it, find it again in seconds."""
    ctx.obj = db


@contextmanager
def _store(ctx: typer.Context) -> Iterator[EntryStore]:
    from kb.seed import open_knowledge_base  # deferred: opening the store costs the ORM import

    store = open_knowledge_base(ctx.obj)
    try:
        yield store
    finally:
        store.close()


def _interactive() -> bool:
    """Prompts only make sense when a person is at the keyboard."""
    return sys.stdin.isatty()


def _width() -> int:
    return min(shutil.get_terminal_size((80, 24)).columns, 120)


def _bold(text: str) -> str:
    import os

    if os.environ.get("NO_COLOR") or not sys.stdout.isatty():
        return text
    return typer.style(text, bold=True)


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _domain(value: str | None) -> str | None:
    return resolve_domain(value) if value else None


# --- commands -------------------------------------------------------------------------------------

DomainOption = Annotated[
    str | None,
    typer.Option("--domain", "-d", help=f"Fault domain: {', '.join(DOMAIN_NAMES)}.", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


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
    domain: DomainOption = None,
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
    as_json: JsonOption = False,
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
    with _store(ctx) as store:
        if from_file is not None:
            content = capture.content_from_file(from_file, given)
        elif edit:
            content = _edit_until_valid(capture.template_for(given), "new-entry", force)
        else:
            content = capture.content_from_flags(_prompt_missing(given) if _interactive() else given, store)
        entry = capture.add_entry(store, content, force=force)
        if as_json:
            _print_json(entry.record())
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
            if _interactive() and typer.confirm("Re-open the editor?", default=True):
                continue
            draft = save_draft(text, name)
            raise Cancelled(f"not saved; your text is kept in {draft}") from None


@app.command()
def show(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="The entry's key.", show_default=False)],
    as_json: JsonOption = False,
    snippet: Annotated[bool, typer.Option("--snippet", help="Print only the debugging snippet.")] = False,
) -> None:
    """Show one entry, readable on an 80-column terminal."""
    from kb.terminal import format_entry

    with _store(ctx) as store:
        entry = store.get(key)
    if as_json:
        _print_json(entry.record())
    elif snippet:
        if not entry.snippet:
            raise KbError(f"entry '{key}' has no snippet")
        typer.echo(entry.snippet)
    else:
        typer.echo(format_entry(entry.content(), entry.facts(), _width(), _bold))


@app.command()
def edit(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="The entry's key.", show_default=False)],
    force: Annotated[bool, typer.Option("--force", help="Keep a validation that fails the lint.")] = False,
) -> None:
    """Edit an entry in $EDITOR. An invalid result can be re-opened or aborted; nothing is lost."""
    from kb.entry_file import render_entry_file

    with _store(ctx) as store:
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
    domain: DomainOption = None,
    tag: Annotated[str | None, typer.Option("--tag", "-t", help="Only entries with this tag.")] = None,
    status: Annotated[str, typer.Option("--status", help="active, archived or all.")] = "active",
    unvalidated: Annotated[
        bool, typer.Option("--unvalidated", help="Only entries whose validation fails the lint.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """List entries, filtered by domain, tag and status."""
    from kb.terminal import format_table

    if status not in ("active", "archived", "all"):
        raise typer.BadParameter("use active, archived or all", param_hint="--status")
    with _store(ctx) as store:
        entries = store.list(_domain(domain), tag, None if status == "all" else status, unvalidated)
    if as_json:
        _print_json([e.record() for e in entries])
        return
    if not entries:
        typer.echo("no entries match", err=True)
        return
    typer.echo(format_table([(e.key, e.domain, e.symptom) for e in entries], _width()))


@app.command()
def rm(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="The entry's key.", show_default=False)],
    purge: Annotated[bool, typer.Option("--purge", help="Delete for good instead of archiving.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before --purge.")] = False,
) -> None:
    """Archive an entry (undo with `kb restore`); --purge deletes it after a confirmation."""
    with _store(ctx) as store:
        entry = store.get(key)
        if not purge:
            store.set_status(key, "archived")
            typer.echo(f"archived {key}; undo with: kb restore {key}")
            return
        if not yes:
            if not _interactive():
                raise KbError("--purge deletes for good; add --yes to confirm when not on a terminal")
            if not typer.confirm(f"Delete '{key}' ({entry.symptom[:50]}) for good?", default=False):
                raise Cancelled("not deleted")
        store.purge(key)
    typer.echo(f"deleted {key}")


@app.command()
def restore(
    ctx: typer.Context, key: Annotated[str, typer.Argument(help="The entry's key.", show_default=False)]
) -> None:
    """Bring an archived entry back."""
    with _store(ctx) as store:
        entry = store.get(key)
        if entry.status == "active":
            typer.echo(f"{key} is already active")
            return
        store.set_status(key, "active")
    typer.echo(f"restored {key}")


@app.command()
def seed(
    ctx: typer.Context,
    directory: Annotated[
        Path | None, typer.Option("--from", help="A folder of entry files [default: the bundled seeds].")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Load or refresh the seed entries. Entries you edited are never overwritten."""
    from kb.seed import load_seed

    with _store(ctx) as store:
        report = load_seed(store, directory)
    if as_json:
        _print_json(vars(report))
        return
    typer.echo(
        f"added {len(report.added)}, updated {len(report.updated)}, unchanged {len(report.unchanged)}, "
        f"kept your edits {len(report.kept)}"
    )
    if report.kept:
        typer.echo("kept as you edited them: " + ", ".join(report.kept))


@app.command()
def search(
    ctx: typer.Context,
    query: Annotated[
        list[str] | None,
        typer.Argument(help="Error text or a description; '-' reads standard input.", show_default=False),
    ] = None,
    file: Annotated[str | None, typer.Option("--file", "-F", help="Read the query from a log file.")] = None,
    as_json: JsonOption = False,
    explain: Annotated[
        bool,
        typer.Option("--explain", help="Show the decisive line, the signature and why each result scored."),
    ] = False,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many results.")] = 5,
    domain: DomainOption = None,
    include_archived: Annotated[bool, typer.Option("--all", help="Search archived entries too.")] = False,
    exact: Annotated[
        bool, typer.Option("--exact", help="Only entries whose symptom contains the query.")
    ] = False,
    regex: Annotated[
        bool, typer.Option("--regex", help="The query is a regular expression over symptoms.")
    ] = False,
) -> None:
    """Paste any error (or pipe a log with -) and get the entry that fixes it.

    Exit status: 0 when a confident match was found, 1 when none was, 2 for usage errors.
    """
    from kb.search_cli import SearchArgs, run_search

    args = SearchArgs(
        query=query or [],
        file=file,
        as_json=as_json,
        explain=explain,
        limit=limit,
        domain=domain,
        include_archived=include_archived,
        exact=exact,
        regex=regex,
        db=ctx.obj,
    )
    raise typer.Exit(run_search(args))


@app.command()
def where(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Show where the database is, its schema version and its counts."""
    from kb.db import SCHEMA_VERSION

    with _store(ctx) as store:
        counts = store.counts()
        location = store.location.display()
    if as_json:
        _print_json(
            {
                "database": location,
                "schema_version": SCHEMA_VERSION,
                "entries": counts.total,
                "by_status": counts.by_status,
                "by_domain": counts.by_domain,
            }
        )
        return
    typer.echo(f"database  {location}")
    typer.echo(f"schema    version {SCHEMA_VERSION}")
    status = ", ".join(f"{n} {s}" for s, n in sorted(counts.by_status.items()))
    typer.echo(f"entries   {counts.total} ({status or 'none'})")
    for domain in DOMAIN_NAMES:
        if counts.by_domain.get(domain):
            typer.echo(f"  {domain:<11} {counts.by_domain[domain]}")
