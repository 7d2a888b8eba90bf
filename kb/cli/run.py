"""`kb run -- CMD …`: run a command as if kb were not there; when it fails, look the failure up.

Routed here by the console script before Typer loads (a wrapper must start at once); `kb run --help`
goes through Typer (kb/cli/knowledge.py), which calls the same main(). The command's own output
comes first and unchanged; kb's answer follows on stderr, and kb exits with the command's status.
"""

from __future__ import annotations

from kb.cli.console import echo, width
from kb.errors import KbError


def main(argv: list[str]) -> int:
    """ARGV: what follows `kb run` (a leading `--` is optional)."""
    from kb.integrations.process import describe_ending, run_passing_through, shell_status

    command = argv[1:] if argv[:1] == ["--"] else argv
    if not command:
        echo("kb: nothing to run: kb run -- python train.py …", err=True)
        return 2
    try:
        finished = run_passing_through(command)
    except KbError as exc:
        echo(f"kb: {exc}", err=True)
        return 127
    if finished.returncode == 0:
        return 0
    ending = describe_ending(finished.returncode)
    output = finished.tail.decode("utf-8", errors="replace").replace("\r\n", "\n")
    try:
        look_up(command, ending, output)
    except (KbError, OSError) as exc:  # the command's own failure is what matters: never hide it
        echo(f"kb: `{command[0]}` {ending}; kb could not look it up: {exc}", err=True)
    return shell_status(finished.returncode)


def look_up(command: list[str], ending: str, output: str) -> None:
    """Keep the failure for `kb add --from-last-run`, search its output, print the answer on stderr."""
    from kb.capture.last_run import record_failure
    from kb.cli.fast_search import SearchArgs, format_response, search_text
    from kb.entry.terminal import cut
    from kb.entry.visible import visible
    from kb.paths import user_data_dir

    run = record_failure(str(user_data_dir()), command, ending, output)
    header = f"kb: `{cut(visible(' '.join(run.command.split())), 60)}` {ending}."
    if not output.strip():
        echo(f"{header} It printed nothing to look up.", err=True)
        return
    found = search_text(output, SearchArgs(limit=3))
    echo("", err=True)
    echo(header, err=True)
    for layer in found.unreachable:
        echo(layer.line(), err=True)
    echo(format_response(found.response, False, width(), found.layered), err=True)
    if not found.response.confident:
        echo("Once you have the fix: kb add --from-last-run", err=True)
