"""The README documents the command line that exists: every command and option, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from kb.cli.app import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
TYPER_OWN = {"--help", "--install-completion", "--show-completion"}


def command_line() -> dict[str, set[str]]:
    """Each listed command's path (`kb export markdown`) and its long options (an old name kept
    for scripts is hidden from --help, and from the README)."""
    found: dict[str, set[str]] = {}

    def visit(command: object, path: str) -> None:
        params = getattr(command, "params", [])
        found[path] = {opt for param in params for opt in param.opts if opt.startswith("--")} - TYPER_OWN
        for name, sub in getattr(command, "commands", {}).items():
            if not getattr(sub, "hidden", False):
                visit(sub, f"{path} {name}")

    visit(typer.main.get_command(app), "kb")
    return found


def tour() -> list[str]:
    block = README.split("## A tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line.split("#")[0].strip() for line in block.splitlines() if line.strip().startswith("kb ")]


def test_every_command_is_in_the_readme() -> None:
    missing = [path for path in command_line() if path != "kb" and path not in README]
    assert missing == []


def reference() -> dict[str, set[str]]:
    """The README's command-line reference table: each command and the options it lists."""
    table = README.split("## Command-line reference", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(kb [^`]+)` \| (.*) \|$", table, flags=re.MULTILINE)
    return {path: set(re.findall(r"`(--[\w-]+)`", options)) for path, options in rows}


def test_the_reference_lists_every_command_with_exactly_its_options() -> None:
    actual = {path: options for path, options in command_line().items() if path != "kb"}
    groups = {path for path in actual if any(other.startswith(path + " ") for other in actual)}
    assert reference() == {path: options for path, options in actual.items() if path not in groups}


def test_the_global_options_are_in_the_readme() -> None:
    for option in command_line()["kb"]:
        assert f"`kb {option}" in README, option


def test_every_command_in_the_tour_exists() -> None:
    commands = command_line()
    for line in tour():
        words = [word for word in line.split() if not word.startswith(("-", "…"))]
        path = "kb"
        for word in words[1:]:
            if f"{path} {word}" in commands:
                path = f"{path} {word}"
        assert path != "kb", line
        for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", line):
            assert option in commands[path] | commands["kb"] | {"--help"}, f"{line}: {option}"


def test_every_file_of_kb_the_docs_name_exists() -> None:
    """seed_entries/README.md sent readers to kb/guard_checker.py, which had moved."""
    root = Path(__file__).resolve().parent.parent
    docs = [root / "README.md", *sorted((root / "seed_entries").glob("*.md"))]
    for doc in docs:
        for named in re.findall(r"`(kb/[\w/]+\.py)", doc.read_text(encoding="utf-8")):
            assert (root / named).is_file(), f"{doc.name} names {named}"


def test_the_readme_never_puts_the_whole_venv_on_the_path() -> None:
    """`.venv/bin` on the PATH puts its python, pip, pytest and ipython before the user's own."""
    assert "Put `.venv/bin` on your `PATH`" not in README
    assert 'ln -s "$PWD/.venv/bin/kb"' in README and "pipx install ." in README


def test_the_pre_commit_steps_install_the_hook_before_the_commit_they_show_failing() -> None:
    block = next(b for b in re.findall(r"```sh\n(.*?)```", README, flags=re.DOTALL) if "pre-commit" in b)
    lines = [line.split("  #")[0].strip() for line in block.splitlines()]
    assert lines.index("pre-commit install") < next(n for n, line in enumerate(lines) if "git commit" in line)


def test_no_seed_speaks_of_a_document_the_reader_has_not_seen() -> None:
    """A seed's root cause said "The document says…": the field guide it came from."""
    root = Path(__file__).resolve().parent.parent
    for seed in sorted((root / "seed_entries").glob("*/*.md")):
        assert "The document says" not in seed.read_text(encoding="utf-8"), seed.name


def test_the_readme_gives_kb_checks_exit_status_for_each_verdict() -> None:
    """The verdicts' exit codes moved to 10-13 (1 and 2 mean what they mean for every command), and
    the README kept saying 1-4 for a session: a script written from it read "declined" as ruled out."""
    from kb.cli.verify import EXIT_STATUS

    prose = " ".join(README.split("The verdict is one of", 1)[1].split("Each run is kept", 1)[0].split())
    for verdict, code in EXIT_STATUS.items():
        assert re.search(rf"\*{re.escape(verdict)}\* \((exit )?{code}\b", prose), (verdict, code)
