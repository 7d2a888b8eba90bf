"""`kb run` judges entries' applies_to in the environment of the Python the command ran in, not in
kb's own: a teammate's conda env with another torch is another environment."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

from typer.testing import CliRunner

from kb.cli.app import app
from kb.store.entry_store import open_store

FAULT = "RuntimeError: the zorblax fused kernel returned garbage for the quux tensor"


def kb_run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kb", "run", "--", *command], capture_output=True, text=True, timeout=120
    )


def failing_with(interpreter: str) -> list[str]:
    return [interpreter, "-c", f"import sys; sys.exit({FAULT!r})"]


def test_the_failing_pythons_own_versions_decide(
    runner: CliRunner, python_with: Callable[[dict[str, str]], str]
) -> None:
    entry = ["-k", "zorblax-torch-2-1", "-s", FAULT, "-d", "numerics", "-v", "true", "-f", "upgrade torch"]
    added = runner.invoke(app, ["add", *entry, "--applies-to", "torch>=2.1,<2.2", "--new"])
    assert added.exit_code == 0, added.output
    on_2_1, on_2_3 = python_with({"torch": "2.1.2"}), python_with({"torch": "2.3.0"})

    applies = kb_run(*failing_with(on_2_1))
    assert applies.returncode == 1
    assert "1. zorblax-torch-2-1  [numerics]" in applies.stderr and "confident" in applies.stderr

    elsewhere = kb_run(*failing_with(on_2_3))
    assert "does not apply here: torch<2.2,>=2.1 (here 2.3.0)" in elsewhere.stderr
    assert "confident" not in elsewhere.stderr.split("zorblax-torch-2-1")[1].splitlines()[0]

    with open_store(os.environ["KB_DB"]) as store:
        seen = store.environments_seen(store.now().replace(year=2000))
    assert sorted(facts.get("torch", "") for facts in seen) == ["2.1.2", "2.3.0"]


def test_add_from_the_last_run_takes_the_scope_and_baseline_of_the_python_that_failed(
    runner: CliRunner, python_with: Callable[[dict[str, str]], str]
) -> None:
    on_2_1 = python_with({"torch": "2.1.2"})
    code = f"import sys; sys.exit('File \"/env/site-packages/torch/nn/functional.py\", line 9\\n{FAULT}')"
    assert kb_run(on_2_1, "-c", code).returncode == 1
    added = runner.invoke(
        app, ["add", "--from-last-run", "--env", "-k", "theirs", "-d", "numerics", "-v", "true", "--new"]
    )
    assert added.exit_code == 0, added.output
    assert "this environment suggests --applies-to 'torch<2.2,>=2.1'" in added.stderr
    with open_store(os.environ["KB_DB"]) as store:
        assert "torch 2.1.2" in store.get("theirs").environment  # its baseline is the failed Python's too
