"""kb in an environment that re-pinned older packages after kb was installed (a conda env's
pydantic 1 or a Typer from 2022): one line that names the version at fault, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kb.cli.installation import unmet_requirements

pytestmark = pytest.mark.sqlite_only("the packages installed, whatever the database")


def test_what_kb_needs_through_what_it_needs_is_named_with_the_version_found() -> None:
    requires = {
        "ml-fault-kb": ["sqlmodel>=0.0.50", "typer>=0.26", "rapidfuzz>=3.0", "mcp>=2.3; extra == 'mcp'"],
        "sqlmodel": ["pydantic>=2.11.0"],
        "typer": ["pydantic>=2.5.3"],
        "pydantic": [],
    }
    found = {"sqlmodel": "0.0.50", "typer": "0.4.0", "pydantic": "1.10.13"}

    def version(name: str) -> str:
        if name not in found:
            from importlib.metadata import PackageNotFoundError

            raise PackageNotFoundError(name)
        return found[name]

    unmet = unmet_requirements(requires=requires.get, version=version)
    assert sorted(unmet) == [
        "pydantic 1.10.13 (sqlmodel needs pydantic>=2.11.0)",
        "rapidfuzz is not installed (ml-fault-kb needs rapidfuzz>=3.0)",
        "typer 0.4.0 (ml-fault-kb needs typer>=0.26)",
    ]


def test_this_installation_needs_nothing_it_lacks() -> None:
    assert unmet_requirements() == []


def test_a_typer_too_old_for_kb_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    """Typer 0.4 re-pinned under kb: `kb where` died with `TypeError: Typer.__init__() got an
    unexpected keyword argument 'pretty_exceptions_enable'`."""
    old = tmp_path / "old-packages"
    (old / "typer").mkdir(parents=True)
    (old / "typer" / "__init__.py").write_text(
        "class Typer:\n    def __init__(self, name=None):\n        pass\n"
    )
    (old / "typer-0.4.0.dist-info").mkdir()
    (old / "typer-0.4.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: typer\nVersion: 0.4.0\n"
    )
    env = {**os.environ, "PYTHONPATH": str(old)}
    run = subprocess.run(
        [sys.executable, "-m", "kb", "where"], env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith("kb: this environment does not hold what kb needs: typer 0.4.0 (")


def test_ctrl_c_while_kb_starts_is_one_line(tmp_path: Path) -> None:
    """Ctrl-C during kb's own imports, before a command's error handling is in place, printed a
    KeyboardInterrupt traceback (exit -2). The interrupt is raised here where Typer is imported."""
    slow = tmp_path / "slow-packages"
    (slow / "typer").mkdir(parents=True)
    (slow / "typer" / "__init__.py").write_text("raise KeyboardInterrupt\n")
    env = {**os.environ, "PYTHONPATH": str(slow)}
    run = subprocess.run(
        [sys.executable, "-m", "kb", "where"], env=env, capture_output=True, text=True, timeout=120
    )
    assert (run.returncode, run.stderr) == (130, "kb: interrupted; nothing was written\n")
