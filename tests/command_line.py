"""Running `kb` in a test as a user runs it: through what the console script runs.

`kb.__main__.main` is what the `kb` command calls (kb.__main__.console_script adds only the garbage
collector's pace for a process of its own): it sends search, add, show and list to their lean
parsers and everything else to Typer. A test that drove the Typer app alone would never see what
users see from those four commands, so CLI tests come through here. It runs in this process, with
standard input, output and error swapped for buffers (Typer's test isolation: it swaps sys's streams
for any code, and echoes the answers typed to Typer's prompts, as a terminal would).
"""

from __future__ import annotations

import sys
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

import kb.cli.app as cli_app
from kb.__main__ import main


class _Ended(NamedTuple):
    code: int
    stdout: str
    stderr: str


class Ran(_Ended):
    """How a command ended, and what it printed: `code, out, err = kb(...)`, and `output`, both
    streams as they came (a question on stdout, then a note on stderr)."""

    output: str

    @property
    def exit_code(self) -> int:
        return self.code


def kb(*args: str, input: str | bytes | None = None, env: dict[str, str | None] | None = None) -> Ran:
    """Run `kb ARGS` (with INPUT on standard input, bytes for what is not UTF-8, and ENV's variables
    set or, for None, unset) and return its exit code and output."""
    argv = sys.argv
    sys.argv = ["kb", *args]
    code: int | str | None = 0
    try:
        with CliRunner().isolation(input=input, env=env) as (stdout, stderr, output):
            try:
                main()
            except SystemExit as exit_:
                code = exit_.code
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            printed = [
                stream.getvalue().decode("utf-8", "backslashreplace") for stream in (stdout, stderr, output)
            ]
    finally:
        sys.argv = argv
    if not isinstance(code, int):
        code = 0 if code is None else 1
    ran = Ran(code, printed[0], printed[1])
    ran.output = printed[2]
    return ran


def lines_handed_to_typer(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The command lines the console script hands to Typer from now on (the lean faces keep the rest)."""
    handed: list[list[str]] = []
    real = cli_app.run

    def typer(argv: list[str]) -> int:
        handed.append(argv)
        return real(argv)

    monkeypatch.setattr(cli_app, "run", typer)
    return handed
