"""Guard specs on entries: every seeded guard catches its bad example and lets its good one pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kb.entry import EntryContent, normalized
from kb.entry_file import parse_entry_file, render_entry_file
from kb.errors import InvalidEntry
from kb.guard_checker import check_source
from kb.seed import read_seed_entries

GUARDED = [content for content in read_seed_entries() if content.guards]


def rule(content: EntryContent, guard: dict[str, Any]) -> dict[str, Any]:
    """The checker's rule for one guard of an entry: the guard's fields, the entry's words."""
    fields = {name: value for name, value in guard.items() if name not in ("bad", "good")}
    return {**fields, "key": content.key, "symptom": content.symptom, "fix": content.fix.splitlines()[0]}


def test_ten_or_more_seed_faults_carry_a_guard() -> None:
    assert len(GUARDED) >= 10


@pytest.mark.parametrize("content", GUARDED, ids=lambda c: c.key)
def test_each_guard_catches_its_bad_example_and_passes_its_good_one(content: EntryContent) -> None:
    for guard in content.guards:
        rules = [rule(content, guard)]
        bad = check_source(str(guard["bad"]) + "\n", rules, "bad.py")
        assert [finding.key for finding in bad] == [content.key], guard["bad"]
        assert check_source(str(guard["good"]) + "\n", rules, "good.py") == [], guard["good"]


def test_guards_round_trip_through_the_entry_file() -> None:
    for content in GUARDED:
        assert parse_entry_file(render_entry_file(content)).guards == content.guards


@pytest.mark.parametrize(
    ("guard", "message"),
    [
        ({"kind": "telepathy", "bad": "x", "good": "y"}, "has kind 'telepathy'"),
        ({"kind": "regex", "pattern": "x", "good": "y"}, "needs a 'bad' example"),
        ({"kind": "regex", "pattern": "x", "bad": "x", "good": " "}, "needs a 'good' example"),
    ],
)
def test_a_guard_without_its_examples_or_kind_is_refused(guard: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidEntry, match=message):
        normalized(EntryContent(key="k", domain="data", symptom="s", guards=(guard,)))


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def pre_commit(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run(
        [str(Path(sys.executable).with_name("pre-commit")), "run", "--all-files", "--color", "never"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


@pytest.mark.skipif(
    not Path(sys.executable).with_name("pre-commit").exists(), reason="pre-commit is not installed"
)
def test_the_exported_hook_blocks_every_known_fault_and_passes_the_fix(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from kb.cli import app

    repo = tmp_path / "repo"
    repo.mkdir()
    result = CliRunner().invoke(app, ["export", "pre-commit", "--out", str(repo / "kb-guards")])
    assert result.exit_code == 0, result.output
    (repo / ".pre-commit-config.yaml").write_text((repo / "kb-guards" / "pre-commit-config.yaml").read_text())
    bad = "\n".join(str(guard["bad"]) for content in GUARDED for guard in content.guards)
    (repo / "train.py").write_text(bad + "\n")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    blocked = pre_commit(repo, tmp_path / "pre-commit-home")
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    for content in GUARDED:
        assert f"[{content.key}]" in blocked.stdout, content.key
    assert "train.py:1:" in blocked.stdout
    good = "\n".join(str(guard["good"]) for content in GUARDED for guard in content.guards)
    (repo / "train.py").write_text(good + "\n")
    git(repo, "add", "-A")
    passed = pre_commit(repo, tmp_path / "pre-commit-home")
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_entry_text_never_becomes_code(tmp_path: Path) -> None:
    from kb.guards import write_pre_commit

    hostile = '"""\\\' \\\\ \n __import__(\'os\').system(\'touch PWNED\') """'
    content = normalized(
        EntryContent(
            key="hostile",
            domain="data",
            symptom=hostile,
            fix=hostile,
            guards=({"kind": "regex", "pattern": "torch", "bad": "torch", "good": "x"},),
        )
    )
    written = write_pre_commit([content], tmp_path / "out", "kb export pre-commit --out out")
    compile(written.checker.read_text(), str(written.checker), "exec")
    target = tmp_path / "t.py"
    target.write_text("import torch\n")
    run = subprocess.run(
        [sys.executable, "-I", str(written.checker), "--rules", str(written.rules), str(target)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1 and "[hostile]" in run.stdout
    assert not (tmp_path / "PWNED").exists() and not Path("PWNED").exists()


def run_generated_tests(repo: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            str(folder / "test_kb_guards.py"),
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_exported_pytest_file_fails_on_known_faults_and_skips_what_it_cannot_check(
    tmp_path: Path,
) -> None:
    from typer.testing import CliRunner

    from kb.cli import app

    repo = tmp_path / "repo"
    repo.mkdir()
    folder = repo / "tests" / "kb"
    result = CliRunner().invoke(app, ["export", "pytest", "--out", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "test_kb_guards.py").read_text().startswith("# Generated by `kb export pytest")
    git(repo, "init", "-q")
    bad = "\n".join(str(guard["bad"]) for content in GUARDED for guard in content.guards)
    (repo / "train.py").write_text(bad + "\n")
    failed = run_generated_tests(repo, folder)
    assert failed.returncode == 1, failed.stdout
    assert "[torch-load-map-location]" in failed.stdout and "train.py:1:" in failed.stdout
    good = "\n".join(str(guard["good"]) for content in GUARDED for guard in content.guards)
    (repo / "train.py").write_text(good + "\n")
    passed = run_generated_tests(repo, folder)
    assert passed.returncode == 0, passed.stdout
    assert "SKIPPED" in passed.stdout and "no kb_shapes.json" in passed.stdout


def test_the_cross_entropy_tripwire_rejects_probabilities(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed: the tripwire wraps torch")
    from kb.guards import write_pytest

    write_pytest(GUARDED, tmp_path, "kb export pytest --out x")
    sys.path.insert(0, str(tmp_path))
    try:
        import kb_tripwires  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(tmp_path))
    strict = kb_tripwires.guarded(torch.nn.functional.cross_entropy)
    logits, target = torch.tensor([[2.0, -1.0, 0.5]]), torch.tensor([0])
    assert float(strict(logits, target)) > 0
    with pytest.raises(AssertionError, match="received probabilities"):
        strict(torch.softmax(logits, dim=1), target)
