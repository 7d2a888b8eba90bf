"""Commands on the knowledge base as a whole: search, seed, where."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from kb.cli import common, console
from kb.cli.common import app
from kb.cli.options import SEARCH_OPTIONS
from kb.domains import DOMAIN_NAMES
from kb.entry.visible import plural, visible
from kb.errors import KbError, UsageError


@app.command()
@common.declared(SEARCH_OPTIONS)
def search(ctx: typer.Context, **values: Any) -> None:
    """Paste any error (or pipe a log with -) and get the entry that fixes it.

    kb is confident only when the paste is evidence of one fault: more than an everyday error of
    the same kind would explain, and more than a word or two. A message several faults raise is
    answered with each of them and their checks, and how many of those give a verdict ("one_of" in
    --json).

    Exit status: 0 when a confident match was found, 1 when none was, 2 for usage errors.
    """
    from kb.cli.fast_search import SearchArgs, run_search

    chosen = ctx.meta[common.LAYER][1] if common.LAYER in ctx.meta else None  # kb --layer NAME search
    raise typer.Exit(run_search(SearchArgs(**{**values, "db": values["db"] or ctx.obj}), only=chosen))


@app.command()
def seed(
    ctx: typer.Context,
    directory: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="A folder of entry files [default: the bundled seeds].",
            metavar="DIRECTORY",
            parser=common.a_path,
        ),
    ] = None,
    keys: Annotated[
        list[str] | None,
        typer.Option(
            "--key",
            help="Only this seed (repeat for more), brought back even if you merged it away, purged"
            " or renamed it.",
            show_default=False,
            metavar="KEY",
        ),
    ] = None,
    as_json: common.JsonOption = False,
) -> None:
    """Load or refresh the seed entries. Entries you edited are never overwritten, and seeds you
    merged away, purged or renamed are not brought back (unless you ask for one with --key)."""
    from kb.store.seeding import load_seed

    if directory is not None:
        from kb.layers.trust import refuse_an_unread_project_folder

        refuse_an_unread_project_folder(str(directory), "kb seed --from")
    with common.open_kb(ctx, remind=not as_json) as store:
        report = load_seed(store, directory, keys or ())
    if as_json:
        console.print_json(report._asdict())
        return
    typer.echo(
        f"added {len(report.added)}, updated {len(report.updated)}, unchanged {len(report.unchanged)}, "
        f"kept your edits {len(report.kept)}, kept your removals {len(report.removals)}"
    )
    if report.kept:
        typer.echo("kept as you edited them: " + ", ".join(report.kept))
    again = common.command_prefix(ctx)
    if report.removals:
        typer.echo(
            "kept out as you removed them: "
            + ", ".join(report.removals)
            + f" (bring one back with: {again}seed --key KEY)"
        )
    if report.archived:
        typer.echo(
            "left archived as you archived them: "
            + ", ".join(report.archived)
            + f" (bring one back with: {again}restore KEY)"
        )


@app.command()
def init(
    ctx: typer.Context,
    empty: Annotated[
        bool,
        typer.Option(
            "--empty", help="Start with no entries (a team database, a restore) instead of the seeds."
        ),
    ] = False,
    as_json: common.JsonOption = False,
) -> None:
    """Create the knowledge base now, seeded or --empty. Any other command creates it seeded on first use.

    KB_SEED=0 in the environment makes every new knowledge base start empty.
    """
    from kb.store.seeding import initialize

    report = initialize(common.database_of(ctx, "init"), empty)
    if as_json:
        console.print_json(report._asdict())
        return
    if not report.started:
        held = plural(report.entries, "entry", "entries")
        typer.echo(f"{report.database} already holds a knowledge base ({held}); left as it is")
    elif not report.seeded:
        typer.echo(f"started an empty knowledge base at {report.database}")
    else:
        typer.echo(f"started a knowledge base at {report.database} with {report.seeded} seed entries")


@app.command()
def where(ctx: typer.Context, as_json: common.JsonOption = False) -> None:
    """Show where the database is, its schema version and its counts."""
    folder = ctx.meta[common.LAYER][1].spec if common.folder_source(ctx) is not None else None
    with common.open_kb(ctx, remind=not as_json) as store:
        counts = store.counts()
        location = store.location.display()
        version = store.schema.version
    if folder is not None:  # its entries are files; the database kb opened was a scratch copy of their index
        from kb.layers.folder_index import folder_index

        location = folder_index(folder)
    if as_json:
        data: dict[str, object] = {"folder": folder} if folder is not None else {}
        console.print_json(
            {
                **data,
                "database": location,
                "schema_version": version,
                "entries": counts.total,
                "by_status": counts.by_status,
                "by_domain": counts.by_domain,
            }
        )
        return
    if folder is not None:
        typer.echo(f"folder    {visible(folder)} (the entries: one file each)")
        typer.echo(f"index     {location} (kb's search index of them, rebuilt when a file changes)")
    else:
        typer.echo(f"database  {location}")
    typer.echo(f"schema    version {version}")
    status = ", ".join(f"{n} {s}" for s, n in sorted(counts.by_status.items()))
    active = counts.by_status.get("active", 0)
    per_domain = "; the active ones by domain:" if active != counts.total and active else ""
    typer.echo(f"entries   {counts.total} ({status or 'none'}){per_domain}")
    for domain in DOMAIN_NAMES:
        if counts.by_domain.get(domain):
            typer.echo(f"  {domain:<11} {counts.by_domain[domain]}")


@app.command()
def tui(ctx: typer.Context) -> None:
    """Browse, search as you type, read, copy, run and review entries in one screen.

    Press ? inside for the keys; q quits. The mouse works too. NO_COLOR is respected.
    """
    import sys

    from kb.errors import KbError

    database = common.database_of(ctx, "tui")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise KbError("kb tui needs a terminal; for scripts use kb search, kb show and kb review --list")
    from kb.tui.app import KbApp  # deferred: Textual takes ~0.2 s to import, which no other command needs
    from kb.tui.library import Library  # deferred: only the TUI pays for it

    KbApp(Library(database, _typed_as(ctx, database))).run()


def _typed_as(ctx: typer.Context, database: str | None) -> str:
    """How to type a kb command on DATABASE, for the TUI's hints: `kb --layer NAME ` or `kb --db
    WHERE ` when this command was told so, else `kb ` (KB_DB, or the default, stays as it is)."""
    import os
    import shlex

    from kb.paths import resolve_location

    if common.LAYER in ctx.meta:
        return common.command_prefix(ctx)
    if database and database != os.environ.get("KB_DB"):
        return f"kb --db {shlex.quote(resolve_location(database).display())} "
    return "kb "


@app.command("mcp")
def mcp_command(ctx: typer.Context) -> None:
    """Serve kb to a coding agent: a Model Context Protocol server on stdin and stdout.

    Register it with the agent's client as the command `kb mcp`. The agent searches a failing run's
    output, gets each candidate's check to run in its own shell, reports the output, and is told
    "confirmed" with the fix or "ruled out" with the next check; kb records the verdict. kb never runs
    a command for it, and what it proposes is saved as a draft for you to add. Needs the extra:
    `pipx install '.[mcp]'` from kb's checkout.
    """
    import importlib.util

    from kb.errors import KbError

    database = common.database_of(ctx, "mcp")
    if importlib.util.find_spec("mcp") is None:
        raise KbError(
            "kb mcp needs the MCP SDK: install kb with its extra (from kb's checkout: pipx install '.[mcp]')"
        )
    from kb.integrations.mcp_server import serve  # deferred: the SDK takes most of a second to import

    if console.interactive():  # a person typed it: what it waits for, on stderr (stdout is the protocol)
        typer.echo(
            "kb mcp: an MCP server on stdin/stdout, for an agent's client to start; Ctrl-D ends it", err=True
        )
    serve(database)


@app.command("layers")
def layers_command(ctx: typer.Context, as_json: common.JsonOption = False) -> None:
    """The layers kb reads: the personal knowledge base, the team layers of the config file, and
    the project's .kb/ folder; whether each answers, and how many entries it holds."""
    from kb.layers.status import layers_report

    report = layers_report(ctx.obj)
    if as_json:
        console.print_json(report.as_json())
        return
    for state in report.states:
        answer = (
            f"{state.entries} entries"
            if state.entries is not None
            else "? entries"
            if state.answered
            else "DOES NOT ANSWER"
        )
        if state.archived:
            answer += f" (+{state.archived} archived)"
        name, where = visible(state.layer.name), visible(str(state.where))
        typer.echo(f"{name:<12} {state.layer.kind:<9} {answer:<16} {where}")
        if state.problem:  # it may quote a file of a folder no one trusted
            typer.echo(f"{'':<12} {visible(state.problem)}")
    if not report.config_exists:
        typer.echo(f"(no team layers: {report.config} does not exist; the README's team section shows one)")


#: `kb sources`, the command's name until the word "source" came to mean only where an entry comes
#: from (its `source` field); it still answers, unlisted.
app.command("sources", hidden=True)(layers_command)


@app.command("trust")
def trust_command(
    folder: Annotated[
        Path | None,
        typer.Argument(
            help="A project's .kb/ folder; the one kb finds from here when left out.",
            metavar="[FOLDER]",
            show_default=False,
            parser=common.a_path,
        ),
    ] = None,
    revoke: Annotated[bool, typer.Option("--revoke", help="No longer trust it.")] = False,
    list_them: Annotated[bool, typer.Option("--list", help="List the folders you trust.")] = False,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Trust it without a terminal (a script of your own).")
    ] = False,
    as_json: common.JsonOption = False,
) -> None:
    """Trust a project's .kb/ folder as its files are now: kb offers to run its entries' checks
    (after a yes, as for any entry). Until then, and again once a pull adds or changes a file there,
    its entries are shown, marked untrusted, and their checks are never offered: a .kb/ arrives with
    every repository you clone. kb reads no .kb/ that belongs to another user or that others may
    write, trusted or not. Without a terminal it trusts nothing unless given --yes: a coding agent's
    shell has none, and the agent must not trust a folder for the person."""
    from kb.layers.config import project_folder
    from kb.layers.trust import folder_problem, project_folder_of, set_trust, trust_state, trusted_folders
    from kb.paths import PROJECT_FOLDER

    if list_them and (revoke or folder is not None or yes):
        given = "--revoke" if revoke else "--yes" if yes else "a folder"
        raise UsageError(
            f"--list lists the folders you trust; it takes no {given} (kb trust FOLDER --revoke)"
        )
    if list_them:
        folders = sorted(trusted_folders())
        states = {path: trust_state(path) for path in folders}
        changed = [path for path in folders if states[path] != "trusted"]
        if as_json:
            console.print_json({"trusted": [p for p in folders if p not in changed], "changed": changed})
        else:
            notes = {
                "changed": "  (changed since you trusted it: read it, then kb trust it again)",
                "unrecorded": "  (trusted before kb kept what you read: read it, then kb trust it again)",
            }
            for path in folders:
                typer.echo(visible(path) + notes.get(states[path], ""))
            if not folders:
                typer.echo("you trust no project folder yet")
        return
    where = str(folder) if folder is not None else project_folder()
    if where is None:
        raise UsageError("no .kb/ folder here or above: name the folder to trust")
    if not os.path.isdir(where):
        raise KbError(f"{where} is not a folder")
    # Trust is asked of a project's .kb/ alone: `kb trust .` in a repository said "trusting" its root,
    # and its .kb/ stayed untrusted; `kb trust .kb/data`, the same.
    held = os.path.join(where, PROJECT_FOLDER)
    project = project_folder_of(where) or (held if os.path.isdir(held) else None)
    if project is None and not revoke:
        raise KbError(f"{where} is not a project's {PROJECT_FOLDER}/ folder, nor holds one: kb trusts those")
    where = project or where
    if revoke and os.path.realpath(where) not in trusted_folders():
        if as_json:
            console.print_json({"folder": os.path.realpath(where), "trusted": False})
        else:
            typer.echo(f"{visible(os.path.realpath(where))} was not trusted; nothing to revoke")
        return
    problem = None if revoke else folder_problem(where)
    if problem is not None:
        raise KbError(f"not trusting {where}: {problem}")
    if not revoke and not yes and not console.interactive():
        raise KbError(
            f"not trusting {where} without a terminal: trusting lets kb offer its entries' checks, "
            "commands run on this machine, so a person reads them and runs kb trust in a terminal"
        )
    real = set_trust(where, not revoke)
    if as_json:
        console.print_json({"folder": real, "trusted": not revoke})
    else:
        if revoke:
            typer.echo(f"no longer trusting {visible(real)}")
        else:
            typer.echo(f"trusting {visible(real)} as its files are now; a change to them asks you again")


@app.command(
    "run", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}, no_args_is_help=True
)
def run_command(
    command: Annotated[
        list[str], typer.Argument(help="The command and its arguments, after --.", metavar="-- CMD…")
    ],
) -> None:
    """Run CMD as if kb were not there: its output passes through unchanged (on a pseudo-terminal
    when kb is on one, so progress bars draw), Ctrl-C reaches it, and kb ends as it ended. When
    it fails, kb searches the end of its output and prints the known fault (or the candidates and the
    domain's golden checks) after it, on stderr; `kb add --from-last-run` records a new one.
    Besides that last failure, redacted, kb writes only what a search records: the matching
    entry's last hit and the environment it was seen in."""
    from kb.cli.run import main

    raise typer.Exit(main(command))
