"""The validation lint: one runnable line, Python or shell, never prose."""

from __future__ import annotations

import pytest

from kb.entry.lint import validation_kind, validation_problem


@pytest.mark.parametrize(
    "command",
    [
        'python -c "import torch; print(torch.cuda.device_count())"',
        "python3 -c 'import os; print(os.cpu_count())'",
        "nvidia-smi --query-gpu=memory.used --format=csv",
        "lsof -i :8000 -nP",
        "ulimit -n",
        "CUDA_LAUNCH_BLOCKING=1 python train.py",
        "grep -rn align_corners .",
        "torch.cuda.is_available()",
        "import torch; print(torch.__version__)",
        "./scripts/check_env.sh",
        "df -h /dev/shm",
    ],
)
def test_commands_pass(command: str) -> None:
    assert validation_problem(command) is None


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("check the logs", "neither a shell command"),
        ("look at nvidia-smi output", "neither a shell command"),
        ("verify the GPU is visible", "neither a shell command"),
        ("restart", "only names something"),
        ("python -c 'import torch; print(torch.cuda'", "does not parse"),
        ("python -c", "needs the code"),
        ("nvidia-smi\nlsof -i :8000", "one line"),
    ],
)
def test_prose_and_broken_commands_are_refused_with_a_reason(command: str, reason: str) -> None:
    problem = validation_problem(command)
    assert problem is not None
    assert reason in problem


def test_kind_says_how_kb_check_would_run_it() -> None:
    assert validation_kind("torch.cuda.is_available()") == "python"
    assert validation_kind("python -c 'print(1)'") == "shell"
    assert validation_kind("nvidia-smi") == "shell"


def test_python_keywords_win_over_programs_of_the_same_name() -> None:
    """ImageMagick installs an `import` program; `import torch; …` is still Python."""
    assert validation_kind("import torch; print(torch.__version__)") == "python"
    assert validation_kind("from os import cpu_count; print(cpu_count())") == "python"
