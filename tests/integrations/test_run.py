"""`kb run -- CMD`: the command runs as if kb were not there, and its failure is looked up after it.

Through its real host: a subprocess, with pipes, and under a pseudo-terminal for what only a
terminal shows (progress bars, Ctrl-C). Signals are sent once the command says it is ready for them.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import select
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kb.cli.app import app
from kb.integrations.process import Tail, describe_ending, run_passing_through, shell_status
from tests.command_line import kb as kb_cli

LABELS = "IndexError: Target 5 is out of bounds."
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


def test_two_streams_sent_to_one_file_keep_their_order() -> None:
    """`kb run -- python train.py 2>&1 | tee log`: the command's two streams, copied through two
    pipes, reached the one file in the order kb read them, the traceback cut by progress lines."""
    code = (
        "import sys\n"
        "for i in range(200):\n"
        "    print(f'step {i}', flush=True); sys.stderr.write(f'warn {i}\\n'); sys.stderr.flush()\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "kb", "run", "--", *python(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )
    expected = "".join(f"step {i}\nwarn {i}\n" for i in range(200))
    assert (result.returncode, result.stdout) == (0, expected)


def test_a_failure_keeps_its_status_and_output_and_the_known_fault_follows_on_stderr() -> None:
    code = f"import sys; print('epoch 1', flush=True); sys.stderr.write('{LABELS}\\n'); sys.exit(3)"
    result = kb_run(*python(code))
    assert result.returncode == 3
    assert result.stdout == "epoch 1\n"  # stdout is the command's alone: pipelines stay clean
    assert result.stderr.startswith(LABELS + "\n")  # its own error first, unchanged
    assert "exited with 3." in result.stderr
    assert "1. cross-entropy-label-out-of-range  [data]" in result.stderr and "confident" in result.stderr
    assert "\n2. " not in result.stderr  # the known fault alone, not two others with their checks


def test_a_failure_kb_is_not_sure_of_gets_one_quiet_line_and_no_guess() -> None:
    code = "batches = [1, 2]\nprint('epoch 1', flush=True)\nbatches[5]"
    result = kb_run(*python(code))
    assert result.returncode == 1
    *own, line = result.stderr.splitlines()
    assert own[-1] == "IndexError: list index out of range"  # the command's own error, then kb's one line
    assert line.endswith(
        "exited with 1. No known fault kb is sure of; once you have the fix: kb add --from-last-run"
    )
    assert "score" not in result.stderr and "$ " not in result.stderr  # no closest entry, no check to run


def test_a_teams_entry_on_a_librarys_message_is_named_in_the_one_line_not_claimed() -> None:
    message = "RuntimeError: Trying to backward through the graph a second time"
    added = kb_cli(
        "add", "-k", "aux-head-backward", "-d", "training", "-s", message, "-v", "ls", "-f", "detach"
    )
    assert added.exit_code == 0, added.output
    code = f"import sys; sys.stderr.write({message!r} + '\\n'); sys.exit(1)"
    result = kb_run(*python(code))
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("kb:")]
    assert line.endswith(
        "A library raises this for many causes; aux-head-backward is recorded for it, not proven"
        " here: `kb show aux-head-backward` gives its check."
    )
    assert "score" not in result.stderr and "$ " not in result.stderr


def test_a_message_several_faults_raise_names_them_in_one_line() -> None:
    message = "RuntimeError: Expected all tensors to be on the same device, but found at least two devices"
    code = f"import sys; sys.stderr.write({message + ', cuda:0 and cpu!'!r} + '\\n'); sys.exit(1)"
    result = kb_run(*python(code))
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("kb:")]
    assert "One of 2 known faults raises this (torch-cat-mixed-devices, custom-layer-not-nn-module)" in line


def test_a_device_side_assert_is_one_of_the_faults_that_raise_it_not_a_guess() -> None:
    code = f"import sys; sys.stderr.write({CUDA_ASSERT!r} + '\\n'); sys.exit(1)"
    result = kb_run(*python(code))
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("kb:")]
    assert "known faults raises this (cuda-device-side-assert, cross-entropy-label-out-of-range" in line
    assert "confident" not in result.stderr


def test_a_command_killed_by_a_signal_is_named_and_exits_as_a_shell_would() -> None:
    result = kb_run(*python("import os, signal; os.kill(os.getpid(), signal.SIGKILL)"))
    assert result.returncode == -signal.SIGKILL  # kb ends as the command did: a shell says 137
    assert "was killed by SIGKILL (signal 9)" in result.stderr and "OOM killer" in result.stderr


def test_ctrl_c_stops_a_shell_loop_of_kb_runs_as_it_stops_a_loop_of_the_commands() -> None:
    """bash stops a loop at a Ctrl-C only if the command it waited for died of the SIGINT too: kb
    exited 130 after its command died of it, and `for lr in …; do kb run -- python train.py; done`
    went on to the next run."""
    child = "import time; print('training', flush=True); time.sleep(30)"
    kb_run_line = shlex.join([sys.executable, "-m", "kb", "run", "--", *python(child)])
    loop = subprocess.Popen(
        ["bash", "-c", f"for lr in 1 2; do {kb_run_line}; echo after $lr; done"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal's foreground job
    )
    try:
        assert loop.stdout is not None and loop.stdout.readline() == "training\n"
        os.killpg(loop.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
        out, _ = loop.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(loop.pid, signal.SIGKILL)
        loop.wait()
    assert "after" not in out and "training" not in out
    assert loop.returncode == -signal.SIGINT


def test_kb_returns_when_the_command_does_not_when_what_it_left_running_does(tmp_path: Path) -> None:
    """A background process the command started keeps its output open: kb waited for it. And once kb
    returned, it closed that output, so the process died at its next write (SIGPIPE): a server a
    launch script started was gone. kb returns; what the process writes later still comes through,
    as it does without kb, and the process lives on."""
    go, status = tmp_path / "go", tmp_path / "server-status"
    server = f"while [ ! -e {go} ]; do sleep 0.05; done; echo server log; echo alive > {status}"
    with subprocess.Popen(
        [sys.executable, "-m", "kb", "run", "--", "sh", "-c", f"( {server} ) & echo started it"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as kb_process:
        assert kb_process.wait(timeout=60) == 0  # while the server still waits
        go.touch()
        out, _ = kb_process.communicate(timeout=60)  # the pipe ends when the server lets it go
    assert out == "started it\nserver log\n"
    assert status.read_text() == "alive\n"


def test_a_command_that_cannot_start_is_one_line() -> None:
    result = kb_run("no-such-program-kb-test")
    assert (result.returncode, result.stderr) == (127, "kb: no-such-program-kb-test: command not found\n")
    nameless = kb_run("")  # `kb run -- "$TRAINER"` with the variable unset: what a shell says of it
    assert (nameless.returncode, nameless.stderr) == (127, "kb: '': command not found\n")
    folder = kb_run(os.path.dirname(sys.executable))  # found, but not a program: 126, as a shell says
    assert folder.returncode == 126 and folder.stderr.endswith(": is a directory\n")
    script = Path(os.environ["HOME"]) / "train.sh"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("echo hi\n")  # without its execute bit
    unrunnable = kb_run(str(script))
    assert unrunnable.returncode == 126 and unrunnable.stderr.endswith(
        ": permission denied (is it executable?)\n"
    )
    assert subprocess.run([sys.executable, "-m", "kb", "run"], capture_output=True).returncode == 2


#: Starts `kb run -- ARGV[3:]` as a shell starts a command in the foreground: the signals kb passes
#: on at their defaults but those named in ARGV[1] ignored, and with ARGV[2] == "terminal", stdin
#: (a pseudo-terminal) as its controlling terminal. It then is kb, with the same pid.
AS_A_SHELL_WOULD = """
import fcntl, os, signal, sys, termios
for name in ("SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP"):
    ignored = name in sys.argv[1].split(",")
    signal.signal(getattr(signal, name), signal.SIG_IGN if ignored else signal.SIG_DFL)
