"""The wheel carries the seed entries, so a non-editable install works from any folder."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_ships_the_seed_entries(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("ml_fault_kb-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    seeds = {p.relative_to(ROOT).as_posix() for p in (ROOT / "seed_entries").rglob("*") if p.is_file()}
    assert seeds and {f"kb/{name}" for name in seeds} <= names
    assert "kb/__main__.py" in names
    assert {
        "kb/guards/templates/test_kb_guards.py",
        "kb/guards/templates/kb_tripwires.py",
    } <= names  # kb export pytest
    assert "kb/tui/kb.tcss" in names  # kb tui's stylesheet
    info = next(name for name in names if name.endswith(".dist-info/entry_points.txt"))
    entry_points = zipfile.ZipFile(wheel).read(info).decode()
    assert "kb = kb.__main__:console_script" in entry_points  # the command stays kb


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line for line in ci.splitlines() if line.startswith("python3 -m venv"))
    assert command in readme


def test_kb_never_advises_installing_itself_by_a_name_from_the_package_index() -> None:
    """ "no kb on PATH: pipx install ml-fault-kb" and "upgrade kb (pip install -U ml-fault-kb)": no such
    package is published, and whoever registers the name gets code run by people following kb's own
    advice. kb installs from its checkout."""
    import re

    advice = re.compile(r"pipx? install (?:-U |--upgrade |--force )*('[^']*'|\"[^\"]*\"|[^\s'\"`),]+)")
    for path in Path(__file__).resolve().parents[1].joinpath("kb").rglob("*.py"):
        for target in advice.findall(path.read_text(encoding="utf-8")):
            name = target.strip("'\"")
            assert "ml-fault-kb" not in name and name != "kb", (path.name, target)
