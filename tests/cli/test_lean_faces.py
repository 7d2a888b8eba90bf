"""`kb search`, `kb show` and `kb list` as users type them: the console script answers them with lean
parsers (kb/cli/fast_search.py, kb/cli/fast_read.py) built from the same option tables as Typer's
commands. Each command line here must print, and exit, exactly as Typer's command does."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

import kb.cli.app as cli_app
from tests.command_line import Ran, kb, lines_handed_to_typer

COMMAND_LINES = [
    ["show", "cross-entropy-label-out-of-range"],
    ["show", "--", "cross-entropy-label-out-of-range"],
    ["show", "cross-entropy-label-out-of-range", "--snippet"],
    ["show", "cross-entropy-label-out-of-rang"],
    ["show"],
    ["show", "one", "two"],
    ["show", "--snipet", "cross-entropy-label-out-of-range"],
    ["list"],
    ["list", "-d", "gpu"],
    ["list", "--domain=data", "--tag", "nan"],
    ["list", "-t", "NaN", "--status", "all"],
    ["list", "--status", "archived"],
    ["list", "--status", "archivd"],
    ["list", "--status"],
    ["list", "--bogus"],
    ["list", "-d", "nowhere"],
    ["list", "extra"],
    ["search", "IndexError: Target 5 is out of bounds."],
    ["search", "--json", "-n", "2", "KeyError: 'learning_rate'"],
    ["search", "--explain", "cuda"],
    ["search", "--exact", "--domain", "data", "num_workers"],
    ["search", "-n", "0", "cuda"],
    ["search", "--limt", "3", "cuda"],
    ["search", "--regex", "("],
    ["search"],
]


def typer_face(*args: str) -> Ran:
    """ARGS through Typer's commands alone, as cli_app.run() runs them."""
    with CliRunner().isolation() as (stdout, stderr, _):
        code = cli_app.run(list(args))
        sys.stdout.flush()
        sys.stderr.flush()
        return Ran(code, stdout.getvalue().decode(), stderr.getvalue().decode())


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
def test_the_lean_face_prints_what_typers_command_prints(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert kb("list").code == 0  # the first command of the day decides on the review reminder
    expected = typer_face(*argv)

    def not_typer(_: list[str]) -> int:
        raise AssertionError("the lean face handed this command line to Typer")

    monkeypatch.setattr(cli_app, "run", not_typer)
    ran = kb(*argv)
    assert (ran.code, ran.stdout, ran.stderr) == tuple(expected)


def test_the_first_command_of_the_day_goes_to_the_store_for_the_reminder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed = lines_handed_to_typer(monkeypatch)
    assert kb("list").code == 0 and kb("list").code == 0
    assert handed == [["list"]]
