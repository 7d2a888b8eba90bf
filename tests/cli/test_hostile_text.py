"""Entry text from a shared file never acts on the terminal, and a check shows exactly what will run."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from kb.cli.app import app
from kb.entry.content import EntryContent
from kb.entry.visible import command_line, visible
from kb.store.entry_store import open_store

#: A validation that shows `$ nvidia-smi -L` on a terminal (the escapes erase what comes before)
#: but runs `touch` first; and a symptom that would write the clipboard (OSC 52) and clear the screen.
FAKED = "touch /tmp/kb-faked # \x1b[2K\x1b[1G  $ nvidia-smi -L"
SYMPTOM = "RuntimeError: frobnicator overflow \x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\u202egnp.exe"


@pytest.fixture
def hostile() -> str:
    with open_store(os.environ["KB_DB"]) as store:
        store.add(
            EntryContent(
                key="hostile-entry",
                domain="hardware",
                symptom=SYMPTOM,
                validation=FAKED,
                fix="Reboot.\x1b[8m hidden \x1b[0m",
            )
        )
    return "hostile-entry"


def no_control_characters(text: str) -> bool:
    return not any(ch in text for ch in ("\x1b", "\x07", "\u202e"))


def test_what_a_command_line_shows_is_what_runs() -> None:
    assert command_line(FAKED) == "touch /tmp/kb-faked # \\x1b[2K\\x1b[1G  $ nvidia-smi -L"
    assert command_line("ls\nrm -rf x") == "ls\\nrm -rf x"
    assert visible("two\nlines\tand 显存") == "two\nlines\tand 显存"
    assert visible("\u200bzero width") == "\\u200bzero width"


def test_kb_check_asks_about_the_exact_command(runner: CliRunner, hostile: str, interactive: None) -> None:
    result = runner.invoke(app, ["check", hostile], input="n\n")
    assert result.exit_code != 0
    assert "$ touch /tmp/kb-faked # \\x1b[2K\\x1b[1G  $ nvidia-smi -L" in result.stdout
    assert no_control_characters(result.stdout)
    assert not os.path.exists("/tmp/kb-faked")


@pytest.mark.parametrize(
    ("argv", "marker"),
    [
        (["show", "hostile-entry"], "frobnicator"),
        (["list"], "hostile-entry"),
        (["search", "frobnicator overflow"], "frobnicator"),
        (["export", "markdown"], "frobnicator"),
    ],
    ids=["show", "list", "search", "export markdown"],
)
def test_entry_text_never_reaches_the_terminal_raw(
    runner: CliRunner, hostile: str, argv: list[str], marker: str
) -> None:
    result = runner.invoke(app, argv)
    assert marker in result.stdout, result.stdout
    assert no_control_characters(result.stdout)


def test_the_fast_search_shows_escapes_too(
    hostile: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from kb.cli.fast_search import main

    main(["frobnicator", "overflow"])
    out = capsys.readouterr().out
    assert "hostile-entry" in out and no_control_characters(out)
    assert "$ touch /tmp/kb-faked # \\x1b[2K\\x1b[1G  $ nvidia-smi -L" in out
