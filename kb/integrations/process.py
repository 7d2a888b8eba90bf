"""Run a command as if kb were not there, keeping the end of its output in memory.

The child gets kb's standard input, its output is copied through unchanged as it comes (with no
buffering of kb's own), and its exit status comes back as it was. When kb's output is a terminal,
the child writes to a pseudo-terminal of the same size, so that progress bars (tqdm, rich) still
draw; otherwise stdout and stderr are two pipes, each copied to its own stream. Ctrl-C at the
terminal reaches the child, which is in kb's process group, and kb waits for it to end; a SIGTERM
or SIGHUP sent to kb alone is passed on to the child.
"""

from __future__ import annotations

import contextlib
import errno
import os
import selectors
import signal
import subprocess
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from kb.errors import KbError

#: How much of the end of the output is kept to search: a traceback is at the end, and a log's last
#: megabytes hold it with room to spare.
KEPT_BYTES = 4 * 1024 * 1024
_CHUNK = 64 * 1024


class Tail:
    """The last LIMIT bytes written to it, in chunks (appending never copies what is kept)."""

    def __init__(self, limit: int = KEPT_BYTES) -> None:
        self.limit = limit
        self._chunks: deque[bytes] = deque()
        self._size = 0

    def add(self, data: bytes) -> None:
        self._chunks.append(data)
        self._size += len(data)
        while self._size - len(self._chunks[0]) >= self.limit:
            self._size -= len(self._chunks.popleft())

    def bytes(self) -> bytes:
        return b"".join(self._chunks)[-self.limit :]


class Finished(NamedTuple):
    returncode: int  # as subprocess gives it: negative for the signal that ended the child
    tail: bytes  # the end of its output, stdout and stderr as they came


def run_passing_through(argv: Sequence[str], limit: int = KEPT_BYTES) -> Finished:
    """Run ARGV, copying its output through, and return how it ended and the end of its output.
    Raises KbError when it cannot be started (not found, not executable)."""
    tail = Tail(limit)
    terminal = os.isatty(1) and os.isatty(2) and sys.platform != "win32"
    with _signals_for_the_child() as running:
        if terminal:
            child = _start_on_a_terminal(argv)
            running.append(child)
            _pump({child.master: 1}, tail)
            os.close(child.master)
        else:
            child = _start(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            running.append(child)
            assert child.stdout is not None and child.stderr is not None
            _pump({child.stdout.fileno(): 1, child.stderr.fileno(): 2}, tail)
        returncode = child.wait()
    return Finished(returncode, tail.bytes())


class _Child(subprocess.Popen[bytes]):
    master: int


def _start(argv: Sequence[str], **streams: object) -> _Child:
    try:
        return _Child(list(argv), **streams)  # type: ignore[call-overload,no-any-return]
    except FileNotFoundError:
        raise KbError(f"{argv[0]}: command not found") from None
    except PermissionError:
        raise KbError(f"{argv[0]}: permission denied (is it executable?)") from None
    except OSError as exc:
        raise KbError(f"cannot run {argv[0]}: {exc.strerror}") from None


def _start_on_a_terminal(argv: Sequence[str]) -> _Child:
    import pty

    master, slave = pty.openpty()
    _copy_window_size(master)
    try:
        child = _start(argv, stdout=slave, stderr=slave)
    except BaseException:
        os.close(master)
        raise
    finally:
        os.close(slave)
    child.master = master
    return child


def _copy_window_size(master: int) -> None:
    import fcntl
    import termios

    with contextlib.suppress(OSError):
        size = fcntl.ioctl(1, termios.TIOCGWINSZ, b"\0" * 8)
        fcntl.ioctl(master, termios.TIOCSWINSZ, size)


def _pump(sources: dict[int, int], tail: Tail) -> None:
    """Copy each source descriptor to its target until every source ends, keeping the tail."""
    with selectors.DefaultSelector() as selector:
        for fd in sources:
            selector.register(fd, selectors.EVENT_READ)
        open_sources = len(sources)
        while open_sources:
            for key, _ in selector.select():
                fd = key.fd
                try:
                    data = os.read(fd, _CHUNK)
                except OSError as exc:
                    if exc.errno != errno.EIO:  # EIO: the child closed its pseudo-terminal
                        raise
                    data = b""
                if not data:
                    selector.unregister(fd)
                    open_sources -= 1
                    continue
                _write_all(sources[fd], data)
                tail.add(data)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view)
        except BrokenPipeError:  # `kb run … | head`: the reader left; keep draining the child
            return
        view = view[written:]


@contextlib.contextmanager
def _signals_for_the_child() -> Iterator[list[_Child]]:
    """While the child runs: Ctrl-C and Ctrl-\\ are the child's (the terminal sends them to the
    whole process group), and SIGTERM or SIGHUP sent to kb is passed on."""
    child: list[_Child] = []
    names = ("SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP")
    wanted = [getattr(signal, name) for name in names if hasattr(signal, name)]
    previous = {number: signal.getsignal(number) for number in wanted}

    def forward(number: int, _frame: object) -> None:
        if child and number in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
            with contextlib.suppress(ProcessLookupError):
                child[0].send_signal(number)

    for number in wanted:
        signal.signal(number, forward)
    try:
        yield child
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def describe_ending(returncode: int) -> str:
    """How a command ended, for people: "exited with 1", "was killed by SIGKILL (signal 9) …"."""
    if returncode >= 0:
        return f"exited with {returncode}"
    number = -returncode
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    text = f"was killed by {name} (signal {number})"
    if name == "SIGKILL":
        text += ": the kernel's OOM killer sends it when the host runs out of memory (dmesg | grep -i oom)"
    return text


def shell_status(returncode: int) -> int:
    """The exit status a shell gives for RETURNCODE: 128 + the signal for a killed command."""
    return 128 - returncode if returncode < 0 else returncode
