"""Entry text from a shared file never acts on the terminal, and a check shows exactly what will run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.entry.content import EntryContent
from kb.entry.visible import command_line, visible
from kb.store.entry_store import open_store
from tests.command_line import kb

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
    result = kb("check", hostile, input="n\n")
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
    result = kb(*argv)
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


#: Characters that draw nothing yet hide or reorder text: the Arabic letter mark, a tag character, the
#: Hangul filler, a soft hyphen, the line separator, a CSI as one C1 character.
INVISIBLE = "\u061c\U000e0041\u3164\u00ad\u2028\u009b"


def test_a_command_padded_out_of_sight_is_shown_whole_above_the_question(
    runner: CliRunner, interactive: None
) -> None:
    """`touch X;` + 3000 spaces + `echo harmless`: on an 80x24 terminal only `echo harmless` was left
    above "Run it?"."""
    padded = "touch /tmp/kb-padded;" + " " * 3000 + "echo harmless"
    with open_store(os.environ["KB_DB"]) as store:
        store.add(
            EntryContent(key="padded", domain="data", symptom="OSError: the padded fault", validation=padded)
        )
    result = kb("check", "padded", input="n\n")
    assert not os.path.exists("/tmp/kb-padded")
    lines = result.stdout.splitlines()
    asked = next(n for n, line in enumerate(lines) if "Run it?" in line)
    assert lines[asked - 2].strip() == "$ touch /tmp/kb-padded;⟨3,000 spaces⟩echo harmless"
    assert "3,034 characters; all of it runs" in lines[asked - 1]


def test_json_and_every_face_show_invisible_characters_as_escapes(runner: CliRunner) -> None:
    import json

    symptom = f"RuntimeError: the frobnicator {INVISIBLE} overflowed \u202e"
    with open_store(os.environ["KB_DB"]) as store:
        store.add(EntryContent(key="invisible", domain="data", symptom=symptom, fix=f"reboot {INVISIBLE}"))
    shown = kb("show", "invisible", "--json")
    assert not any(char in shown.stdout for char in INVISIBLE + "\u202e")
    assert json.loads(shown.stdout)["symptom"] == symptom  # the same data for a program
    for argv in (["show", "invisible"], ["tree", "--format", "markdown"], ["tree", "--format", "mermaid"]):
        out = kb(*argv).stdout
        assert not any(char in out for char in INVISIBLE + "\u202e"), argv
    assert "\\u061c" in kb("show", "invisible").stdout


def test_a_database_path_that_is_not_utf8_is_refused_not_another_file(tmp_path: Path) -> None:
    """`kb --db $'caf\\xe9.db' list` made and seeded a database named `caf\ufffd.db`: each byte that is
    not UTF-8 reaches kb as U+FFFD, so the path named another file."""
    import subprocess
    import sys

    folder = tmp_path / "elsewhere"
    folder.mkdir()
    path = os.fsencode(folder) + b"/caf\xe9.db"
    for argv, kb_db in (([b"--db", path, b"list"], None), ([b"search", b"device-side assert"], path)):
        environ = dict(os.environb)
        if kb_db is not None:
            environ[b"KB_DB"] = kb_db
        done = subprocess.run(
            [sys.executable, "-m", "kb", *argv], capture_output=True, env=environ, timeout=120
        )
        said = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 2 and said.count("\n") == 1 and "is not UTF-8" in said, said
    assert os.listdir(folder) == []


def test_an_argument_that_is_not_utf8_is_one_line_not_a_traceback() -> None:
    """Invalid UTF-8 in an argument raised UnicodeEncodeError from the database driver."""
    import subprocess
    import sys

    for argv in (["show", b"\xff".decode("utf-8", "surrogateescape")], ["search", "\udcff\udcfe bad"]):
        done = subprocess.run(
            [sys.executable, "-m", "kb", *argv], capture_output=True, text=True, errors="replace", timeout=120
        )
        assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