if sys.argv[2] == "terminal":
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
os.execv(sys.executable, [sys.executable, "-m", "kb", "run", "--", *sys.argv[3:]])
"""


def kb_run_argv(command: Sequence[str], ignoring: Sequence[str] = (), terminal: bool = False) -> list[str]:
    return [*python(AS_A_SHELL_WOULD), ",".join(ignoring), "terminal" if terminal else "pipes", *command]


@contextlib.contextmanager
def on_a_terminal(command: Sequence[str]) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`kb run -- COMMAND` on a pseudo-terminal of its own; yields kb and the terminal's master side."""
    master, slave = pty.openpty()
    try:
        kb = subprocess.Popen(kb_run_argv(command, terminal=True), stdin=slave, stdout=slave, stderr=slave)
    finally:
        os.close(slave)
    try:
        yield kb, master
    finally:
        if kb.poll() is None:
            kb.kill()
            kb.wait()
        os.close(master)


def read_until(master: int, wanted: bytes, seen: bytes = b"", timeout: float = 60) -> bytes:
    """What the terminal shows, read until WANTED is in it or it closes (once kb and the command end)."""
    deadline = time.monotonic() + timeout
    while wanted not in seen and select.select([master], [], [], max(0, deadline - time.monotonic()))[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the terminal closed
            break
        if not chunk:
            break
        seen += chunk
    return seen


def read_to_the_end(master: int, seen: bytes) -> str:
    return read_until(master, b"\0never\0", seen).decode(errors="replace")


def test_on_a_terminal_the_command_sees_one_and_ctrl_c_reaches_it_first() -> None:
    """tqdm and rich draw only on a terminal; Ctrl-C must interrupt the training, not kb."""
    code = (
        "import sys, time\n"
        "try:\n"
        "    print('tty' if sys.stdout.isatty() and sys.stderr.isatty() else 'no tty', flush=True)\n"
        "    time.sleep(60)\n"
        "except KeyboardInterrupt:\n    print('the child stopped cleanly', flush=True); sys.exit(130)\n"
    )
    with on_a_terminal(python(code)) as (kb, master):
        seen = read_until(master, b"tty")
        os.write(master, b"\x03")  # Ctrl-C, as the terminal's line discipline turns it into SIGINT
        assert kb.wait(timeout=60) == 130
        text = read_to_the_end(master, seen)
    assert "tty" in text and "no tty" not in text
    assert "the child stopped cleanly" in text and "was killed by" not in text


def test_on_a_terminal_a_line_ends_as_it_would_without_kb() -> None:
    """The command's pseudo-terminal turned each newline into CR LF, and kb's own terminal turned
    that LF into CR LF again: a recorded session (script, tmux's pipe-pane) held `\\r\\r\\n`."""
    with on_a_terminal(python("print('first'); print('second')")) as (kb, master):
        assert kb.wait(timeout=60) == 0
        text = read_to_the_end(master, b"")
    assert "first\r\nsecond\r\n" in text and "\r\r" not in text


def test_a_stream_sent_elsewhere_leaves_the_other_on_the_terminal() -> None:
    """kb used a pseudo-terminal only when both streams were on the terminal: `kb run -- python
    train.py 2>err.log` gave the training a pipe for stdout, which Python then buffered until the
    end, and `| tee log` took tqdm's terminal away from stderr."""
    code = (
        "import sys; print(sys.stdout.isatty(), sys.stderr.isatty(), file=sys.stderr if {} else sys.stdout)"
    )
    for redirected, shown in (("2>/dev/null", "True False"), ("| cat", "False True")):
        to_stderr = redirected == "| cat"  # the line goes to the stream still on the terminal
        line = shlex.join(kb_run_argv(python(code.format(to_stderr)), terminal=True))
        master, slave = pty.openpty()
        try:
            shell = subprocess.Popen(
                ["sh", "-c", f"{line} {redirected}"], stdin=slave, stdout=slave, stderr=slave
            )
        finally:
            os.close(slave)
        try:
            assert shell.wait(timeout=60) == 0
            assert shown in read_to_the_end(master, b"")
        finally:
            os.close(master)


def trapping(name: str) -> str:
    """A command that says it got the signal NAME and exits as a shell would say it was killed by it."""
    return (
        "import signal, sys, time\n"
        f"def got(number, frame):\n    print('child got {name}', flush=True); sys.exit(128 + number)\n"
        f"signal.signal(signal.{name}, got)\n"
        "print('ready', flush=True)\n"
        "time.sleep(10)\n"
        "print('the child was never signalled', flush=True)\n"
    )


@pytest.mark.parametrize("name", ["SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGALRM"])
def test_a_signal_sent_to_kb_alone_is_passed_on_to_the_command(name: str) -> None:
    """`kill -INT`, a job scheduler or a supervisor signals kb's pid alone: the command gets it too.
    (kb died of a SIGUSR1, a trainer's checkpoint signal, and left the command running.)"""
    kb = subprocess.Popen(
        kb_run_argv(python(trapping(name))), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert kb.stdout is not None and kb.stdout.readline() == "ready\n"
        os.kill(kb.pid, getattr(signal, name))
        out, err = kb.communicate(timeout=60)
    finally:
        kb.kill()
        kb.wait()
    status = 128 + getattr(signal, name)
    assert (kb.returncode, out) == (status, f"child got {name}\n")
    assert f"exited with {status}." in err and "Traceback" not in err  # kb itself was not interrupted


def test_on_a_terminal_a_sigint_sent_to_kb_alone_is_passed_on_to_the_command() -> None:
    with on_a_terminal(python(trapping("SIGINT"))) as (kb, master):
        seen = read_until(master, b"ready")
        os.kill(kb.pid, signal.SIGINT)
        assert kb.wait(timeout=60) == 130
        text = read_to_the_end(master, seen)
    assert "child got SIGINT" in text and "never signalled" not in text and "Traceback" not in text


def test_on_a_terminal_ctrl_c_reaches_the_command_once() -> None:
    """The terminal sends Ctrl-C to the command itself (it is in kb's process group): kb must not pass
    it on as well. The command takes each SIGINT with its siginfo: 0x80 (SI_KERNEL) is the terminal's."""
    code = (
        "import signal\n"
        "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})\n"
        "print('ready', flush=True)\n"
        "codes = []\n"
        "timeout = 10\n"
        "while info := signal.sigtimedwait({signal.SIGINT}, timeout):\n"
        "    codes.append(info.si_code)\n"
        "    timeout = 0.5  # room for a second one, were kb to pass the first on too\n"
        "print('SIGINT si_codes:', codes, flush=True)\n"
    )
    with on_a_terminal(python(code)) as (kb, master):
        seen = read_until(master, b"ready")
        os.write(master, b"\x03")
        assert kb.wait(timeout=60) == 0
        text = read_to_the_end(master, seen)
    assert "SIGINT si_codes: [128]" in text


def test_on_a_terminal_kb_never_passes_on_a_ctrl_c_itself() -> None:
    """The test above can miss a second SIGINT: one sent while the first is still pending merges
    with it. Here the command leaves kb's process group, so the terminal's Ctrl-C reaches kb alone;
    a SIGQUIT sent to kb after it would be passed on after the Ctrl-C, had kb passed that on."""
    code = (
        "import os, signal\n"
        "os.setpgid(0, 0)\n"
        "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGQUIT})\n"
        "print('ready', flush=True)\n"
        "signal.sigtimedwait({signal.SIGQUIT}, 10)\n"
        "print('SIGQUIT, and SIGINT passed on:', signal.SIGINT in signal.sigpending(), flush=True)\n"
    )
    with on_a_terminal(python(code)) as (kb, master):
        seen = read_until(master, b"ready")
        os.write(master, b"\x03")
        seen = read_until(master, b"^C", seen)  # echoed once the terminal has sent kb the SIGINT
        assert b"^C" in seen
        os.kill(kb.pid, signal.SIGQUIT)
        assert kb.wait(timeout=60) == 0
        text = read_to_the_end(master, seen)
    assert "SIGQUIT, and SIGINT passed on: False" in text


def test_a_signal_kb_was_started_ignoring_stays_ignored_by_the_command() -> None:
    """nohup ignores SIGHUP, and `&` in a script SIGINT and SIGQUIT: without kb the command would
    inherit that, so it does with kb."""
    code = (
        "import signal\n"
        "for name in ('SIGHUP', 'SIGINT', 'SIGTERM'):\n"
        "    print(signal.getsignal(getattr(signal, name)) == signal.SIG_IGN)\n"
    )
    result = subprocess.run(
        kb_run_argv(python(code), ignoring=("SIGHUP", "SIGINT")), capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout) == (0, "True\nTrue\nFalse\n")


def test_once_the_command_has_ended_kb_handles_signals_as_before() -> None:
    """kb goes on to look the failure up, where Ctrl-C must interrupt kb: the handlers and the mask
    it had are back."""
    numbers = [signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP]

    def own(_number: int, _frame: object) -> None:
        pass

    handlers = {number: signal.getsignal(number) for number in numbers}
    signal.signal(signal.SIGTERM, own)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    try:
        assert run_passing_through(python("pass")).returncode == 0
        assert signal.pthread_sigmask(signal.SIG_BLOCK, ()) == mask | {signal.SIGUSR1}
        assert {number: signal.getsignal(number) for number in numbers} == {**handlers, signal.SIGTERM: own}
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for number, handler in handlers.items():
            signal.signal(number, handler)


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


def test_the_last_failures_variables_stay_when_env_adds_the_baseline(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--env` replaced the failed run's CUDA_VISIBLE_DEVICES=0 by the shell's =3 at `kb add` time."""
    code = "import sys\nsys.exit('OSError: the zorblax shard server refused the mount')"
    result = kb_run(
        *python(code),
        env={"CUDA_VISIBLE_DEVICES": "0", "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"},
    )
    assert result.returncode == 1
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3")
    added = runner.invoke(
        app, ["add", "--from-last-run", "--env", "--new", "-d", "data", "-v", "true", "-f", "x", "--json"]
    )
    assert added.exit_code == 0, added.output
    environment = json.loads(added.stdout)["environment"]
    assert (
        "CUDA_VISIBLE_DEVICES=0" in environment
        and "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True" in environment
    )
    assert "CUDA_VISIBLE_DEVICES=3" not in environment and "Python " in environment


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


def test_a_run_killed_before_it_printed_an_error_is_recorded_by_how_it_ended(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Its symptom was the last progress line (`epoch 1 step 100: loss=0.87`), which a later search
    for the kill would never find."""
    script = tmp_path / "train.py"
    script.write_text(
        "import os, signal\n"
        "for step in range(0, 300, 100):\n"
        "    print(f'epoch 1 step {step}: loss=0.9', flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    assert kb_run(sys.executable, str(script)).returncode == -signal.SIGKILL
    added = runner.invoke(
        app, ["add", "--from-last-run", "--new", "-d", "hardware", "-v", "true", "-f", "x", "--json"]
    )
    assert added.exit_code == 0, added.output
    entry = json.loads(added.stdout)
    assert entry["symptom"].endswith("train.py was killed by SIGKILL (signal 9)")
    assert "epoch 1 step 200" not in entry["symptom"]


def test_a_run_that_printed_no_error_is_recorded_by_how_it_ended(runner: CliRunner, tmp_path: Path) -> None:
    """Its symptom was every progress line it printed, run together (`epoch 1 step 0: loss=0.9 epoch
    1 step 100: …`), which no later search for the fault would find."""
    script = tmp_path / "train.py"
    script.write_text(
        "import sys\n"
        "for step in range(0, 300, 100):\n"
        "    print(f'epoch 1 step {step}: loss=0.9')\n"
        "sys.exit(3)\n"
    )
    assert kb_run(sys.executable, str(script)).returncode == 3
    added = runner.invoke(
        app, ["add", "--from-last-run", "--new", "-d", "training", "-v", "true", "-f", "x", "--json"]
    )
    assert added.exit_code == 0, added.output
    symptom = json.loads(added.stdout)["symptom"]
    assert symptom.endswith("train.py exited with 3") and "epoch" not in symptom


def test_ctrl_c_during_the_lookup_keeps_the_commands_status_and_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C while kb looked a failure up (a team server slow to answer) ended kb with a traceback
    and status 130 in place of the command's own."""
    from kb.cli.run import main

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("kb.cli.run.look_up", interrupted)
    assert main([sys.executable, "-c", "raise SystemExit(3)"]) == 3
    err = capfd.readouterr().err
    assert err.strip().endswith("exited with 3; the lookup was interrupted (Ctrl-C).")
    assert "Traceback" not in err


def test_a_reader_that_leaves_ends_the_command_as_a_pipe_would() -> None:
    """`kb run -- yes | head -1` ran until killed: kb swallowed the broken pipe and kept reading, so
    the command never learnt its reader had gone (without kb, `yes` ends at once: SIGPIPE, 141)."""
    kb = [sys.executable, "-m", "kb", "run", "--", "yes"]
    running = subprocess.Popen(kb, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        assert running.stdout is not None and running.stdout.read(2) == b"y\n"
        running.stdout.close()  # as head does after its first line
        assert running.wait(timeout=60) == -signal.SIGPIPE
        assert running.stderr is not None and running.stderr.read() == b""  # no lookup: not a failure
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(running.pid, signal.SIGKILL)
        running.wait()


def test_a_closed_stdout_is_not_a_crash_of_kb() -> None:
    """`kb run -- CMD >&-` ended with kb's traceback (EBADF) and status 1 where the command's was 0."""
    script = f"{sys.executable} -m kb run -- sh -c 'echo x; echo y >&2; exit 0' >&-"
    result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr and "y" in result.stderr


def test_a_command_stopped_with_ctrl_c_is_not_offered_for_recording() -> None:
    """`kb add --from-last-run` was offered for a run the person stopped themselves."""
    result = kb_run(*python("import os, signal; os.kill(os.getpid(), signal.SIGINT)"))
    assert result.returncode == -signal.SIGINT
    assert "No known fault kb is sure of." in result.stderr and "--from-last-run" not in result.stderr


def test_a_knowledge_base_kb_cannot_read_is_one_line_after_the_commands_failure(kb_db: str) -> None:
    """A knowledge base missing one of its tables (a copy cut short, a tool that dropped it) ended
    `kb run` with kb's own traceback after the command's error, in place of one line."""
    if "://" in kb_db:
        pytest.skip("a SQLite file to break")
    with contextlib.closing(sqlite3.connect(kb_db)) as database:
        database.execute("DROP TABLE search_doc")
        database.commit()
    result = kb_run(
        *python(f"import sys; sys.stderr.write({LABELS!r} + '\\n'); sys.exit(3)"),
        "--api-key",
        "sk-abcdef0123456789abcdef",
    )
    assert result.returncode == 3
    own, line = result.stderr.splitlines()
    assert own == LABELS
    assert line.startswith("kb: `") and "exited with 3; kb could not look it up: " in line
    assert " -c " in line  # the command as it ran, not only its program


@pytest.mark.parametrize("stderr", ["closed", "a pipe nobody reads"])
def test_a_stderr_that_takes_nothing_leaves_the_commands_status(stderr: str) -> None:
    """`kb run -- CMD 2>&-`, or `kb run -- CMD 2>&1 | grep -q …` whose grep had left, exited 1 where
    the command had exited 3: kb's own line, written after the command ended, failed."""
    command = [sys.executable, "-m", "kb", "run", "--", sys.executable, "-c", "raise SystemExit(3)"]
    if stderr == "closed":
        result = subprocess.run(["sh", "-c", f"{shlex.join(command)} 2>&-"], timeout=120)
    else:
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            result = subprocess.run(command, stderr=write_end, timeout=120)
        finally:
            os.close(write_end)
    assert result.returncode == 3


def test_a_layer_that_does_not_answer_is_said_within_the_one_quiet_line(tmp_path: Path) -> None:
    """A team folder that was not there (a checkout not made on this box) added a line of its own
    before the quiet one, so a failure kb was not sure of got two lines."""
    config = tmp_path / "config.toml"
    config.write_text(f'[[layer]]\nname = "team"\nfolder = "{tmp_path / "team-kb"}"\n')
    code = "batches = [1, 2]\nbatches[5]"
    result = kb_run(*python(code), env={"KB_CONFIG": str(config)})
    assert result.returncode == 1
    *own, line = result.stderr.splitlines()
    assert own[-1] == "IndexError: list index out of range"
    assert line.startswith("kb: `") and "No known fault kb is sure of" in line
    assert line.endswith(f"(the team layer did not answer: the folder {tmp_path / 'team-kb'} does not exist)")
