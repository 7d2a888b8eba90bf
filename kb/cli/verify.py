"""`kb check` and `kb triage`: running validations, only ever after you say so.

Nothing in kb runs a stored command implicitly: `kb check` shows the command and asks first
(`--yes` answers for scripts); `kb triage` asks before each check it proposes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, cast

import typer

from kb.cli import common, console
from kb.cli.common import app
from kb.entry.visible import command_line, consent_text, visible
from kb.errors import Cancelled, CheckNotRecorded, KbError, UsageError

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore
    from kb.verify.runner import CheckResult
    from kb.verify.triage import Proposal, TriageRecord

TimeoutOption = Annotated[
    float,
    typer.Option("--timeout", min=1, help="Seconds before the command is killed.", metavar="TIMEOUTOPTION"),
]
YesOption = Annotated[bool, typer.Option("--yes", "-y", help="Run without asking (for scripts).")]


WithOption = Annotated[
    list[str] | None,
    typer.Option(
        "--with",
        help="A value for one of the check's inputs, NAME=VALUE (repeatable): --with port=55499.",
        metavar="NAME=VALUE",
        show_default=False,
    ),
]


@app.command()
def check(
    ctx: typer.Context,
    key: common.KeyArgument,
    yes: YesOption = False,
    timeout: TimeoutOption = 60.0,
    values: WithOption = None,
    as_json: common.JsonOption = False,
) -> None:
    """Run an entry's check after a confirmation, read its verdict by the entry's rule, and record it.

    The command is shown exactly as it will run, its inputs filled in (--with NAME=VALUE, else the
    defaults the entry declares). The verdict is about the fault: confirmed, ruled out, inconclusive
    (a probe, or output the rule does not decide), could not run here (a missing GPU, module,
    program or file), or the check broke.

    Exit status: 0 confirmed, 10 ruled out, 11 inconclusive, 12 could not run here, 13 the check
    broke (the verdict's, also when it could not be recorded, which kb says on stderr); 1 when it did
    not run (declined, no such entry), 2 for a usage error.
    """
    from kb.entry.check_rule import fill
    from kb.verify.runner import run_check

    chosen = _parse_values(values or [])
    common.follow_search(ctx, key, "check")
    common.refuse_untrusted(ctx, key)
    with common.open_kb(ctx, remind=not as_json) as store:
        entry = common.entry_named(ctx, store, key, "check")
        if not entry.validation:
            raise KbError(f"entry '{key}' has no validation command; add one with `kb edit {key}`")
        rule = entry.content().check_rule
        unknown = sorted(set(chosen) - set(rule.defaults))
        if unknown:
            takes = ", ".join(rule.defaults) or "no inputs"
            raise UsageError(f"--with {unknown[0]}: the check of '{key}' takes {takes}")
        command = fill(entry.validation, rule, chosen)
        if not (as_json and yes):  # with --json, stdout is the JSON's: the question goes to stderr
            typer.echo(f"{key}: {visible(' '.join(entry.symptom.split())[:100])}", err=as_json)
            typer.echo(f"  read: {visible(rule.describe())}", err=as_json)
            for line in consent_text(command).splitlines():
                typer.echo(f"  {line}", err=as_json)
        _confirm_run(yes, "Run it?", err=as_json)
        try:
            result, not_recorded = run_check(store, key, timeout, chosen, agreed=command), None
        except CheckNotRecorded as exc:  # it ran: its verdict is the answer, said not to be kept
            result, not_recorded = cast("CheckResult", exc.result), str(exc)
    folder = common.folder_source(ctx)
    if as_json:
        console.print_json(
            {
                "key": key,
                "command": result.command,
                "kind": result.kind,
                "verdict": result.verdict,
                "reason": result.reason,
                "values": {**rule.defaults, **chosen},
                "exit_code": result.exit_code,
                "seconds": round(result.seconds, 3),
                "output": result.output,
                "recorded": folder is None and not_recorded is None,
                **({"not_recorded_because": not_recorded} if not_recorded else {}),
            }
        )
    else:
        _print_result(result, folder, not_recorded=not_recorded is not None)
    if not_recorded:
        typer.echo(f"kb: {not_recorded}", err=True)
    raise typer.Exit(EXIT_STATUS[result.verdict])


#: kb check's exit status per verdict: apart from 1 and 2, which every kb command exits with when it
#: fails or is called wrongly, so that a script never reads "declined" or "no such entry" as "ruled out".
EXIT_STATUS = {
    "confirmed": 0,
    "ruled out": 10,
    "inconclusive": 11,
    "could not run here": 12,
    "the check broke": 13,
}


def _parse_values(pairs: list[str]) -> dict[str, str]:
    """The --with values: a usage error (exit 2), as the README says, when one is not NAME=VALUE or
    is a value no command may take."""
    from kb.entry.check_rule import UnsafeValue, safe_value

    values: dict[str, str] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--with {pair!r}: give NAME=VALUE, e.g. --with port=55499")
        try:
            values[name.strip()] = safe_value(name.strip(), value.strip())
        except UnsafeValue as exc:
            raise UsageError(str(exc)) from None
    return values


def _confirm_run(yes: bool, question: str, err: bool = False) -> None:
    """Ask QUESTION (on stderr with ERR) about the command printed right above it, unless YES."""
    if yes:
        return
    if not console.interactive():
        raise KbError("kb runs a stored command only when asked: add --yes to run it without a terminal")
    if not typer.confirm(question, default=False, err=err):
        raise Cancelled("not run")


def _print_result(result: CheckResult, folder: str | None, not_recorded: bool = False) -> None:
    """The check's output and verdict, and whether the verdict was kept: a FOLDER layer's entries
    are files, which hold no check history; NOT_RECORDED, the store refused it (stderr says why)."""
    if result.output:
        typer.echo(visible(result.output.rstrip("\n")))
    ran = f"exit {result.exit_code} in {result.seconds:.1f} s" if result.exit_code is not None else ""
    if folder is not None:
        kept = f"; not recorded (the {visible(folder)} layer is entry files)"
    else:
        kept = "; not recorded" if not_recorded else "; recorded"
    typer.echo(f"{result.verdict}: {visible(result.reason)}" + (f" ({ran})" if ran else "") + kept)


@app.command()
def triage(
    ctx: typer.Context,
    log: Annotated[
        str | None,
        typer.Option(
            "--log", help="The log or traceback file ('-' for stdin).", show_default=False, metavar="LOG"
        ),
    ] = None,
    symptom: Annotated[
        str | None,
        typer.Option(
            "--symptom", "-s", help="The phenomenon, if you have no log.", show_default=False, metavar="TEXT"
        ),
    ] = None,
    conditions: Annotated[
        str | None,
        typer.Option("--conditions", help="How to reproduce it.", show_default=False, metavar="TEXT"),
    ] = None,
    env: Annotated[bool, typer.Option("--env/--no-env", help="Capture the environment baseline.")] = True,
    run: Annotated[
        list[str] | None,
        typer.Option(
            "--run",
            help="Run this proposed check (an entry key); repeatable. Implies consent.",
            metavar="KEY",
        ),
    ] = None,
    timeout: TimeoutOption = 60.0,
    as_json: common.JsonOption = False,
) -> None:
    """Walk the four steps: anchor the fault, locate its domain, verify minimally, roll back.

    On a terminal it asks for what it needs. With --json and every answer as a flag it is a script:
    nothing runs except the checks named with --run. The result is a draft entry; finish it with
    `kb add --from-triage`.
    """
    from kb.verify import triage as session

    with common.open_kb(ctx, remind=not as_json) as store:
        record = _anchor_and_locate(store, log, symptom, conditions, env, as_json)
        if as_json or not console.interactive():
            run = list(dict.fromkeys(run or []))  # one check run twice rules out one cause, not two
            for source in run:  # every --run named first: a wrong one runs nothing
                _proposed(record, source)
                common.refuse_untrusted(ctx, source)
            for source in run:
                _verify(store, record, source, timeout, quiet=as_json)
            if record.needs_rollback() and not as_json:
                _show_rollback()
        else:  # the rollback is shown as it is reached, with the offer to start again
            while _verify_interactively(ctx, store, record, timeout):
                typer.echo("Starting again from step 1.")
                record = _anchor_and_locate(store, None, None, None, env, as_json=False)
    draft = session.save_triage_draft(session.draft_entry(record))
    cause = record.cause()
    if cause is not None and not as_json:
        from kb.entry.terminal import wrap_columns

        for line in wrap_columns(visible(cause.line(common.command_prefix(ctx))), max(20, console.width())):
            typer.echo(line)
    if as_json:
        data = record.as_json()
        data["draft"] = str(draft)
        console.print_json(data)
        return
    typer.echo(f"Draft entry saved:\n  {draft}\nFinish it with: kb add --from-triage")
    if console.interactive() and typer.confirm("Record it as an entry now?", default=True):
        from kb.capture.adding import EntryFlags
        from kb.capture.recording import Prefill
        from kb.cli.add import record_entry

        record_entry(ctx, EntryFlags(), Prefill(from_triage=True))


def _anchor_and_locate(
    store: EntryStore, log: str | None, symptom: str | None, conditions: str | None, env: bool, as_json: bool
) -> TriageRecord:
    from kb.capture.prefill import read_log
    from kb.search.lookup import SearchOptions, search
    from kb.verify import triage as session

    talk = not as_json and console.interactive()
    if log is not None or symptom:
        # Read before the first step's heading: a log kb cannot read is one line, nothing above it.
        text = read_log(log) if log is not None else str(symptom)
        if not as_json:
            typer.echo("1. Anchor — the observable phenomenon, how to reproduce it, the environment")
    elif talk:
        text = typer.prompt("1. Anchor — the observable phenomenon (the error line, or what you see)")
    else:
        raise KbError("give --log FILE or --symptom TEXT: the phenomenon to triage")
    if conditions is None:
        conditions = (
            typer.prompt("   How do you reproduce it?", default="", show_default=False) if talk else ""
        )
    environment = ""
    if env:
        from kb.capture.environment import capture_baseline_in
        from kb.machine import active_python

        environment = capture_baseline_in(active_python()).as_text()
    anchor = session.anchor(text, conditions, environment)
    response = search(text, store.location, SearchOptions(limit=5, record_usage=False))
    record = session.TriageRecord(anchor, values=response.paste_values())  # its decisive line, read once
    session.locate(record, response)
    if not as_json:
        _show_located(record, environment)
    return record


def _show_located(record: TriageRecord, environment: str) -> None:
    """Steps 1 to 3 as they were found, wrapped to the terminal."""
    from kb.entry.terminal import cut, wrap_columns

    width = console.width()

    def wrapped(text: str, indent: str, hard: bool = False) -> None:
        for line in wrap_columns(text, max(20, width - len(indent)), hard=hard):
            typer.echo(indent + line)

    wrapped(f"Phenomenon: {visible(record.anchor.phenomenon)}", "   ")
    if record.anchor.function:
        wrapped(f"Failed in your code's {visible(record.anchor.function)}", "   ")
    if environment:
        wrapped("Environment: " + environment.replace("\n", "; "), "   ")
    keywords = f" (keywords: {', '.join(record.keywords[:4])})" if record.keywords else ""
    wrapped(f"2. Locate — domain: {record.domain or 'unknown'}{keywords}", "")
    typer.echo("3. Verify minimally — proposed checks:")
    for number, proposal in enumerate(record.proposals, 1):
        label = proposal.source if proposal.runnable else f"{proposal.source} (paste into your session)"
        typer.echo(cut(f"   {number}. [{label}] {visible(proposal.title)}", width))
        for line in proposal.command.splitlines():
            wrapped(f"{'$ ' if proposal.runnable else ''}{command_line(line)}", "        ", hard=True)


def _verify(store: EntryStore, record: TriageRecord, source: str, timeout: float, quiet: bool) -> None:
    from kb.verify import triage as session
    from kb.verify.runner import run_check

    proposal = _proposed(record, source)
    result = run_check(store, source, timeout, record.values, agreed=proposal.command)
    session.record_verification(record, source, result)
    if not quiet:
        _print_result(result, None)


def _proposed(record: TriageRecord, source: str) -> Proposal:
    """The runnable proposal SOURCE names. Raises KbError listing those there are."""
    proposal = next((p for p in record.proposals if p.source == source and p.runnable), None)
    if proposal is None:
        runnable = ", ".join(p.source for p in record.proposals if p.runnable) or "none"
        raise KbError(f"--run {source}: not a proposed check here (proposed: {runnable})")
    return proposal


def _verify_interactively(
    ctx: typer.Context, store: EntryStore, record: TriageRecord, timeout: float
) -> bool:
    """Offer each runnable check; True when two ruled-out causes call for a rollback and a fresh anchor.
    A folder the user has not trusted (`kb --layer project triage`) has none offered, as `kb check`
    runs none of its checks: a yes to a stranger's command shown among others is no reading of it."""
    runnable = [p for p in record.proposals if p.runnable]
    try:
        if runnable:  # one layer's (kb --layer): trusted or not as a whole
            common.refuse_untrusted(ctx, runnable[0].source)
    except KbError as refused:
        typer.echo(f"kb: {refused}", err=True)
        return False
    for proposal in runnable:
        if not typer.confirm(f"Run the check of {proposal.source}?", default=False):
            continue
        _verify(store, record, proposal.source, timeout, quiet=False)
        cause = record.cause()
        if cause is not None and cause.how == "confirmed":
            return False  # proven: the rest need not run
        if record.needs_rollback():
            _show_rollback()
            return typer.confirm("Start again from step 1 with a new anchor?", default=True)
    return False


def _show_rollback() -> None:
    import subprocess

    typer.echo("4. Roll back — two checks ruled their causes out: the anchor is probably wrong.")
    try:
        status = subprocess.run(
            ["git", "status", "--short"], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        status = None
    if status is not None and status.returncode == 0:
        typer.echo(status.stdout.rstrip() or "   (git status: no changes)")
        typer.echo("   Reset the changes unrelated to this fault (git checkout -- <file>),")
        typer.echo("   then re-anchor:")
    typer.echo("   rewrite the phenomenon, how to reproduce it, and the environment,")
    typer.echo("   before locating again.")
