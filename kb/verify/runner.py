"""Running an entry's validation command, and only when a person asked for it.

`kb check KEY` and the TUI (each after a confirmation) and `kb triage` reach `run_validation`
through `run_check` below; nothing else in kb runs a stored command. The command runs as the
person would type it: bare Python through this interpreter (a bare expression shows its value, as
the REPL does), anything else through /bin/sh, the command string always being the single `-c`
argument. It reads /dev/null, so it can never wait for input, and it leads its own session, so that
the timeout, Ctrl-C or its own end takes down everything it started: a check leaves nothing running
behind it.

Output is read as it arrives and only its tail is kept, because the end of a log is where the
answer is and a runaway command must not fill memory.
"""

from __future__ import annotations

import ast
import codecs
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING

import kb.clock
from kb.entry.lint import CheckOutcome, ValidationKind, validation_kind

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore

Outcome = CheckOutcome

#: The shell for every non-Python validation: the same on every POSIX box, whatever $SHELL says.
SHELL = "/bin/sh"

#: How many characters of output a result keeps: the last ones.
OUTPUT_LIMIT = 20_000

#: How long the command's processes get between SIGTERM and SIGKILL.
TERM_GRACE_SECONDS = 2.0

#: How long to wait for the last output once every process of the command is dead. Only a process
#: that left the command's session (`setsid`) can still hold the pipe open then.
DRAIN_SECONDS = 0.5

_TICK = 0.05
_CHUNK = 65_536


@dataclass(frozen=True)
class CheckResult:
    """What one run of a validation command did."""

    command: str
    kind: ValidationKind
    outcome: Outcome  # passed: exit 0; failed: other exit; timeout: killed at the timeout; error: no start
    exit_code: int | None  # None for timeout and error
    output: str  # stdout and stderr as one stream, its last OUTPUT_LIMIT characters
    seconds: float
    started: datetime  # aware, UTC


def run_validation(
    command: str,
    timeout: float = 60.0,
    cwd: Path | None = None,
    clock: Callable[[], datetime] | None = None,
    env: Mapping[str, str] | None = None,
    symptom: str = "",
) -> CheckResult:
    """Run COMMAND once, for at most TIMEOUT seconds, and report what happened. SYMPTOM, the entry's,
    tells a check that could not run here from one that failed (could_not_run_here).

    ENV replaces the environment (default: this process's); PYTHONUNBUFFERED=1 is added unless it
    says otherwise, so Python's output arrives in the order it was written and survives the kill.
    KeyboardInterrupt kills everything the command started and is raised again.
    """
    kind = validation_kind(command)
    started = (clock or kb.clock.utc_now)().astimezone(UTC)
    begin = time.monotonic()
    try:
        process = subprocess.Popen(
            _argv(command, kind),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env=_environment(env),
            start_new_session=True,
        )
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the command
        reason = f"could not start the command: {exc}"
        return CheckResult(command, kind, "error", None, reason, time.monotonic() - begin, started)
    assert process.stdout is not None  # stdout=PIPE
    output = _Output(process.stdout)
    try:
        finished = _wait(process, output, begin + timeout)
        seconds = time.monotonic() - begin
        _stop(process, output)
    except BaseException:  # KeyboardInterrupt above all: nothing the command started may survive it
        _kill_now(process)
        raise
    finally:
        output.close()
    if not finished:
        return CheckResult(command, kind, "timeout", None, output.text(), seconds, started)
    text = output.text()
    outcome: Outcome = "passed" if process.returncode == 0 else "failed"
    if outcome == "failed":
        missing = could_not_run_here(process.returncode, text, symptom)
        if missing is not None:
            outcome, text = "unrunnable", f"{text.rstrip()}\nkb: could not run here: {missing}".lstrip()
    return CheckResult(command, kind, outcome, process.returncode, text, seconds, started)


#: The last words of a check that never reached the fault: (pattern, what it says is missing).
_NOT_HERE = [
    (re.compile(r"ModuleNotFoundError: No module named '([^']+)'"), "the Python module {0} is not installed"),
    (
        re.compile(r"^(?:\S+: )*(?:line \d+: )?(\S+): (?:command )?not found$", re.MULTILINE),
        "{0} is not installed",
    ),
    (
        re.compile(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"),
        "no NVIDIA driver",
    ),
    (re.compile(r"Found no NVIDIA driver on your system"), "no NVIDIA driver"),
    (re.compile(r"No CUDA GPUs are available|CUDA driver initialization failed"), "no GPU"),
    (re.compile(r"Torch not compiled with CUDA enabled"), "this torch has no CUDA"),
    (re.compile(r"FileNotFoundError: \[Errno 2\] No such file or directory: '([^']+)'"), "{0} is not here"),
    (
        re.compile(
            r"^\S+: (?:cannot open |can't open )?'?([^':\n]+)'?: No such file or directory$", re.MULTILINE
        ),
        "{0} is not here",
    ),
]


def could_not_run_here(exit_code: int, output: str, symptom: str = "") -> str | None:
    """Why a failed check says nothing about the fault, or None when it ran and failed.

    A validation written on a GPU box may meet a machine without torch, nvidia-smi, a GPU or the
    checkpoint it loads; recording that as "failed" made `kb prune --status failed` archive good
    entries. Exit 126/127 is the shell's "cannot run"; otherwise the last such message in OUTPUT
    decides, among the last lines (a check that went on past a missing module failed on its own).
    Unless it is the entry's own SYMPTOM: a check for a missing module may fail with it."""
    if exit_code in (126, 127) and not output.strip():
        return "the command could not be run"
    tail = "\n".join([line for line in output[-4000:].splitlines() if line.strip()][-3:])
    found: tuple[int, str] | None = None
    for pattern, reason in _NOT_HERE:
        for match in pattern.finditer(tail):
            if found is None or match.start() > found[0]:
                found = (match.start(), reason.format(*match.groups()))
    if found is None:
        return None
    line = tail[found[0] :].split("\n", 1)[0]
    if symptom and _same_message(line, symptom):
        return None
    return found[1]


def _same_message(line: str, symptom: str) -> bool:
    words = line.split(":", 1)[0].strip()
    return bool(words) and words.lower() in symptom.lower()


def _argv(command: str, kind: ValidationKind) -> list[str]:
    if kind == "python":
        return [user_python(), "-c", _python_source(command)]
    return [SHELL, "-c", command]


def user_python() -> str:
    """The interpreter a bare Python check runs in: the user's, where torch lives, not kb's own.

    kb is often installed apart (pipx, its own venv), so its interpreter rarely has the project's
    packages; `python3` on PATH is the one the person would type.
    """
    return shutil.which("python3") or shutil.which("python") or sys.executable


def _python_source(command: str) -> str:
    """COMMAND as a program; a lone expression is handed to sys.displayhook, as the REPL does."""
    text = command.strip()
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError):
        return text  # statements run as written
    displayhook = ast.Attribute(
        value=ast.Call(func=ast.Name("__import__", ast.Load()), args=[ast.Constant("sys")], keywords=[]),
        attr="displayhook",
        ctx=ast.Load(),
    )
    show = ast.Expression(ast.Call(func=displayhook, args=[tree.body], keywords=[]))
    return ast.unparse(ast.fix_missing_locations(show))


