"""Known faults must not come back: the kb guards, as pytest checks.

- The code check runs the same checker as the pre-commit hook (kb_guard_checker.py, beside this
  file) over the repository's Python files, with the rules in kb_guards.json.
- The environment checks are the "environment" rules of kb_guards.json, one test each: an
  environment variable's value, or the GPUs nvidia-smi lists against those torch sees.
- The shape checks run each model in kb_shapes.json (if present) on a dummy input and compare the
  output shape: [{"factory": "package.module:make_model", "input": [1, 3, 224, 224],
  "output": [1, 1000]}].

Each skips, with its reason, where nvidia-smi, torch, a GPU or the config is missing. The runtime
tripwires are in kb_tripwires.py, for a conftest.py to import.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import kb_guard_checker  # noqa: E402

RULES = kb_guard_checker.load_rules(str(HERE / "kb_guards.json"))
ENVIRONMENT_RULES = [rule for rule in RULES if rule["kind"] == "environment"]


def repository_root() -> Path:
    try:
        top = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=HERE, capture_output=True, text=True, check=True
        ).stdout.strip()
        return Path(top)
    except (OSError, subprocess.CalledProcessError):
        return Path.cwd()


def python_files(root: Path) -> list[str]:
    """The project's Python files under ROOT: in a git repository those git tracks or would (what
    .gitignore leaves out, a virtualenv of any name or a run's copy of the code, is not the project's,
    and the pre-commit hook never sees it); elsewhere every .py file but the usual folders. Only
    folders inside the project are skipped (a CI checkout under /home/ci/build/ is still checked)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.py"],
            cwd=root,
            capture_output=True,
            check=True,
        ).stdout
        files = [root / name for name in os.fsdecode(listed).split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", "build", "dist"}
        files = [p for p in root.rglob("*.py") if not skip & set(p.relative_to(root).parts)]
    return sorted(str(p) for p in files if p.is_file() and HERE not in p.parents and p.parent != HERE)


def test_no_known_fault_in_the_code() -> None:
    findings = kb_guard_checker.check_files(python_files(repository_root()), RULES)
    assert not findings, "\n" + "\n".join(finding.render() for finding in findings)


@pytest.fixture(scope="module")
def facts() -> tuple[dict[str, str], dict[str, str]]:
    """This machine's facts, gathered once: asking torch for its GPUs takes seconds."""
    return kb_guard_checker.gather_facts(ENVIRONMENT_RULES)


@pytest.mark.parametrize(
    "rule",
    ENVIRONMENT_RULES or [None],
    ids=lambda rule: f"{rule['key']}:{rule['check']}" if rule else "none",
)
def test_environment(rule: dict[str, object] | None, facts: tuple[dict[str, str], dict[str, str]]) -> None:
    if rule is None:
        pytest.skip("no environment rules in kb_guards.json")
    verdict = kb_guard_checker.check_environment(rule, *facts)
    if verdict.status == "skip":
        pytest.skip(verdict.reason)
    assert verdict.status == "pass", (
        f"[{rule['key']}] {kb_guard_checker.finding_message(rule, verdict.reason)}"
    )


def shape_cases() -> list[dict[str, object]]:
    config = HERE / "kb_shapes.json"
    return json.loads(config.read_text(encoding="utf-8")) if config.exists() else []


@pytest.mark.parametrize("case", shape_cases() or [None], ids=lambda c: str(c["factory"]) if c else "none")
def test_model_output_shapes(case: dict[str, object] | None) -> None:
    if case is None:
        pytest.skip("no kb_shapes.json beside this file: no model shapes declared")
    torch = pytest.importorskip("torch", reason="torch is not installed")
    module_name, _, factory = str(case["factory"]).partition(":")
    model = getattr(importlib.import_module(module_name), factory)()
    model.eval()
    with torch.no_grad():
        output = model(torch.zeros(*case["input"]))  # type: ignore[misc]
    assert list(output.shape) == list(case["output"]), f"{case['factory']}: output shape {list(output.shape)}"
