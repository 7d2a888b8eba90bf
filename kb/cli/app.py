"""The `kb` command: each command parses, calls one core function, and prints.

Commands live in modules by what they act on; importing this module registers them all on `app`,
in the order `kb --help` lists them. `run()` is how the console script calls it.
"""

from __future__ import annotations

import sys

import typer

from kb.cli import add, entries, exchange, knowledge, upkeep, verify  # noqa: F401  (registers the commands)
from kb.cli.common import app
from kb.cli.console import report_error, usage_message
from kb.errors import UsageError

__all__ = ["app", "run"]


def run(argv: list[str]) -> int:
    """Run the command line ARGV and return its exit code.

    Typer reports a bad command line in four lines (usage, a hint, a blank, the error). Here it is one,
    like every other kb error: `kb: list: invalid value for --status … (see kb list --help)`, with
    Typer's own suggestion of the nearest command kept.
    """
    try:
        result = app(args=argv, prog_name="kb", standalone_mode=False)
    except typer.TyperException as exc:  # Click's usage errors, which Typer exports under this base
        context = getattr(exc, "ctx", None)
        prog = getattr(context, "command_path", None) or _command_path(argv)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `kb` alone, or `kb export`: the help itself
            sys.stdout.write(exc.format_message() + "\n")
            return exc.exit_code
        return report_error(UsageError(usage_message(prog, _sentence(exc.format_message()))))
    except OSError as exc:  # Click writing a command's help to a full disk (`kb --help > /dev/full`)
        return report_error(exc)
    return result if isinstance(result, int) else 0


def _command_path(argv: list[str]) -> str:
    """`kb export markdown` for `kb --db x export markdown --out`: the commands ARGV names, for the
    errors Click raises without a context (an option missing its value)."""
    command = typer.main.get_command(app)
    path = ["kb"]
    words = iter(argv)
    for word in words:
        if word == "--db":
            next(words, None)
        elif word.startswith("-"):
            continue
        elif word in getattr(command, "commands", {}):  # a group: Typer's commands are Click's
            command = command.commands[word]  # type: ignore[attr-defined]
            path.append(word)
        else:
            break
    return " ".join(path)


def _sentence(message: str) -> str:
    """`No such command 'serch'. Did you mean 'search'?` → `no such command 'serch'; did you mean …`"""
    message = message.strip().rstrip(".")
    message = message.replace(". Did you mean", "; did you mean")
    return message[:1].lower() + message[1:]