def _environment(env: Mapping[str, str] | None) -> dict[str, str]:
    environment = dict(os.environ if env is None else env)
    environment.setdefault("PYTHONUNBUFFERED", "1")
    return environment


def _wait(process: subprocess.Popen[bytes], output: _Output, deadline: float) -> bool:
    """Read output until the command's own process exits (True) or the deadline passes (False)."""
    while process.poll() is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        if output.open:
            output.read_for(min(remaining, _TICK))
        else:
            try:
                process.wait(remaining)
            except subprocess.TimeoutExpired:
                return False
    return True


def _stop(process: subprocess.Popen[bytes], output: _Output) -> None:
    """End whatever is left of the command: SIGTERM to its group, a grace period, then SIGKILL.

    The grace ends early once the command's process is gone and nothing holds its output open; the
    group is not polled for emptiness, since an orphan's zombie lingers where init does not reap.
    """
    if _signal_group(process.pid, signal.SIGTERM):
        deadline = time.monotonic() + TERM_GRACE_SECONDS
        while (output.open or process.poll() is None) and time.monotonic() < deadline:
            if output.open:
                output.read_for(min(_TICK, deadline - time.monotonic()))
            else:
                time.sleep(_TICK)
        _signal_group(process.pid, signal.SIGKILL)
    if process.poll() is None:
        process.kill()
    process.wait()
    output.read_for(DRAIN_SECONDS)


def _kill_now(process: subprocess.Popen[bytes]) -> None:
    _signal_group(process.pid, signal.SIGKILL)
    if process.poll() is None:
        process.kill()
    process.wait()


def _signal_group(group: int, signum: signal.Signals) -> bool:
    """Send SIGNUM to process group GROUP; False when the group has no process left."""
    try:
        os.killpg(group, signum)
    except ProcessLookupError:
        return False
    except PermissionError:  # a member changed its user (sudo); the rest got the signal
        return True
    return True


class _Output:
    """The merged stdout and stderr of a command: read without blocking, decoded, its tail kept."""

    def __init__(self, stream: IO[bytes], limit: int = OUTPUT_LIMIT) -> None:
        self.open = True
        self._stream = stream
        self._selector = selectors.DefaultSelector()
        self._selector.register(stream.fileno(), selectors.EVENT_READ)
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._limit = limit
        self._chunks: list[str] = []
        self._size = 0
        self._cut = 0

    def read_for(self, seconds: float) -> None:
        """Read what arrives within SECONDS; return early at the end of the output."""
        deadline = time.monotonic() + seconds
        while self.open:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                return
            data = os.read(self._stream.fileno(), _CHUNK)
            if not data:
                self.open = False
            self._keep(self._decoder.decode(data, final=not data))

    def _keep(self, text: str) -> None:
        self._chunks.append(text)
        self._size += len(text)
        if self._size > 2 * self._limit:
            joined = "".join(self._chunks)
            self._cut += len(joined) - self._limit
            self._chunks = [joined[-self._limit :]]
            self._size = self._limit

    def text(self) -> str:
        """The output's last characters, after a line saying how many were cut before them."""
        joined = "".join(self._chunks)
        cut = self._cut + max(0, len(joined) - self._limit)
        if len(joined) > self._limit:
            joined = joined[-self._limit :]
        return f"… ({cut} characters cut)\n{joined}" if cut else joined

    def close(self) -> None:
        """Stop reading; a character cut short by the end becomes U+FFFD."""
        if self.open:
            self._keep(self._decoder.decode(b"", final=True))
        self._selector.close()
        self._stream.close()


def run_check(store: EntryStore, key: str, command: str, timeout: float) -> CheckResult:
    """Run COMMAND, the validation proposed by entry KEY, and record how it went on KEY.

    Only after the person said yes: `kb check` and the TUI ask first, `kb triage` asks or was told
    with --run."""
    result = run_validation(command, timeout=timeout, symptom=store.get(key).symptom)
    store.record_check(key, result.outcome, result.exit_code, result.output, result.started)
    return result
