"""`kb run -- CMD`: the command runs as if kb were not there, and its failure is looked up after it.

Through its real host: a subprocess, with pipes, and under a pseudo-terminal for what only a
terminal shows (progress bars, Ctrl-C).
"""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kb.cli.app import app
from kb.integrations.process import Tail, describe_ending, shell_status

CUDA_ASSERT = "RuntimeError: CUDA error: device-side assert triggered"


def kb_run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kb", "run", "--", *command],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_command_that_succeeds_is_passed_through_untouched() -> None:
    code = "import sys; print('to stdout'); print('to stderr', file=sys.stderr)"
    result = kb_run(*python(code))
    assert (result.returncode, result.stdout, result.stderr) == (0, "to stdout\n", "to stderr\n")


def test_a_failure_keeps_its_status_and_output_and_the_known_fault_follows_on_stderr() -> None:
    code = f"import sys; print('epoch 1', flush=True); sys.stderr.write('{CUDA_ASSERT}\\n'); sys.exit(3)"
    result = kb_run(*python(code))
    assert result.returncode == 3
    assert result.stdout == "epoch 1\n"  # stdout is the command's alone: pipelines stay clean
    assert result.stderr.startswith(CUDA_ASSERT + "\n")  # its own error first, unchanged
    assert "exited with 3." in result.stderr
    assert "1. cuda-device-side-assert  [data]" in result.stderr and "confident" in result.stderr


def test_a_command_killed_by_a_signal_is_named_and_exits_as_a_shell_would() -> None:
    result = kb_run(*python("import os, signal; os.kill(os.getpid(), signal.SIGKILL)"))
    assert result.returncode == 128 + 9
    assert "was killed by SIGKILL (signal 9)" in result.stderr and "OOM killer" in result.stderr


def test_a_command_that_cannot_start_is_one_line() -> None:
    result = kb_run("no-such-program-kb-test")
    assert (result.returncode, result.stderr) == (127, "kb: no-such-program-kb-test: command not found\n")
    assert subprocess.run([sys.executable, "-m", "kb", "run"], capture_output=True).returncode == 2


def test_on_a_terminal_the_command_sees_one_and_ctrl_c_reaches_it_first() -> None:
    """tqdm and rich draw only on a terminal; Ctrl-C must interrupt the training, not kb."""
    code = (
        "import sys, time\n"
        "try:\n"
        "    print('tty' if sys.stdout.isatty() and sys.stderr.isatty() else 'no tty', flush=True)\n"
        "    time.sleep(60)\n"
        "except KeyboardInterrupt:\n    print('the child stopped cleanly', flush=True); sys.exit(130)\n"
    )
    master, slave = pty.openpty()

    def controlling_terminal() -> None:
        import fcntl
        import termios

        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    kb = subprocess.Popen(
        [sys.executable, "-m", "kb", "run", "--", *python(code)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        preexec_fn=controlling_terminal,
        env=os.environ.copy(),
    )
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 60
    while b"tty" not in seen and time.monotonic() < deadline:
        seen += os.read(master, 1024)
    os.write(master, b"\x03")  # Ctrl-C, as the terminal's line discipline turns it into SIGINT
    assert kb.wait(timeout=60) == 130
    try:
        while True:
            seen += os.read(master, 65536)
    except OSError:  # the terminal closed
        pass
    os.close(master)
    text = seen.decode(errors="replace")
    assert "tty" in text and "no tty" not in text
    assert "the child stopped cleanly" in text and "was killed by" not in text


def test_the_last_failure_becomes_a_new_entry_redacted(runner: CliRunner) -> None:
    token = "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x"
    code = (
        "import sys\nprint('loading shards', flush=True)\n"
        "sys.exit('OSError: the zorblax shard server refused the mount')"
    )
    result = kb_run(*python(code), env={"HF_TOKEN": token, "CUDA_VISIBLE_DEVICES": "0,1"})
    assert result.returncode == 1 and "kb add --from-last-run" in result.stderr
    added = runner.invoke(
        app, ["add", "--from-last-run", "-d", "data", "-v", "mount | grep shard", "-f", "remount", "--json"]
    )
    assert added.exit_code == 0, added.output
    entry = json.loads(added.stdout)
    assert entry["symptom"] == "OSError: the zorblax shard server refused the mount"
    assert "exited with 1" in entry["conditions"] and "zorblax shard server" in entry["conditions"]
    assert "CUDA_VISIBLE_DEVICES=0,1" in entry["environment"]
    assert (
        token not in json.dumps(entry)
        and token not in (Path(os.environ["XDG_DATA_HOME"]) / "kb" / "last-run.json").read_text()
    )


def test_add_from_last_run_without_one_says_how_to_get_one(runner: CliRunner) -> None:
    result = runner.invoke(app, ["add", "--from-last-run", "-d", "data", "-v", "true"])
    assert result.exit_code == 1 and "kb run -- CMD" in result.stderr


@given(st.lists(st.binary(max_size=50), max_size=40), st.integers(1, 200))
def test_the_tail_keeps_exactly_the_last_bytes(chunks: list[bytes], limit: int) -> None:
    tail = Tail(limit)
    for chunk in chunks:
        tail.add(chunk)
    assert tail.bytes() == b"".join(chunks)[-limit:]


def test_how_a_command_ended_is_said_as_a_shell_would() -> None:
    assert describe_ending(2) == "exited with 2"
    assert describe_ending(-signal.SIGSEGV).startswith("was killed by SIGSEGV (signal 11)")
    assert (shell_status(-9), shell_status(1)) == (137, 1)
