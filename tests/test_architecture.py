"""Import hygiene: fast help, the layer contracts (import-linter), a core that never prints, and help on
every command."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.models import CommandInfo
from typer.testing import CliRunner

from kb.__main__ import YOUNG_COLLECTION
from kb.cli.app import app

KB = Path(__file__).resolve().parent.parent / "kb"
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))
HEAVY = ("sqlmodel", "sqlalchemy", "textual", "rapidfuzz", "markdown_it", "pydantic")


def modules_loaded_by(*argv: str, watched: tuple[str, ...] = HEAVY) -> set[str]:
    code = (
        "import json, sys\n"
        "from kb.__main__ import main\n"
        f"sys.argv = ['kb', *{list(argv)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(json.dumps([m for m in {watched!r} if m in sys.modules]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def test_kb_help_loads_no_heavy_module() -> None:
    assert modules_loaded_by("--help") <= {"pydantic"}  # typer itself pulls in pydantic


def test_kb_version_loads_no_database_layer() -> None:
    assert not modules_loaded_by("--version") & {"sqlmodel", "sqlalchemy", "textual"}


def test_a_current_database_is_read_and_written_without_sqlalchemy() -> None:
    """The store speaks SQL through the driver (kb.store.connection): SQLAlchemy and SQLModel are
    only for creating and migrating a database, which the first use did already."""
    for argv in (("where",), ("add", "-s", "OSError: the frobnicator stalled", "-d", "data", "--new")):
        assert not modules_loaded_by(*argv) & {"sqlmodel", "sqlalchemy"}, argv


def test_an_add_from_flags_loads_no_check_machinery() -> None:
    """Recording a fault runs no check: kb.verify (the runner, verdicts, triage: subprocess, platform,
    locale) cost `kb add` a fifth of its start when it was imported only to ask whether the entry
    came from a triage draft."""
    watched = ("kb.verify.triage", "kb.verify.runner", "kb.verify.verdict", "subprocess")
    argv = ("add", "-s", "OSError: the frobnicator stalled", "-v", "true", "-d", "data", "--new")
    assert modules_loaded_by(*argv, watched=watched) == set()


def test_the_commands_typed_mid_incident_make_no_dataclass() -> None:
    """`import dataclasses` imports inspect, and each dataclass compiles its methods from source:
    together about a fifth of `kb add`, `kb show` and `kb list` when their records were dataclasses."""
    argv_of = (
        ("search", "CUDA error: device-side assert triggered"),
        ("show", "cuda-device-side-assert"),
        ("list",),
        ("add", "-s", "OSError: the gizmo stalled", "-v", "python -c 'import os'", "-d", "data", "--new"),
    )
    warm_up = [sys.executable, "-m", "kb", "show", "cuda-device-side-assert"]  # seeds; decides the reminder
    subprocess.run(warm_up, capture_output=True, check=False)
    for argv in argv_of:
        assert modules_loaded_by(*argv, watched=("dataclasses", "inspect")) == set(), argv


def test_the_commands_typed_mid_incident_compile_no_regular_expression_on_import() -> None:
    """Python compiles a regular expression in Python code: the 21 patterns of the secret redactor
    alone, compiled as its module was imported, were a third of `kb show`'s instructions beyond the
    interpreter's start, for a command that redacts nothing. A pattern those commands' modules
    declare is a LazyPattern (kb.patterns): compiled on first use, from the user's cache."""
    argv_of = (
        ("search", "CUDA error: device-side assert triggered"),
        ("show", "cuda-device-side-assert"),
        ("list",),
        ("add", "-s", "OSError: the sprocket stalled", "-v", "python -c 'import os'", "-d", "data", "--new"),
    )
    compiled_on_import = []
    for argv in argv_of:
        code = (
            "import json, sys\n"
            "from kb.__main__ import main\n"
            f"sys.argv = ['kb', *{list(argv)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(json.dumps([m.__file__ for n, m in list(sys.modules.items()) if n.startswith('kb')]))\n"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        for file in json.loads(result.stdout.strip().splitlines()[-1]):
            for node in ast.parse(Path(file).read_text(encoding="utf-8")).body:
                if isinstance(node, ast.Assign) and "re.compile(" in ast.unparse(node.value):
                    compiled_on_import.append(f"{argv[0]}: {Path(file).name} {ast.unparse(node.targets[0])}")
    assert compiled_on_import == []


def test_a_search_reads_the_stores_json_without_importing_json() -> None:
    """`import json` compiles six regular expressions: five percent of a seeded search's instructions,
    for the JSON columns it reads (kb.store.stored_json reads them with json's own C scanner)."""
    query = "CUDA error: device-side assert triggered"
    subprocess.run([sys.executable, "-m", "kb", "search", query], capture_output=True, check=False)  # seeds
    code = (
        "import sys\n"
        "from kb.__main__ import main\n"
        f"sys.argv = ['kb', 'search', {query!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('json' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Closest entries" in result.stdout  # it searched, and found
    assert result.stdout.strip().splitlines()[-1] == "False"


def test_a_search_compiles_no_python_source() -> None:
    """A typing.NamedTuple whose module has `from __future__ import annotations` compiles each field's
    annotation when its class is made, and a process's first compile() sets up Python's syntax tree
    types: 9 million instructions, a tenth of the interpreter's own start, paid by every search. kb's
    records are kb.records.Record, which keeps annotations as their text."""
    query = "CUDA error: device-side assert triggered"
    subprocess.run([sys.executable, "-m", "kb", "search", query], capture_output=True, check=False)  # seeds
    code = (
        "import json, sys\n"
        "compiled = []\n"
        "def hook(event, args):\n"
        "    if event != 'compile' or str(args[1]).endswith('.py'):  # a module without its .pyc\n"
        "        return\n"
        "    text = args[0].decode() if isinstance(args[0], bytes) else args[0]\n"
        "    if isinstance(text, str) and not text.startswith('lambda _cls'):  # namedtuple's own\n"
        "        compiled.append(text[:60])\n"
        "sys.addaudithook(hook)\n"
        "from kb.__main__ import main\n"
        f"sys.argv = ['kb', 'search', {query!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(compiled))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_the_kb_command_leaves_what_lives_until_exit_to_the_operating_system() -> None:
    """The console script collects young objects every YOUNG_COLLECTION, not every 700 (what a
    command imports lives until it exits), and freezes what is alive before Python's exit collects
    it twice: a search's exit collections were 16 of its 228 million instructions."""
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print(gc.get_threshold()[0], gc.get_freeze_count() > 0))\n"
        "from kb.__main__ import console_script\n"
        "sys.argv = ['kb', 'list']\n"
        "console_script()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines()[-1] == f"{YOUNG_COLLECTION} True"


def test_show_and_list_read_without_typer_or_the_orm() -> None:
    """`kb show` and `kb list` took ~0.8 s, 6-7x `kb search`: they loaded the ORM to read."""
    assert modules_loaded_by("where") >= {"pydantic"}  # Typer's, so the harness sees what loads
    for argv in (("show", "cuda-device-side-assert"), ("list", "--domain", "data"), ("list",)):
        assert modules_loaded_by(*argv) == set(), argv
        assert "typer" not in modules_loaded_by(*argv)


def core_modules() -> list[Path]:
    """Every module outside the faces (kb/cli, kb/tui, kb/integrations, the console script, and
    kb/hosts, which is a face of the project's own pytest and IPython, and never runs inside kb)."""
    faces = {"cli", "tui", "integrations", "hosts"}
    return [p for p in KB.rglob("*.py") if p.name != "__main__.py" and not faces & set(p.parts)]


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: str(p.relative_to(KB)))
def test_the_core_never_prints(path: Path) -> None:
    """What the core has to say leaves it as data or a KbError; the faces decide how it looks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "print" not in calls


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter over the kb package found under ROOT, with the contracts in pyproject.toml."""
    return subprocess.run(
        [
            LINT_IMPORTS,
            "--config",
            str(KB.parent / "pyproject.toml"),
            "--no-cache",
        ],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
    )


def test_the_layer_contracts_hold() -> None:
    result = lint_imports(KB.parent)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("entry/lint.py", "import typer", "The core never imports a face"),
        ("upkeep/review.py", "from kb.cli import lean", "The core never imports a face"),
        ("search/ranking.py", "import sqlite3", "Only the store opens a database"),
        ("capture/suggestions.py", "from sqlmodel import Session", "Only the store opens a database"),
        ("store/models.py", "from kb.search import lookup", "Dependencies point one way"),
    ],
)
def test_the_layer_contracts_catch_a_breach(tmp_path: Path, module: str, line: str, contract: str) -> None:
    shutil.copytree(KB, tmp_path / "kb", ignore=shutil.ignore_patterns("__pycache__"))
    with (tmp_path / "kb" / module).open("a", encoding="utf-8") as source:
        source.write(f"\n{line}  # noqa\n")
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    broken = [row for row in result.stdout.splitlines() if row.endswith("BROKEN")]
    assert any(row.startswith(contract) for row in broken), result.stdout


def command_name(command: CommandInfo) -> str:
    return command.name or str(getattr(command.callback, "__name__", "?"))


@pytest.mark.parametrize("command", app.registered_commands, ids=command_name)
def test_every_command_has_help(command: CommandInfo, runner: CliRunner) -> None:
    assert command.callback is not None and command.callback.__doc__
    result = runner.invoke(app, [command_name(command), "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout


def test_importing_the_markdown_tables_does_not_load_markdown_it() -> None:
    """kb.exchange.markdown_tables parses pages only when asked: its import stays light."""
    code = "import json, sys, kb.exchange.markdown_tables; print(json.dumps('markdown_it' in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) is False
