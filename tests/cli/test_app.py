"""The Typer face as the console script runs it: a bad command line is one line, with the nearest fix."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from kb.cli.app import app, run
from tests.command_line import kb


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = run(list(argv))
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return code, lines[0]


def test_a_misspelt_command_suggests_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    code, line = one_line_error(capsys, "serch", "x")
    assert code == 2
    assert line == "kb: no such command 'serch'; did you mean 'search'? (see kb --help)"


def test_a_bad_value_suggests_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    code, line = one_line_error(capsys, "list", "--status", "archivd")
    assert code == 2
    assert line == "kb: list: unknown --status 'archivd'; did you mean 'archived'? (see kb list --help)"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["show"], "kb: show: missing argument 'KEY' (see kb show --help)"),
        (["list", "--status", "weird"], "kb: list: unknown --status 'weird'; use active, archived or all"),
        (["list", "--limit", "3"], "kb: list: no such option: --limit (see kb list --help)"),
        (["check", "x", "--timeout", "soon"], "kb: check: invalid value for '--timeout'"),
        (
            ["--db", "x.db", "export", "markdown", "--out"],
            "kb: export markdown: option '--out' requires an argument (see kb export markdown --help)",
        ),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, line = one_line_error(capsys, *argv)
    assert code == 2
    assert line.startswith(expected)


def test_no_command_shows_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    run([])
    assert "Usage: kb [OPTIONS] COMMAND" in capsys.readouterr().out


def test_help_names_values_as_a_person_reads_them(runner: CliRunner) -> None:
    """`KEY`, `DAYS`, `FILE`; never a Python type such as `<str>` or `<list[str]>`."""
    commands = typer.main.get_command(app)
    paths: list[list[str]] = []

    def visit(command: object, path: list[str]) -> None:
        paths.append(path)
        for name, child in getattr(command, "commands", {}).items():
            visit(child, [*path, name])

    visit(commands, [])
    for path in paths:
        result = kb(*path, "--help", env={"COLUMNS": "100"})
        assert result.exit_code == 0, path
        assert not re.search(r"<[a-z][\w\[\], ]*>", result.stdout), (path, result.stdout)


def test_a_folder_kb_may_not_write_is_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found with a team folder made immutable (`chattr +i`, or `chmod a-w` for a user who is not
    root): every atomic write there fails at its temporary file."""
    import errno
    import tempfile

    team = tmp_path / "team"
    team.mkdir()

    def refused(*args: object, dir: str | None = None, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EPERM, "Operation not permitted", f"{dir}/.kb-x1y2.tmp")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    code, _, err = kb("sync", str(team))
    assert code == 1 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"kb: cannot write in {team}") and err.rstrip().endswith("Operation not permitted")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a device every write to fails")
@pytest.mark.parametrize("args", [("--help",), ("export", "hosts", "--help")])
def test_help_that_cannot_be_written_is_one_line_not_a_traceback(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "kb", *args], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert (done.returncode, done.stderr) == (1, "kb: No space left on device\n")
