"""The commit-time guard as the processes it runs in: a script copied alone into a repository, a
checker finding the GPUs through nvidia-smi, and the steps and parallel processes of a CI job sharing
GitHub's annotation budget."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kb.guards import checker as guard_checker
from tests.unit.guards.test_checker import GPU_COUNT, MODULE, RULES, kinds, rule, write_rules


def test_the_checker_runs_alone_as_a_copied_script(tmp_path: Path) -> None:
    script = tmp_path / "guard_checker.py"
    shutil.copy(MODULE, script)
    (tmp_path / "m.py").write_text("import torch as th\nth.load(p)\n", encoding="utf-8")
    rules = write_rules(tmp_path, RULES)
    result = subprocess.run(
        [sys.executable, "-I", str(script), "--rules", rules, "m.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("m.py:2:1: [torch-load-map-location]")


def _pythons_from_3_12() -> list[str]:
    """The Pythons 3.12 and later this machine has (on PATH, or installed by pyenv), one per version:
    the copied checker runs on whatever Python pre-commit gives it."""
    found = [shutil.which(f"python3.{minor}") for minor in range(12, 16)]
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found += sorted(str(path) for path in Path(root).glob("versions/3.1[2-9]*/bin/python3"))
    versions: dict[str, str] = {}
    for python in filter(None, found):
        ran = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True
        )
        if ran.returncode == 0:
            versions.setdefault(ran.stdout.strip(), python)
    return list(versions.values())


def test_text_inside_an_f_string_is_a_string_on_every_python(tmp_path: Path) -> None:
    """From Python 3.12 the tokenizer splits an f-string into its parts: a regex rule flagged the
    words of an f-string's text (a log message naming the fault), and blocked the commit there only."""
    pythons = _pythons_from_3_12()
    if not pythons:
        pytest.skip("no Python 3.12 or later here: its tokenizer is what splits f-strings")
    script = tmp_path / "guard_checker.py"
    shutil.copy(MODULE, script)
    (tmp_path / "m.py").write_text(
        "note = f\"set cudnn.benchmark = True for {name!r}: {f'{depth}'} levels\"\n"
        "x = f\"{'cudnn.benchmark = True'}\"  # one string, fields and all, as Python 3.11 reads it\n"
        "torch.backends.cudnn.benchmark = True\n",
        encoding="utf-8",
    )
    rules = write_rules(tmp_path, [rule("seeds-not-fixed", "regex", pattern=r"cudnn\.benchmark\s*=\s*True")])
    for python in [sys.executable, *pythons]:
        result = subprocess.run(
            [python, "-I", str(script), "--rules", rules, "m.py"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
        )
        assert [line.split(" ")[:2] for line in result.stdout.splitlines()] == [
            ["m.py:3:16:", "[seeds-not-fixed]"]
        ], (python, result.stdout)


def test_gathering_facts_counts_what_nvidia_smi_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    smi = tmp_path / "nvidia-smi"
    smi.write_text("#!/bin/sh\necho 'GPU 0: A100 (UUID: GPU-1)'\necho 'GPU 1: A100 (UUID: GPU-2)'\n")
    smi.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("KB_SOME_FACT", "x")
    facts, unknown = guard_checker.gather_facts([GPU_COUNT])
    assert facts["nvidia-smi-gpus"] == "2" and facts["KB_SOME_FACT"] == "x"
    assert "torch-gpus" in facts or "torch" in unknown["torch-gpus"]


# --- annotations on GitHub Actions: the steps of a job are processes -------------------------------


def ci_step(
    tmp_path: Path, runner_temp: Path | None, step: str, findings: int = 15, name: str = "train"
) -> subprocess.Popen[str]:
    """The copied checker as one step of a GitHub Actions job runs it, over a file NAME.py with
    FINDINGS findings. Files are written once, so that processes running at once read whole ones."""
    script = tmp_path / "kb_guard_checker.py"
    rules = tmp_path / "rules.json"
    if not script.exists():
        shutil.copy(MODULE, script)
        rules.write_text(json.dumps(RULES), encoding="utf-8")
    source = tmp_path / f"{name}-{findings}.py"
    if not source.exists():
        source.write_text("import torch\n" + "torch.load(p)\n" * findings, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "RUNNER_"))}
    env |= {
        "GITHUB_ACTIONS": "true",
        "GITHUB_JOB": "lint",
        "GITHUB_RUN_ID": "8128",
        "GITHUB_RUN_ATTEMPT": "1",
        "GITHUB_ACTION": step,
        "GITHUB_STEP_SUMMARY": f"/runner/_temp/_runner_file_commands/step_summary_{step}",
    }
    if runner_temp is not None:
        env["RUNNER_TEMP"] = str(runner_temp)
    return subprocess.Popen(
        [sys.executable, "-I", str(script), "--rules", str(rules), source.name],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def step_output(process: subprocess.Popen[str]) -> list[str]:
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and err == "", err
    return out.splitlines()


def test_the_steps_of_a_job_share_githubs_50_annotations(tmp_path: Path) -> None:
    """Six steps of 15 findings: ten errors and a notice each while the job has room, then the errors
    that fit beside the last notice, then nothing GitHub would not show; every finding is in every
    step's log."""
    runner_temp = tmp_path / "runner-temp"
    runner_temp.mkdir()
    steps = [step_output(ci_step(tmp_path, runner_temp, f"__run_{n}")) for n in range(1, 7)]
    assert [kinds(lines) for lines in steps] == [(15, 10, 1)] * 4 + [(15, 5, 1), (15, 0, 0)]
    assert sum(errors + notices for _, errors, notices in map(kinds, steps[:5])) == 50
    assert (
        steps[0][-1] == "::notice title=kb guards::5 more findings than GitHub shows; the step's log has all"
    )
    assert steps[4][-1] == (
        "::notice title=kb guards::10 findings not annotated: GitHub shows 50 annotations per job;"
        " the step's log has all"
    )
    rerun = tmp_path / "rerun-temp"  # a job starts with an empty RUNNER_TEMP
    rerun.mkdir()
    assert kinds(step_output(ci_step(tmp_path, rerun, "__run"))) == (15, 10, 1)


def test_parallel_checker_processes_of_one_step_share_its_ten_errors(tmp_path: Path) -> None:
    """pre-commit splits the files among several checker processes running at once (the hook does not
    ask for require_serial); GitHub shows ten errors of their step, not ten of each."""
    runner_temp = tmp_path / "runner-temp"
    runner_temp.mkdir()
    processes = [ci_step(tmp_path, runner_temp, "__run", findings=6, name=f"part{n}") for n in range(4)]
    counted = [kinds(step_output(process)) for process in processes]
    assert sum(plain for plain, _, _ in counted) == 24
    assert sum(errors for _, errors, _ in counted) == 10
    assert all(errors == 6 or notices == 1 for _, errors, notices in counted)
    assert kinds(step_output(ci_step(tmp_path, runner_temp, "__run_2"))) == (15, 10, 1)


@pytest.mark.parametrize("where", ["unset", "missing", "a file"])
def test_without_a_usable_runner_temp_each_step_still_gets_its_ten(tmp_path: Path, where: str) -> None:
    """Annotation bookkeeping never fails the check: without a place to count, the step limit holds."""
    runner_temp = None if where == "unset" else tmp_path / "runner-temp"
    if where == "a file":
        (tmp_path / "runner-temp").write_text("not a folder", encoding="utf-8")
    counted = [kinds(step_output(ci_step(tmp_path, runner_temp, f"__run_{n}"))) for n in range(1, 7)]
    assert counted == [(15, 10, 1)] * 6


def test_a_damaged_count_starts_afresh(tmp_path: Path) -> None:
    runner_temp = tmp_path / "runner-temp"
    runner_temp.mkdir()
    (runner_temp / "kb-annotations-8128-1-lint.json").write_bytes(b'\xff{"annotations": [1]')
    counted = [kinds(step_output(ci_step(tmp_path, runner_temp, f"__run_{n}"))) for n in range(1, 7)]
    assert counted == [(15, 10, 1)] * 4 + [(15, 5, 1), (15, 0, 0)]
