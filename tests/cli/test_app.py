"""The Typer face as the console script runs it: a bad command line is one line, with the nearest fix."""

from __future__ import annotations

import pytest

from kb.cli.app import run


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


def test_help_names_values_as_a_person_reads_them(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["--help"], ["search", "--help"], ["list", "--help"], ["check", "--help"]):
        assert run(command) == 0
        options = capsys.readouterr().out.split("Options:")[1]
        assert "<str>" not in options and "<int" not in options and "<float" not in options
        assert "<path>" not in options and "<list[" not in options
