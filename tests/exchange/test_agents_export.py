"""`kb export agents` on a repository, as its maintainer runs it: the block appears, refreshes in place."""

from __future__ import annotations

import json
from pathlib import Path

from tests.command_line import kb

PYPROJECT = '[project]\nname = "trainer"\ndependencies = ["torch>=2.1", "pandas"]\n'
TEAM_ENTRY = """+++
key = "labels-csv-has-header-row"
domain = "data"
+++

## Symptom

ValueError: could not convert string to float: 'label'

## Validation

```sh
head -1 data/labels.csv
```

## Fix

Read the CSV with `header=0`.
"""


def repository(tmp_path: Path) -> Path:
    root = tmp_path / "trainer"
    (root / ".kb").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (root / ".kb" / "labels-csv-has-header-row.md").write_text(TEAM_ENTRY, encoding="utf-8")
    (root / "AGENTS.md").write_text("# Agents\n\nRun `pytest -q` before a commit.\n", encoding="utf-8")
    return root


def test_the_repositorys_faults_land_between_the_markers_and_a_refresh_changes_nothing(
    tmp_path: Path,
) -> None:
    root = repository(tmp_path)
    code, out, _ = kb("export", "agents", "--project", str(root))
    assert code == 0
    assert out.startswith("AGENTS.md: updated, ") and out.rstrip().endswith("between kb's markers")
    text = (root / "AGENTS.md").read_text(encoding="utf-8")
    assert text.startswith(
        "# Agents\n\nRun `pytest -q` before a commit.\n\n<!-- kb export agents: start -->\n"
    )
    assert len(text.splitlines()) <= 150 + 4
    first = text.split("\n- **", 2)[1]
    assert first.startswith("labels-csv-has-header-row**: ValueError: could not convert string")  # its own
    assert "  prove: `head -1 data/labels.csv`; fix: Read the CSV with `header=0`." in text
    assert "**cross-entropy-label-out-of-range** [torch]" in text  # a seed of its stack
    assert "**fastapi-background-task-not-run**" not in text  # a fault of FastAPI alone: not its stack

    code, out, _ = kb("export", "agents", "--project", str(root), "--json")
    report = json.loads(out)
    assert code == 0 and report["changed"] is False and report["packages"] == ["pandas", "torch"]
    assert report["keys"][0] == "labels-csv-has-header-row" and report["lines"] <= 150


def test_the_block_keeps_to_the_budget_and_another_file_can_hold_it(tmp_path: Path) -> None:
    root = repository(tmp_path)
    code, out, _ = kb("export", "agents", "--project", str(root), "--out", "CLAUDE.md", "--budget", "20")
    assert code == 0 and out.startswith("CLAUDE.md: updated, ") and "left out for the budget" in out
    block = (root / "CLAUDE.md").read_text(encoding="utf-8").splitlines()
    assert len(block) <= 20 and block[0] == "<!-- kb export agents: start -->"


def test_markers_kb_cannot_pair_leave_the_file_as_it_was(tmp_path: Path) -> None:
    root = repository(tmp_path)
    broken = "# Agents\n<!-- kb export agents: start -->\nhalf a block\n"
    (root / "AGENTS.md").write_text(broken, encoding="utf-8")
    code, _, err = kb("export", "agents", "--project", str(root))
    assert code == 1
    assert err == "kb: the file holds 1 start and 0 end markers of kb; keep one pair, in order\n"
    assert (root / "AGENTS.md").read_text(encoding="utf-8") == broken


def test_a_place_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    root = repository(tmp_path)
    (root / "notes.txt").write_text("a file, not a folder\n", encoding="utf-8")
    code, out, err = kb("export", "agents", "--project", str(root), "--out", "notes.txt/AGENTS.md")
    assert (code, out) == (1, "")
    notes = root / "notes.txt"
    assert err == f"kb: cannot write {notes / 'AGENTS.md'}: {notes} is a file, not a folder\n"
    code, out, err = kb("export", "hosts", "--out", str(notes / "wheels"))
    assert code == 1 and err.startswith(f"kb: cannot write {notes / 'wheels'}/kb_hosts-")
    assert err.endswith(f": {notes} is a file, not a folder\n") and err.count("\n") == 1
