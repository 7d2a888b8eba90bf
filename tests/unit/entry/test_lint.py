"""The validation lint: one runnable line, Python or shell, never prose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.entry.lint import program_paths, programs, validation_kind, validation_problem


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
        "clusterctl describe quota --team ml",  # a program of the cluster's, not installed here
        "soxi -D clip.wav",
        "(soxi -D clip.wav)",
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
        ("look at nvidia-smi --help", "neither a shell command"),
        ("soxi clip.wav", "no program on this machine's PATH"),
        ("(soxi clip.wav)", "no program on this machine's PATH"),
        ("verify the GPU is visible", "neither a shell command"),
        ("restart", "only names something"),
        ("python -c 'import torch; print(torch.cuda'", "does not parse"),
        ("python -c", "needs the code"),
        ("nvidia-smi\nlsof -i :8000", "one line"),
        ("[[ -d /etc ]]", "bash's test"),  # it parses as Python, and was run as Python
        ("test -f '/tmp/x", "a quote is never closed"),  # not "'test' is no program"
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


def test_a_program_written_for_another_machine_is_run_by_the_shell_though_it_parses_as_python() -> None:
    """`soxi --info` (sox not installed here) parses as Python, `soxi - (-info)`; it was run by
    Python, whose NameError made a sound entry's check "broke"."""
    assert validation_problem("soxi --info") is None
    assert validation_kind("soxi --info") == "shell"


def test_python_keywords_win_over_programs_of_the_same_name() -> None:
    """ImageMagick installs an `import` program; `import torch; …` is still Python."""
    assert validation_kind("import torch; print(torch.__version__)") == "python"
    assert validation_kind("from os import cpu_count; print(cpu_count())") == "python"


@pytest.mark.parametrize(
    ("command", "runs"),
    [
        ("ibv_devinfo 2>/dev/null | grep -q PORT_ACTIVE", ("ibv_devinfo", "grep")),
        ("ibstat 2>&1 | grep -c Active", ("ibstat", "grep")),
        ("FOO=1 nvcc --version && echo ok", ("nvcc",)),
        ("echo $(nproc) cores", ("nproc",)),
        ("(CUDA_LAUNCH_BLOCKING=1 python train.py 2>&1; echo done) | awk '/x/'", ("python", "awk")),
        ("docker ps -q > /dev/null || exit 1; docker ps", ("docker",)),
        ("if nvidia-smi; then echo y; fi", ("nvidia-smi",)),
        ("./run.sh | tee log", ("tee",)),  # a path is no program to look up
        ("test -f x || echo no", ()),  # builtins only
        ("for i in 1 2; do nvidia-smi; done", None),  # a loop's words are not all commands
        ("echo 'unclosed", None),
        # the command a wrapper runs is run too
        ("timeout 10 ibv_devinfo 2>/dev/null | grep -q PORT_ACTIVE", ("timeout", "ibv_devinfo", "grep")),
        ("timeout -s KILL --kill-after=5 30s nvcc --version", ("timeout", "nvcc")),
        ("env CUDA_VISIBLE_DEVICES=0 -u HOME ibstat", ("ibstat",)),
        ("nice -n 5 nohup stdbuf -oL python train.py", ("nice", "nohup", "stdbuf", "python")),
        ("find . -name '*.pt' | xargs -n 1 -P 4 du -h", ("find", "xargs", "du")),
        ("time -p nvidia-smi", ("nvidia-smi",)),
        ("taskset -c 0-3 numactl --membind=0 python bench.py", ("taskset", "numactl", "python")),
        ("sh -c 'ibv_devinfo | grep -q Active' && echo ok", ("sh", "ibv_devinfo", "grep")),
        ('bash -lc "nvcc --version"', ("bash", "nvcc")),
        # a command looked up elsewhere, or only asked about, is not one this PATH must hold
        ("command -v nvcc || echo missing", ()),
        ("env -i nvcc --version", ()),
        ("env PATH=/opt/cuda/bin nvcc --version", ()),
        ("PATH=/opt/cuda/bin:$PATH nvcc --version && nvidia-smi", ("nvidia-smi",)),
        ("sh -c 'for i in 1 2; do nvidia-smi; done'", None),
    ],
)
def test_the_programs_a_shell_line_runs(command: str, runs: tuple[str, ...] | None) -> None:
    assert programs(command) == runs


@pytest.mark.parametrize(
    ("command", "paths"),
    [
        ("/usr/bin/ibv_devinfo 2>/dev/null | grep -q PORT_ACTIVE", ("/usr/bin/ibv_devinfo",)),
        ("timeout 5 /opt/mellanox/bin/ibstat", ("/opt/mellanox/bin/ibstat",)),
        ("cd tools && ./check.sh", ()),  # relative to wherever the line went
    ],
)
def test_the_programs_a_shell_line_runs_by_path(command: str, paths: tuple[str, ...]) -> None:
    assert program_paths(command) == paths


@given(st.text(max_size=80))
def test_no_separator_redirection_or_expansion_is_taken_for_a_program(command: str) -> None:
    found = programs(command)
    assert found is None or all(
        name not in {"|", "||", "&&", ";", "&", "(", ")", "!"} and name[0] not in "<>0123456789$`~/"
        for name in found
    )
