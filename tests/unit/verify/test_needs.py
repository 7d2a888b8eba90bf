"""The shell line a check is handed out as, for another shell on this machine (kb.verify.needs)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kb.verify.needs import as_this_shell_runs_it


@pytest.fixture
def only_python3(tmp_path: Path) -> str:
    """A PATH with python3 and no python, as Debian's and Ubuntu's own Pythons have."""
    (tmp_path / "python3").symlink_to(sys.executable)
    return str(tmp_path)


@pytest.mark.parametrize(
    ("stored", "handed_out"),
    [
        ("python -c 'print(1)'", "python3 -c 'print(1)'"),
        # the device-side-assert seed's check: its python runs inside a subshell, piped to awk
        (
            """(CUDA_LAUNCH_BLOCKING=1 python {script} 2>&1; echo "exit status $?") | awk '/python/'""",
            """(CUDA_LAUNCH_BLOCKING=1 python3 {script} 2>&1; echo "exit status $?") | awk '/python/'""",
        ),
        ("true && timeout 10 python x.py", "true && timeout 10 python3 x.py"),
        ('X="a b" python t.py; echo python', 'X="a b" python3 t.py; echo python'),
        (
            "python -m torch.distributed.run --nproc_per_node=2 --no-python python -c 'import os'",
            "python3 -m torch.distributed.run --nproc_per_node=2 --no-python python3 -c 'import os'",
        ),
    ],
)
def test_every_python_the_shell_runs_is_python3_where_there_is_no_python(
    only_python3: str, stored: str, handed_out: str
) -> None:
    """Only the line's start was rewritten: the device-side-assert seed's `(… python {script} …)`
    reached an agent's shell as `python`, "command not found", where kb check runs it."""
    assert as_this_shell_runs_it(stored, only_python3) == handed_out


def test_words_inside_quotes_and_other_programs_are_left_as_written(only_python3: str) -> None:
    for command in ("pythonx -c 1", "echo 'python -c 1'", 'grep "; python" log.txt'):
        assert as_this_shell_runs_it(command, only_python3) == command


def test_a_path_with_python_hands_out_the_line_as_stored(tmp_path: Path) -> None:
    (tmp_path / "python").symlink_to(sys.executable)
    (tmp_path / "python3").symlink_to(sys.executable)
    assert as_this_shell_runs_it("(python x.py) | cat", str(tmp_path)) == "(python x.py) | cat"
