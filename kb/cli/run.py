"""`kb run -- CMD …`: run a command as if kb were not there; when it fails, look the failure up.

Routed here by the console script before Typer loads (a wrapper must start at once); `kb run --help`
goes through Typer (kb/cli/knowledge.py), which calls the same main(). The command's own output
comes first and unchanged; kb's answer follows on stderr, and kb ends as the command did: with its
status, or by the signal that killed it (kb/__main__.py).
"""

from __future__ import annotations

from kb.errors import KbError


def main(argv: list[str]) -> int:
    """`kb run`'s exit status (run())'s, as a shell gives it: 128 + N for a command killed by N)."""
    from kb.integrations.process import shell_status

    return shell_status(run(argv))


def run(argv: list[str]) -> int:
    """ARGV: what follows `kb run` (a leading `--` is optional); returns how the command ended, as
    subprocess says it (-N: killed by signal N), or kb's own status when it could not start it.
    Until the command fails only what runs it is imported: kb's start is the whole of its cost to a
    command that succeeds."""
    from kb.integrations.process import NotExecutable, describe_ending, run_passing_through

    command = argv[1:] if argv[:1] == ["--"] else argv
    if not command:
        _say("kb: nothing to run: kb run -- python train.py …")
        return 2
    try:
        finished = run_passing_through(command)
    except KbError as exc:
        from kb.cli.console import error_line

        _say(error_line(exc))
        # as a shell says: found but not runnable, or not found
        return 126 if isinstance(exc, NotExecutable) else 127
    if finished.returncode == 0:
        return 0
    if finished.reader_left:  # `kb run … | head`: ended by the pipe that closed, not a failure
        return finished.returncode
    ending = describe_ending(finished.returncode)
    output = finished.tail.decode("utf-8", errors="replace").replace("\r\n", "\n")
    try:
        look_up(command, ending, output)
    except Exception as exc:  # a broken knowledge base or install: the command's own failure is what matters
        from kb.entry.visible import exception_line

        _say(f"kb: `{_shown(command)}` {ending}; kb could not look it up: {exception_line(exc)}")
    except KeyboardInterrupt:  # Ctrl-C stops kb's lookup, not what the command said with its status
        _say(f"kb: `{_shown(command)}` {ending}; the lookup was interrupted (Ctrl-C).")
    return finished.returncode


def _shown(command: list[str]) -> str:
    """COMMAND as kb names it in its lines: as a shell would read it back, redacted (an `--api-key`
    given on the line), on one line cut to a readable length, nothing in it acting on the terminal.
    A newline inside an argument (`python -c $'\\nimport time…'`) is written as its escape, not as a
    space, which would name a command that never ran."""
    import shlex

    from kb.entry.redaction import redact_text
    from kb.entry.terminal import cut
    from kb.entry.visible import command_line

    return cut(command_line(redact_text(shlex.join(command))), 60)


def look_up(command: list[str], ending: str, output: str) -> None:
    """Keep the failure for `kb add --from-last-run`, search its output, print the answer on stderr.
    Entries' applies_to are judged in the environment of the Python the command ran in."""
    from kb.capture.last_run import record_failure
    from kb.cli.console import width
    from kb.cli.fast_search import format_response
    from kb.entry.visible import visible
    from kb.integrations.process import describe_ending
    from kb.layers.everywhere import search_layers
    from kb.machine import python_of
    from kb.paths import user_data_dir
    from kb.search.lookup import SearchOptions

    python = python_of(command)
    record_failure(str(user_data_dir()), command, ending, output, python=python)
    header = f"kb: `{_shown(command)}` {ending}."
    if not output.strip():
        _say(f"{header} It printed nothing to look up.")
        return
    options = SearchOptions(limit=3, environment=True, interpreter=python)
    found = search_layers(output, None, options)
    if found.response.confident:  # the known fault alone: the others are no answer to this failure
        for layer in found.unreachable:
            _say(layer.line())
        sure = found.response._replace(results=found.response.results[:1])
        _say("")
        _say(header)
        _say(format_response(sure, False, width(), found.layered))
        return
    # kb is not sure: one quiet line, never a guess dressed as an answer in someone's build log; a
    # layer that did not answer is said in it, as what kb could not ask.
    unasked = "".join(
        f" (the {visible(layer.layer)} layer did not answer: {visible(layer.reason)})"
        for layer in found.unreachable
    )
    shared = [visible(str(s.candidate.record["key"])) for s in found.response.one_of]
    top = found.response.results[0] if found.response.results else None
    if top is not None and top.doubt is None and top.candidate.record.get("unmet"):  # sure, but not here
        unmet = ", ".join(visible(str(constraint)) for constraint in top.candidate.record["unmet"])
        quiet = f"The known fault {visible(top.candidate.key)} does not apply here: {unmet}"
    elif shared:
        quiet = (
            f"One of {len(shared)} known faults raises this ({', '.join(shared)}): "
            "`kb show KEY` gives each one's check."
        )
    elif top is not None and top.doubt == "library":  # a team's entry recorded from this message
        key = visible(top.candidate.key)
        quiet = (
            f"A library raises this for many causes; {key} is recorded for it, not proven here:"
            f" `kb show {key}` gives its check."
        )
    elif ending == describe_ending(-2):  # stopped at the terminal: no fault to record
        quiet = "No known fault kb is sure of."
    else:
        quiet = "No known fault kb is sure of; once you have the fix: kb add --from-last-run"
    _say(f"{header} {quiet}{unasked}")


def _say(line: str) -> None:
    """Write kb's LINE on stderr if it takes it. A stderr closed (`2>&-`), full, or whose reader has
    gone (`2>&1 | grep -q`) loses kb's words, never the command's exit status: once a write fails,
    nothing more of kb's goes there, and nothing is left for Python to flush, and fail, at exit."""
    import sys

    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # AttributeError: no stderr at all (None)
        sys.stderr = None
