"""Import hygiene: fast help, a core that never prints or imports a UI, and help on every command."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.models import CommandInfo
from typer.testing import CliRunner

from kb.cli import app

KB = Path(__file__).resolve().parent.parent / "kb"
FACES = {"__main__.py", "search_cli.py", "add_cli.py", "cli_output.py", "lean.py"}
HEAVY = ("sqlmodel", "sqlalchemy", "textual", "rapidfuzz", "markdown_it", "pydantic")


def modules_loaded_by(*argv: str) -> set[str]:
    code = (
        "import json, sys\n"
        "from kb.__main__ import main\n"
        f"sys.argv = ['kb', *{list(argv)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def test_kb_help_loads_no_heavy_module() -> None:
    assert modules_loaded_by("--help") <= {"pydantic"}  # typer itself pulls in pydantic


def test_kb_version_loads_no_database_layer() -> None:
    assert not modules_loaded_by("--version") & {"sqlmodel", "sqlalchemy", "textual"}


def core_modules() -> list[Path]:
    return [p for p in KB.rglob("*.py") if p.name not in FACES and not {"cli", "tui"} & set(p.parts)]


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: p.name)
def test_the_core_never_prints_nor_imports_a_face(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {
        (node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    }
    assert not imported & {"typer", "textual", "click", "rich"}
    assert "kb.cli" not in {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "print" not in calls


def test_only_the_store_layer_opens_database_connections() -> None:
    """store.py writes through the ORM; index_reader.py is its lean read side for `kb search`."""
    for path in core_modules():
        if path.name in {"store.py", "db.py", "models.py", "index_reader.py"}:
            continue
        text = path.read_text(encoding="utf-8")
        assert "Session(" not in text and "create_engine" not in text, path.name


def command_name(command: CommandInfo) -> str:
    return command.name or str(getattr(command.callback, "__name__", "?"))


@pytest.mark.parametrize("command", app.registered_commands, ids=command_name)
def test_every_command_has_help(command: CommandInfo, runner: CliRunner) -> None:
    assert command.callback is not None and command.callback.__doc__
    result = runner.invoke(app, [command_name(command), "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout
