"""kb export and kb import: the team wiki's Markdown tables, entry files, JSON Lines backups, guards,
and the known faults a repository's coding agents read."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kb.cli import common, console
from kb.cli.common import KbTyper, app
from kb.entry.visible import plural, shell_word, visible
from kb.errors import Cancelled, MassArchive, UsageError
from kb.paths import write_out

if TYPE_CHECKING:
    from kb.entry.content import EntryContent
    from kb.exchange.folder_sync import Side, SyncReport, SyncStep
    from kb.exchange.transfer import Filters, ImportReport

export_app = KbTyper(
    name="export",
    help="Write the knowledge base out: Markdown for the wiki, entry files for a repository, JSON Lines.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(export_app, name="export")

TagOption = Annotated[
    str | None, typer.Option("--tag", "-t", help="Only entries with this tag.", metavar="TAGOPTION")
]
StatusOption = Annotated[
    str, typer.Option("--status", help="active, archived or all.", metavar="STATUSOPTION")
]
SinceOption = Annotated[
    str | None,
    typer.Option(
        "--since",
        help="Only entries changed since this date (YYYY-MM-DD).",
        show_default=False,
        metavar="SINCEOPTION",
    ),
]


def _filters(domain: str | None, tag: str | None, status: str, since: str | None) -> Filters:
    from kb.exchange.transfer import Filters

    if status not in ("active", "archived", "all"):
        raise UsageError("--status must be active, archived or all")
    moment = None
    if since:
        try:
            moment = datetime.fromisoformat(since)
        except ValueError:
            raise UsageError(f"--since '{since}' is not a date; write it like 2026-11-01") from None
        moment = moment if moment.tzinfo else _on_this_machines_clock(moment)
    return Filters(common.domain_or_none(domain), tag, None if status == "all" else status, moment)


def _on_this_machines_clock(moment: datetime) -> datetime:
    """MOMENT, a date or time written without a zone, read as the person's own clock reads it (as
    kb show and kb stats give dates), in UTC; as UTC where the clock cannot place it (year 1)."""
    try:
        return moment.astimezone(UTC)
    except (OverflowError, OSError, ValueError):
        return moment.replace(tzinfo=UTC)


def _write(text: str | Iterable[str], out: Path | None) -> None:
    """TEXT (or its pieces, as they come) to the file OUT, atomically, or to stdout when there is
    none or it is `-`."""
    if out is None or str(out) == "-":
        sys.stdout.writelines([text] if isinstance(text, str) else text)
        return
    write_out(out, text)
    typer.echo(f"wrote {out}", err=True)


@contextmanager
def progress_bar(label: str, quiet: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on a terminal for long runs; nothing when piped or printing JSON."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import Progress  # deferred: only a long run on a terminal draws a bar

    with Progress(transient=True) as bar:
        task = bar.add_task(label, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


#: --out of an export that goes to standard output unless told otherwise.
StdoutOutOption = Annotated[
    Path | None,
    typer.Option(
        "--out",
        "-o",
        help="Write here instead of stdout (`-`: stdout).",
        metavar="PATH",
        parser=common.a_path,
    ),
]


@export_app.command("markdown")
def export_markdown(
    ctx: typer.Context,
    out: StdoutOutOption = None,
    columns: Annotated[
        str | None,
        typer.Option(
            "--columns",
            help="Add columns: key,root_cause,tags,cause_path,domain,conditions,…",
            metavar="COLUMNS",
        ),
    ] = None,
    domain: common.DomainOption = None,
    tag: TagOption = None,
    status: StatusOption = "active",
    since: SinceOption = None,
) -> None:
    """The symptom | validation command | fix table, one table per domain.

    The three columns of the project first-aid handbook (section 6.1). GitHub-flavoured Markdown that
    renders on GitHub and GitLab, and diffs cleanly: stable order, no timestamps.
    """
    from kb.exchange.markdown_tables import DEFAULT_COLUMNS, EXTRA_COLUMNS
    from kb.exchange.transfer import export_markdown as render

    extra = [c.strip().replace("-", "_") for c in (columns or "").split(",") if c.strip()]
    unknown = [c for c in extra if c not in EXTRA_COLUMNS and c not in DEFAULT_COLUMNS]
    if unknown:
        raise UsageError(f"unknown column '{unknown[0]}'; choose from {', '.join(EXTRA_COLUMNS)}")
    chosen = list(dict.fromkeys([*DEFAULT_COLUMNS, *extra]))
    filters = _filters(domain, tag, status, since)
    with common.open_kb(ctx, remind=False) as store:
        text = render(store, filters, chosen)
    _write(text, out)


@export_app.command("files")
def export_files(
    ctx: typer.Context,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="The folder to write (one file per entry).",
            metavar="PATH",
            parser=common.a_path,
        ),
    ],
    domain: common.DomainOption = None,
    tag: TagOption = None,
    status: StatusOption = "active",
    since: SinceOption = None,
) -> None:
    """One entry file per entry, in a folder per domain: what a team keeps in a repository."""
    from kb.exchange.transfer import export_files as write_files
    from kb.exchange.transfer import files_not_exported

    filters = _filters(domain, tag, status, since)
    with common.open_kb(ctx, remind=False) as store, progress_bar("exporting", False) as progress:
        written = write_files(store, filters, out, progress)
    typer.echo(f"wrote {len(written)} entry files under {out}")
    others = files_not_exported(out, written)
    if others:  # an entry archived or renamed since an earlier export: importing OUT brings it back
        named = ", ".join(visible(str(path.relative_to(out))) for path in others[:3])
        more = f" and {len(others) - 3} more" if len(others) > 3 else ""
        typer.echo(
            f"kb: {len(others)} entry files under {out} are not entries of this export ({named}{more}),"
            " left from an earlier one (archived, renamed or filtered out since): an import or kb seed"
            " --from of the folder reads them too, and would bring them back if they were archived;"
            " remove them, or export into an empty folder",
            err=True,
        )


@export_app.command("jsonl")
def export_jsonl(
    ctx: typer.Context,
    out: StdoutOutOption = None,
    domain: common.DomainOption = None,
    tag: TagOption = None,
    status: StatusOption = "all",
    since: SinceOption = None,
) -> None:
    """A backup, one JSON object per entry: every field, its usage counts and its last check (not its
    change history or earlier checks)."""
    from kb.exchange.transfer import export_jsonl as lines

    filters = _filters(domain, tag, status, since)
    with common.open_kb(ctx, remind=False) as store:
        if out is None or str(out) == "-":
            console.print_lines(lines(store, filters))
            return
        _write((line + "\n" for line in lines(store, filters)), out)


@app.command("import")
def import_command(
    ctx: typer.Context,
    path: Annotated[
        Path,
        typer.Argument(
            help="A file or a folder: Markdown tables or sections, entry files, JSONL.",
            metavar="PATH",
            parser=common.a_path,
        ),
    ],
    on_conflict: Annotated[
        str,
        typer.Option(
            "--on-conflict",
            help="Same key, different content: skip (keep yours), overwrite, rename.",
            metavar="POLICY",
        ),
    ] = "skip",
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Report what would change; change nothing.")
    ] = False,
    source: Annotated[
        str | None,
        typer.Option(
            "--source", help="Where these entries come from [default: the file name].", metavar="NAME"
        ),
    ] = None,
    as_json: common.JsonOption = False,
) -> None:
    """Read entries back from the wiki or a backup. All or nothing: a malformed file names its line."""
    from kb.exchange.transfer import CONFLICTS, import_entries, read_import

    if on_conflict not in CONFLICTS:
        raise UsageError(f"--on-conflict must be one of {', '.join(CONFLICTS)}")
    if not dry_run:
        from kb.layers.trust import refuse_an_unread_project_folder

        refuse_an_unread_project_folder(str(path), "kb import")
    with progress_bar("reading", as_json) as progress:
        incoming = read_import(path, source, progress)
    if not incoming and not as_json:
        typer.echo(f"{path} holds no entries: nothing to import")
        return
    with common.open_kb(ctx, remind=not as_json) as store:
        report = import_entries(store, incoming, on_conflict, dry_run)
    if as_json:
        console.print_json(report.as_json())
        return
    for line in _import_report_lines(report, on_conflict, dry_run):
        typer.echo(line)


def _import_report_lines(report: ImportReport, on_conflict: str, dry_run: bool) -> list[str]:
    """What an import did (or would do), as the terminal shows it: the counts, then a line for each
    kind of entry that needs a look (kept as kb had it, renamed, its domain guessed, unvalidated)."""
    lines: list[str] = []
    verb = "would add" if dry_run else "added"
    same = len(report.skipped) - len(report.conflicts)
    skipped = f"skipped {len(report.skipped)}" + (f" ({same} already in kb as they are)" if same else "")
    updated = f"{'would update' if dry_run else 'updated'} {len(report.updated)}"
    lines.append(f"{verb} {len(report.added)}, {updated}, {skipped}")
    differing = [key for key in report.conflicts if key not in report.usage_only]
    if differing:
        lines.append(
            f"  {plural(len(differing), 'differs', 'differ')} from kb's entry and kept as kb has it"
            f" (--on-conflict {on_conflict}; overwrite or rename takes the file's): {_some(differing)}"
        )
    if report.usage_only:
        said = plural(len(report.usage_only), "says", "say")
        lines.append(
            f"  {said} what kb's entry says, with other dates and usage counts, kept as kb has them"
            f" (--on-conflict overwrite takes the file's): {_some(report.usage_only)}"
        )
    for old, new in report.renamed:
        lines.append(f"  {old} exists: imported as {new}")
    for old, copy in report.renamed_before:
        lines.append(f"  {old}: kb has the file's version already, as {copy} (renamed by an earlier import)")
    if report.guessed:
        guessed = plural(len(report.guessed), "entry", "entries")
        lines.append(f"  the domain was guessed for {guessed}, as kb add guesses it:")
        for key, domain, words in report.guessed:
            lines.append(f"    {key}: {domain} (from {', '.join(repr(w) for w in words[:3])})")
        lines.append("  check them with kb show KEY; kb edit KEY moves one")
    if report.recognised:
        given, known = report.recognised[0]
        others = len(report.recognised) - 1
        more = f" (and {plural(others, 'other')} under another key)" if others else ""
        lines.append(f"  recognised by its symptom: {given} is {known}, which kb has{more}")
    if report.from_rows:
        lines.append(f"  {_from_rows_line(report)}")
    empty = len(report.without_validation)
    wrong = len(report.unvalidated) - empty
    if empty:
        where = "kb list --unvalidated, kb edit KEY adds one"
        lines.append(f"  {plural(empty, 'has', 'have')} no validation: {where}")
    if wrong:
        said = "a validation that is not a command"
        lines.append(f"  {plural(wrong, 'has', 'have')} {said}: kb list --unvalidated")
    if dry_run:
        lines.append("dry run: nothing was changed")
    return lines


#: How the import line names what a wiki row did not carry.
_FIELD_WORDS = {
    "root_cause": "root cause",
    "cause_path": "cause path",
    "tags": "tags",
    "symptom_variants": "symptom variants",
    "conditions": "conditions",
    "environment": "environment",
    "related": "related entries",
    "snippet": "snippet",
    "guards": "guards",
    "applies_to": "applies_to",
    "check_rule": "a verdict rule for the check",
}


def _some(keys: list[str]) -> str:
    return ", ".join(keys[:8]) + (f" and {len(keys) - 8} more" if len(keys) > 8 else "")


def _from_rows_line(report: ImportReport) -> str:
    """What entries added from wiki rows came without: a table is for reading, a backup for restoring."""
    from kb.exchange.transfer import NOT_IN_EVERY_ROW

    lacking = [_FIELD_WORDS[name] for name in NOT_IN_EVERY_ROW if name in report.rows_lack]
    listed = ", ".join(lacking[:-1]) + f" or {lacking[-1]}" if len(lacking) > 1 else "".join(lacking)
    return (
        f"{plural(len(report.from_rows), 'entry', 'entries')} came from table rows,"
        f" which carry only their columns: no {listed}"
        " (kb export jsonl or kb export files keeps every field)"
    )


@export_app.command("pre-commit")
def export_pre_commit(
    ctx: typer.Context,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="The folder for the checker and its rules.",
            metavar="PATH",
            parser=common.a_path,
        ),
    ],
    as_json: common.JsonOption = False,
) -> None:
    """A stdlib-only checker, its rule table and a `repo: local` pre-commit hook, from the entries' guards.

    At commit time it needs no kb and no network. Each finding names file:line, the entry key, what
    the code does, the fault it can lead to and the fix; `# kb: ignore[KEY]` silences one line.
    """
    from kb.exchange.guard_files import write_pre_commit
    from kb.exchange.transfer import Filters, select_entries

    with common.open_kb(ctx, remind=False) as store:
        common.refuse_untrusted_guards(ctx, "pre-commit")
        contents = [e.content() for e in select_entries(store, Filters()) if e.guards]
    written = write_pre_commit(contents, out, f"kb export pre-commit --out {out.as_posix()}")
    if as_json:
        console.print_json(written.as_json())
        return
    environment = (
        f"; {plural(written.environment_count, 'environment check')} for --environment"
        if written.environment_count
        else ""
    )
    checked = plural(written.rule_count, "rule")
    typer.echo(
        f"wrote {written.checker}, {written.rules} ({checked} the hook checks the source with{environment})"
        f" and {written.config}"
    )
    typer.echo(
        f"on GitHub Actions it annotates pull requests; {written.matcher} does it without GITHUB_ACTIONS"
    )


@export_app.command("pytest")
def export_pytest(
    ctx: typer.Context,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="The folder for the test file and its rules.",
            metavar="PATH",
            parser=common.a_path,
        ),
    ],
    as_json: common.JsonOption = False,
) -> None:
    """A pytest file: the guard checker over the repository, the environment and shape checks (each
    skipped, with its reason, without nvidia-smi, torch or a GPU), and kb_tripwires.py for a conftest.py.
    """
    from kb.exchange.guard_files import (
        CHECKER_NAME,
        CONFIG_NAME,
        MATCHER_NAME,
        RULES_NAME,
        TRIPWIRES_NAME,
        write_pytest,
    )
    from kb.exchange.transfer import Filters, select_entries

    with common.open_kb(ctx, remind=False) as store:
        common.refuse_untrusted_guards(ctx, "pytest")
        contents = [e.content() for e in select_entries(store, Filters()) if e.guards]
    written = write_pytest(contents, out, f"kb export pytest --out {out.as_posix()}")
    if as_json:
        console.print_json(written.as_json())
        return
    path = written.test_file
    beside = f"{CHECKER_NAME}, {RULES_NAME}, {TRIPWIRES_NAME}, {CONFIG_NAME} and {MATCHER_NAME}"
    typer.echo(f"wrote {path} (with {beside} beside it); run: pytest {path}")


@export_app.command("agents")
def export_agents(
    ctx: typer.Context,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="The file agents read, relative to --project: AGENTS.md, CLAUDE.md, .cursor/rules/kb.mdc.",
            metavar="PATH",
            parser=common.a_path,
        ),
    ] = Path("AGENTS.md"),
    budget: Annotated[
        int,
        typer.Option(
            "--budget",
            min=11,
            help="The most lines the block may take, its markers included.",
            metavar="LINES",
        ),
    ] = 150,
    project: Annotated[
        Path | None,
        typer.Option(
            "--project",
            help="The repository (default: the current directory).",
            metavar="DIR",
            parser=common.a_path,
        ),
    ] = None,
    as_json: common.JsonOption = False,
) -> None:
    """The known faults of this repository's stack, for its coding agents, between kb's markers in OUT.

    Chosen by the packages the repository declares (pyproject.toml, requirements*.txt,
    environment.yml) and its own .kb/ folder, each as its symptom, then the check that proves it and
    the fix, within --budget lines. Only the lines between the markers change; run it again to
    refresh them, and review the diff like any other. The .kb/ folder's checks are written once you
    have said `kb trust` for it, as kb offers to run them only then.
    """
    from kb.layers.agents import export_agents as export

    def entries() -> list[EntryContent]:
        with common.open_kb(ctx, remind=False) as store:
            return [entry.content() for entry in store.list()]

    layer = ctx.meta[common.LAYER][1].name if common.LAYER in ctx.meta else None
    result = export(project or Path.cwd(), out, budget, entries, layer)
    block, folder = result.written.block, visible(str(result.project_folder))
    if result.project_folder_unread is not None:
        typer.echo(f"kb: left out the entries of {folder}: {visible(result.project_folder_unread)}", err=True)
    if block.entries_held_back:
        typer.echo(
            f"kb: {plural(block.entries_held_back, 'entry', 'entries')} of {folder} held back, text and"
            " commands alike (an agent reads AGENTS.md as instructions): kb writes them once you have"
            f" read them and run `kb trust {shell_word(str(result.project_folder))}`",
            err=True,
        )
    if as_json:
        console.print_json(
            {
                "file": str(result.written.path),
                "changed": result.written.changed,
                "created": result.written.created,
                "packages": sorted(result.packages),
                "keys": block.keys,
                "lines": len(block.lines),
                "left_out": block.left_out,
                "checks_held_back": block.checks_held_back,
                "entries_held_back": block.entries_held_back,
                "project_folder_unread": result.project_folder_unread,
            }
        )
        return
    state = (
        "created" if result.written.created else "updated" if result.written.changed else "already up to date"
    )
    more = f"; {block.left_out} more left out for the budget" if block.left_out else ""
    faults = f"{plural(len(block.keys), 'known fault')} in {len(block.lines)} of {budget} lines"
    typer.echo(f"{result.name}: {state}, {faults}, kb's markers included{more}")
    if not result.packages:
        typer.echo(
            "no declared packages found (pyproject.toml, requirements*.txt, environment.yml)", err=True
        )


@export_app.command("hosts")
def export_hosts(
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="The folder for the wheel.", metavar="PATH", parser=common.a_path),
    ] = Path("."),
    as_json: common.JsonOption = False,
) -> None:
    """The small distribution kb-hosts as a wheel: `pytest --kb` and `%load_ext kb_hosts` in a
    project's own environment, talking to the kb on PATH.

    Install it there with that environment's own Python (`python -m pip install kb_hosts-*.whl`, the
    env activated): it holds one stdlib-only module, not kb's TUI, ORM or their pins.
    """
    from kb import __version__
    from kb.exchange.hosts_wheel import write_hosts_wheel

    path = write_hosts_wheel(out, __version__)
    if as_json:
        console.print_json({"wheel": str(path)})
        return
    typer.echo(f"wrote {path}")
    from kb.entry.visible import shell_word

    # with the project's own Python, whatever holds it (a venv, a conda env): not a `.venv/bin/pip`
    # that a conda env does not have
    said = f"python -m pip install {shell_word(str(path))}"
    typer.echo(f"install it in the project's environment (activated, or with its python): {said}")


@app.command("sync")
def sync_command(
    ctx: typer.Context,
    folder: Annotated[
        Path,
        typer.Argument(
            help="A folder of entry files, usually a checkout of the team's repository.",
            metavar="DIR",
            parser=common.a_path,
        ),
    ],
    keys: Annotated[
        list[str] | None,
        typer.Argument(
            help="With --ours, --theirs or --take: settle only these entries' conflicts.", metavar="[KEY]..."
        ),
    ] = None,
    ours: Annotated[
        bool, typer.Option("--ours", help="Settle the conflicts a sync has shown with kb's version.")
    ] = False,
    theirs: Annotated[
        bool,
        typer.Option("--theirs", help="Settle the conflicts a sync has shown with the folder's version."),
    ] = False,
    take: Annotated[
        list[str] | None,
        typer.Option(
            "--take",
            help="Settle the KEYs' conflicts field by field: FIELD=ours or FIELD=theirs (repeat).",
            metavar="FIELD=SIDE",
            show_default=False,
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Report what would change; change nothing.")
    ] = False,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes",
            "-y",
            help="Archive many entries at once without asking, when their files really were removed.",
        ),
    ] = False,
    as_json: common.JsonOption = False,
) -> None:
    """Merge kb and an entry folder, entry by entry, against the version both last agreed on.

    A change on one side is taken; changes on both are merged field by field; a field changed
    differently on both, or an archive on one side against an edit on the other, is a conflict,
    left alone until you answer it: --ours, --theirs, --take FIELD=SIDE (or o in kb tui), or
    change that field in kb (kb edit) and sync again; a changed file is no answer (it may be a
    teammate's pull). What a settled conflict did not keep is in kb history KEY. Archiving an
    entry removes its file and leaves a tombstone in archived/, which every kb syncing the folder
    honours; nothing is purged. Seeds nobody changed stay out of the folder. kb runs no git: pull
    before, commit after (kb-folder.toml too). Exits 1 while conflicts are left. A sync that would
    archive more than a few entries, or most of them, because their files are gone stops before
    writing and asks (--yes for scripts; undo with kb restore --last-sync).
    """
    from kb.exchange.folder_sync import sync_folder
    from kb.layers.trust import refuse_an_unread_project_folder, trust_kept

    if [ours, theirs, bool(take)].count(True) > 1:
        raise UsageError("give one of --ours, --theirs and --take")
    if keys and not (ours or theirs or take):
        raise UsageError("entry keys name the conflicts --ours, --theirs or --take settles; give one of them")
    if take and not keys:
        raise UsageError("--take settles the conflicts of the entries named: give their KEYs")
    prefer: Side | None = "ours" if ours else "theirs" if theirs else None
    choices = {key: _field_choices(take) for key in keys or ()} if take else {}
    if not dry_run:
        refuse_an_unread_project_folder(str(folder), "kb sync")
    with common.open_kb(ctx, remind=not as_json) as store, trust_kept(str(folder)):
        try:
            report = sync_folder(
                store, folder, dry_run, prefer, keys or (), archive_many=yes, choices=choices
            )
        except MassArchive as stop:
            if as_json or not console.interactive():
                raise
            typer.echo(str(stop).split(": their files", 1)[0] + ": their files are gone from the folder.")
            if not typer.confirm("Archive them all?", default=False):
                raise Cancelled("not synced; nothing was written") from None
            report = sync_folder(
                store, folder, dry_run, prefer, keys or (), archive_many=True, choices=choices
            )
    if as_json:
        console.print_json(report.as_json())
    else:
        for line in _sync_report_lines(report, folder, dry_run):
            typer.echo(line)
    if report.conflicts:
        raise typer.Exit(1)


def _sync_report_lines(report: SyncReport, folder: Path, dry_run: bool) -> list[str]:
    """What a sync did (or would do), as the terminal shows it: the counts, a line for each entry
    it touched with each conflict's two values, and how to settle or undo."""
    from kb.entry.terminal import field_line
    from kb.exchange.folder_sync import ACTIONS

    # "already agreed": both sides held one version, only kb's record of the folder was behind;
    # a conflict settled where both sides already agreed is settled, not a change
    settled = sum(1 for step in report.steps if step.action == "resolved" and step.changes_nothing)
    changed = sum(1 for step in report.steps if step.action not in ("conflict", "agreed")) - settled
    verb = "would change" if dry_run else "changed"
    lines = [
        f"kb and {folder}: {verb} {changed},"
        + (f" {'would settle' if dry_run else 'settled'} {settled} without a change," if settled else "")
        + f" {plural(len(report.conflicts), 'conflict')}, {report.unchanged} unchanged"
    ]
    for step in report.steps:
        lines.append(f"  {ACTIONS[step.action]:<20} {step.key}{_sync_detail(step)}")
        for name in step.conflicts:
            here = field_line(step.ours, name, 60) if step.ours is not None else "(no entry of this key)"
            lines.append(f"      {name} in kb:     {here}")
            archived = step.theirs is None and step.tombstone is not None and name == "status"
            lines.append(
                f"      {name} in folder: {'archived' if archived else field_line(step.theirs, name, 60)}"
            )
    if report.conflicts:
        # kb edit changes a field, not whether the entry is archived: no such hint for a status
        edit = all("status" not in step.conflicts for step in report.conflicts)
        lines.append(
            "settle each conflict: kb sync DIR --ours KEY (kb's) or --theirs KEY (the folder's)"
            + (", or change the field in kb (kb edit KEY) and sync again" if edit else "")
            + "; kb history KEY keeps what is not kept"
        )
    if dry_run:
        lines.append("dry run: nothing was changed")
        if report.would_stop:
            lines.append(f"and the sync itself would stop before writing: {report.would_stop}")
    elif any(step.archives_unasked for step in report.steps):
        lines.append(
            f"archived because their files are gone: undo with kb restore --last-sync, then kb sync {folder}"
        )
    return lines


def _field_choices(take: list[str]) -> dict[str, Side]:
    """--take FIELD=SIDE options as a choice per field."""
    from kb.entry.merging import MERGED_FIELDS

    chosen: dict[str, Side] = {}
    for option in take:
        name, _, side = option.partition("=")
        if name.strip() not in MERGED_FIELDS:
            raise UsageError(
                f"--take {option}: no field '{name.strip()}' (fields: {', '.join(MERGED_FIELDS)})"
            )
        if side.strip() not in ("ours", "theirs"):
            raise UsageError(
                f"--take {option}: say which side, FIELD=ours (kb's) or FIELD=theirs (the folder's)"
            )
        chosen[name.strip()] = "ours" if side.strip() == "ours" else "theirs"
    return chosen


def _sync_detail(step: SyncStep) -> str:
    from kb.entry.visible import visible

    parts = [visible(step.note)] if step.note else []
    if step.action == "resolved":
        parts.append(_how_settled(step))
    if (
        step.conflicts and step.ours is not None and step.theirs is not None
    ):  # not an archive against a change
        fields = ", ".join(step.conflicts)
        parts.append(
            f"{fields} {'differ' if len(step.conflicts) > 1 else 'differs'}, and kb knows no version the two"
            " last agreed on"
            if step.unbased
            else f"{fields} changed on both sides"
        )
    archived = step.result is not None and step.result.status != "active"
    if step.from_ours and step.from_theirs and not archived:  # what an archive keeps is in its history
        parts.append(f"{', '.join(step.from_ours)} from kb; {', '.join(step.from_theirs)} from the folder")
    return f"  ({'; '.join(parts)})" if parts else ""


def _how_settled(step: SyncStep) -> str:
    """What settling STEP's conflict wrote, and where the version not kept went."""
    if step.changes_nothing:
        done = "kb and the folder already held the same version: nothing written"
    elif step.writes_kb and step.writes_folder:
        done = "merged into both"
    elif step.writes_kb:
        done = "the folder's version taken into kb"
    elif step.result is not None and step.result.status != "active":
        gone = step.tombstone
        if gone is not None and gone.how in ("renamed", "merged") and gone.into:
            how = "rename to" if gone.how == "renamed" else "merge into"
            done = f"kb's {how} {gone.into} stands: the file removed"
        else:
            done = "kb's archive stands: the file removed"
    else:
        done = "kb's version written to the folder"
    sides = dict.fromkeys("kb's" if side == "kb" else "the folder's" for side, _ in step.kept_aside)
    if not sides:
        return done
    return f"{done}; {' and '.join(sides)} {'version' if len(sides) == 1 else 'versions'} in kb history"
