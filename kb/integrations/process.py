"""Run a command as if kb were not there, keeping the end of its output in memory.

The child gets kb's standard input, its output is copied through unchanged as it comes (with no
buffering of kb's own), and its exit status comes back as it was. Where kb's stdout or stderr is a
terminal, the child's goes to a pseudo-terminal of the same size, so that progress bars (tqdm,
rich) still draw and output is line-buffered; where it is not, to a pipe copied to its own stream.

Signals. The child stays in kb's process group and session, and kb's terminal stays its controlling
terminal (only its stdout and stderr are on the pseudo-terminal, which controls nothing), so Ctrl-C
or Ctrl-\\ at the terminal reaches it from the kernel, as it reaches kb, and kb waits for it to end.
A SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2 or SIGALRM sent to kb alone (kill, a job
scheduler, a supervisor, a trainer's checkpoint signal) is passed on to the child, and a SIGWINCH
resizes its pseudo-terminal. To tell the two apart kb reads the signal's siginfo: while the child
runs these signals are blocked in kb and a thread takes them with sigwaitinfo; a SIGINT or SIGQUIT
from the terminal has si_code SI_KERNEL and is not passed on, or the child would get it twice. A
signal kb was started ignoring (nohup; `&` in a script ignores SIGINT and SIGQUIT) stays ignored,
by the child too. Once the child has ended, kb's signals are as they were, and kb returns: output
that a background process it left behind writes later is not waited for (LINGER_S), but copied on
by a process of kb's own until that process closes it, so that it neither dies at its next write
into a pipe kb closed nor writes into a pseudo-terminal nobody reads.
"""

from __future__ import annotations

import contextlib
import errno
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence

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


class Finished:
    """How the command ended. A plain class: typing's NamedTuple would cost every `kb run` the
    import of typing."""

    __slots__ = ("reader_left", "returncode", "tail")

    def __init__(self, returncode: int, tail: bytes, reader_left: bool = False) -> None:
        self.returncode = returncode  # as subprocess gives it: negative for the signal that ended it
        self.tail = tail  # the end of its output, stdout and stderr as they came
        #: What read kb's output went away (`kb run … | head`), and the command was told as a pipe
        #: tells it: its next write met a closed pipe.
        self.reader_left = reader_left


def run_passing_through(argv: Sequence[str], limit: int = KEPT_BYTES) -> Finished:
    """Run ARGV, copying its output through, and return how it ended and the end of its output.
    Raises KbError when it cannot be started (not found, not executable)."""
    tail = Tail(limit)
    on_terminal = [] if sys.platform == "win32" else [fd for fd in (1, 2) if os.isatty(fd)]
    with _PassingSignalsOn() as passing:
        child, sources = _start_passing(argv, on_terminal)
        passing.to(child)
        pipes = {stream.fileno(): stream for stream in (child.stdout, child.stderr) if stream is not None}

        def close(fd: int) -> None:
            # A target's reader gone, its source is closed at once, as a pipe would be: the
            # command's next write there meets a closed pipe (SIGPIPE, or EPIPE where it ignores it).
            if fd in pipes:
                pipes[fd].close()

        left, open_sources = _pump(sources, tail, child.pid, close=close)
        reader_left = bool(left)
        _wait_without_reaping(child)
    if open_sources:
        _copy_on_behind_kb({fd: sources[fd] for fd in open_sources})
    if getattr(child, "master", None) is not None:
        os.close(child.master)
    for stream in pipes.values():
        if not stream.closed:
            stream.close()
    return Finished(child.wait(), tail.bytes(), reader_left)


def _copy_on_behind_kb(sources: dict[int, int]) -> None:
    """Copy SOURCES (what the command's output still holds open: a process it left running, `server
    &`) to their targets until they end, in a process of kb's own that kb does not wait for. kb
    returns meanwhile; closing their reading ends would kill that process at its next write
    (SIGPIPE), or lose what it writes to the pseudo-terminal, where without kb it writes on."""
    if not hasattr(os, "fork"):
        return
    if os.fork():
        return
    try:  # the copier: no Python above this frame runs again, whatever happens here
        os.setsid()  # Ctrl-C and a closed terminal are the process's to meet, not the copier's
        os.close(0)
        _pump(sources, Tail(_CHUNK), close=os.close)
    finally:
        os._exit(0)


class NotExecutable(KbError):
    """The command was found but cannot be run (a folder, a file without its execute bit): a shell's
    exit status 126, where a command not found is 127."""

    exit_code = 126


class _Child(subprocess.Popen[bytes]):
    master: int  # the pseudo-terminal's side kb reads, when the command has one
    terminal: int  # kb's descriptor that is a terminal, whose size the pseudo-terminal copies


def _start(argv: Sequence[str], **streams: object) -> _Child:
    if not argv[0]:  # a shell finds no program by an empty name: 127, not exec's EACCES (126)
        raise KbError("'': command not found")
    try:
        return _Child(list(argv), **streams)  # type: ignore[call-overload,no-any-return]
    except FileNotFoundError:
        raise KbError(f"{argv[0]}: command not found") from None
    except PermissionError:
        if os.path.isdir(argv[0]):  # as a shell says it
            raise NotExecutable(f"{argv[0]}: is a directory") from None
        raise NotExecutable(f"{argv[0]}: permission denied (is it executable?)") from None
    except OSError as exc:
        raise KbError(f"cannot run {argv[0]}: {exc.strerror}") from None


def _start_passing(argv: Sequence[str], on_terminal: Sequence[int]) -> tuple[_Child, dict[int, int]]:
    """Start ARGV with its stdout and its stderr each on a pseudo-terminal where kb's is on a terminal
    (one, shared, when both are: their order is kept) and on a pipe where kb's is not, as the command
    would have them without kb: `kb run -- python train.py 2>err.log` still prints its progress as it
    comes, and `| tee log` leaves tqdm its terminal on stderr. Returns the child and the sources to
    copy, each to its target (1 or 2)."""
    if not on_terminal and _one_file(1, 2):  # `2>&1 | tee log`, `> log 2>&1`: one pipe keeps the order
        child = _start(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert child.stdout is not None
        return child, {child.stdout.fileno(): 1}
    if not on_terminal:
        child = _start(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert child.stdout is not None and child.stderr is not None
        return child, {child.stdout.fileno(): 1, child.stderr.fileno(): 2}
    import pty

    master, slave = pty.openpty()
    _copy_window_size(master, on_terminal[0])
    _leave_newlines_to_the_terminal(slave)
    given = {fd: slave if fd in on_terminal else subprocess.PIPE for fd in (1, 2)}
    try:
        child = _start(argv, stdout=given[1], stderr=given[2])
    except BaseException:
        os.close(master)
        raise
    finally:
        os.close(slave)
    child.master, child.terminal = master, on_terminal[0]
    sources = {master: on_terminal[0]}
    for target, stream in ((1, child.stdout), (2, child.stderr)):
        if stream is not None:
            sources[stream.fileno()] = target
    return child, sources


def _one_file(first: int, second: int) -> bool:
    """Whether descriptors FIRST and SECOND write to one file or pipe: the command's two streams,
    copied through two pipes, would reach it in the order kb happened to read them, a traceback
    cut by the progress lines printed before it."""
    try:
        one, other = os.fstat(first), os.fstat(second)
    except OSError:
        return False
    return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)


def _leave_newlines_to_the_terminal(slave: int) -> None:
    """Keep the pseudo-terminal from turning the command's LF into CR LF: kb's own terminal does that
    as kb copies the output on, and both doing it left `\r\r\n` in a recorded session (script,
    tmux's pipe-pane) and in what kb read of the output."""
    import termios

    with contextlib.suppress(OSError, termios.error):
        attributes = termios.tcgetattr(slave)
        attributes[1] &= ~termios.ONLCR
        termios.tcsetattr(slave, termios.TCSANOW, attributes)


def _copy_window_size(master: int, terminal: int = 1) -> None:
    import fcntl
    import termios

    with contextlib.suppress(OSError):
        size = fcntl.ioctl(terminal, termios.TIOCGWINSZ, b"\0" * 8)
        fcntl.ioctl(master, termios.TIOCSWINSZ, size)


#: How long kb still copies output once the command has ended: what a background process it left
#: behind (`server &`) writes later is not the command's, and must not keep kb waiting.
LINGER_S = 0.2


def _pump(
    sources: dict[int, int],
    tail: Tail,
    pid: int | None = None,
    close: Callable[[int], None] | None = None,
) -> tuple[set[int], set[int]]:
    """Copy each source descriptor to its target until every source ends, or, once the process PID
    has ended, until LINGER_S passed, keeping the tail. A source whose target's reader left (a
    broken pipe) is no longer read, and is CLOSEd at once. Returns the sources that were, and those
    still open when the copy stopped (a process the command left running holds them)."""
    ended_at: float | None = None
    left: set[int] = set()
    open_sources = set(sources)
    with selectors.DefaultSelector() as selector:
        for fd in sources:
            selector.register(fd, selectors.EVENT_READ)
        while open_sources:
            events = selector.select(timeout=LINGER_S / 2 if pid is not None else None)
            if pid is not None and (ended_at is not None or _has_ended(pid)):
                ended_at = ended_at or time.monotonic()
                if time.monotonic() - ended_at > LINGER_S:
                    return left, open_sources
            for key, _ in events:
                fd = key.fd
                try:
                    data = os.read(fd, _CHUNK)
                except OSError as exc:
                    if exc.errno != errno.EIO:  # EIO: the child closed its pseudo-terminal
                        raise
                    data = b""
                if not data:
                    selector.unregister(fd)
                    open_sources.discard(fd)
                    continue
                tail.add(data)
                if not _write_all(sources[fd], data):
                    selector.unregister(fd)
                    open_sources.discard(fd)
                    left.add(fd)
                    if close is not None:
                        close(fd)
    return left, open_sources


def _write_all(fd: int, data: bytes) -> bool:
    """Write DATA to FD whole; False when its reader has left (`kb run … | head`). Output to a
    descriptor that was closed (`kb run … >&-`) is dropped, as the command's own writes would fail."""
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view)
        except BrokenPipeError:
            return False
        except OSError as exc:
            if exc.errno != errno.EBADF:
                raise
            return True
        view = view[written:]
    return True


def _has_ended(pid: int) -> bool:
    """Whether the process PID has ended, leaving it unreaped."""
    if not hasattr(os, "waitid"):
        return False
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True  # reaped by the kernel already (SIGCHLD ignored)


def _wait_without_reaping(child: _Child) -> None:
    """Wait for CHILD to end and leave it unreaped, so that its pid, which signals are still passed on
    to, cannot go to another process before the passing stops."""
    if hasattr(os, "waitid"):
        with contextlib.suppress(ChildProcessError):  # SIGCHLD ignored: the kernel reaped it itself
            os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)


#: The si_code of a signal the kernel raised (Linux), as a terminal does for Ctrl-C and Ctrl-\;
#: kill() gives SI_USER (0), sigqueue() SI_QUEUE (-1).
_SI_KERNEL = 0x80


class _PassingSignalsOn:
    """While the child runs, pass on to it the signals sent to kb alone (see the module docstring).

    `to(child)` blocks the signals at once after the child starts, not before: a new process
    inherits the signal mask (subprocess leaves it as it is), and a child with SIGINT blocked would
    never see a Ctrl-C. Until then (a millisecond), and where sigwaitinfo is missing (macOS), a
    handler takes them without siginfo: it passes SIGTERM and SIGHUP on (once the child is there),
    and SIGINT or SIGQUIT only when kb is not in its terminal's foreground, so that no Ctrl-C can be
    among them. A kill -INT that reaches kb in the foreground in that millisecond is lost."""

    def __init__(self) -> None:
        names = ("SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGWINCH")
        found = [getattr(signal, name) for name in names if hasattr(signal, name)]
        self.previous = {number: signal.getsignal(number) for number in found}
        self.numbers = {number for number, handler in self.previous.items() if handler is not signal.SIG_IGN}
        self.typed = self.numbers & {
            getattr(signal, name) for name in ("SIGINT", "SIGQUIT") if hasattr(signal, name)
        }
        self.child: _Child | None = None
        self.early: list[int] = []  # what came before the child did
        self.mask: set[int] | None = None  # kb's own, while the signals are blocked
        self.taker: threading.Thread | None = None
        self.stopping = False

    def __enter__(self) -> _PassingSignalsOn:
        for number in self.numbers:  # an ignored signal is left ignored: the child inherits that
            signal.signal(number, self._without_siginfo)
        return self

    def to(self, child: _Child) -> None:
        self.child = child
        if self.numbers and hasattr(signal, "sigwaitinfo"):
            self.mask = signal.pthread_sigmask(signal.SIG_BLOCK, self.numbers)
            self.taker = threading.Thread(target=self._take, name="kb run: signals", daemon=True)
            self.taker.start()  # with the mask of the thread that starts it: the signals blocked
        for number in self.early:
            self._pass_on(number)

    def __exit__(self, *_exc: object) -> None:
        if self.taker is not None and self.taker.ident is not None:
            self.stopping = True  # and a signal from kb itself wakes it
            if self.taker.is_alive():
                signal.pthread_kill(self.taker.ident, next(iter(self.numbers)))
            self.taker.join()
        for number in self.numbers:
            signal.signal(number, self.previous[number])
        if self.mask is not None:
            # What came since the taker stopped was meant for the child (the terminal's copy of the
            # Ctrl-C that ended it, say): taken now, it does not interrupt kb once unblocked.
            while signal.sigtimedwait(self.numbers, 0) is not None:
                pass
            signal.pthread_sigmask(signal.SIG_SETMASK, self.mask)

    def _take(self) -> None:
        me = os.getpid()
        while True:
            info = signal.sigwaitinfo(self.numbers)
            if self.stopping and info.si_pid == me:
                return
            if info.si_signo in self.typed and info.si_code == _SI_KERNEL:
                continue  # typed at the terminal: the child, in kb's process group, got it too
            self._pass_on(info.si_signo)

    def _without_siginfo(self, number: int, _frame: object) -> None:
        if number in self.typed and _in_the_terminals_foreground():
            return  # perhaps a Ctrl-C, which the child got too: kb cannot tell without siginfo
        if self.child is None:
            self.early.append(number)
        else:
            self._pass_on(number)

    def _pass_on(self, number: int) -> None:
        assert self.child is not None
        if number == getattr(signal, "SIGWINCH", None):
            if hasattr(self.child, "master"):  # the kernel tells the command when its terminal resizes
                _copy_window_size(self.child.master, self.child.terminal)
            return
        with contextlib.suppress(OSError):  # it has gone already (SIGCHLD ignored)
            os.kill(self.child.pid, number)


def _in_the_terminals_foreground() -> bool:
    """Whether kb is in the process group its terminal sends Ctrl-C to."""
    if sys.platform == "win32":
        return True  # the console sends it to every process attached to it
    try:
        fd = os.open("/dev/tty", os.O_RDONLY | os.O_NOCTTY)
    except OSError:
        return False  # no controlling terminal
    try:
        return os.tcgetpgrp(fd) == os.getpgrp()
    except OSError:
        return False
    finally:
        os.close(fd)


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
        text += " (one sender is the kernel's OOM killer, on a host out of memory: dmesg | grep -i oom)"
    return text


def shell_status(returncode: int) -> int:
    """The exit status a shell gives for RETURNCODE: 128 + the signal for a killed command."""
    return 128 - returncode if returncode < 0 else returncode


def end_by_signal(number: int) -> None:
    """End kb by signal NUMBER, as the command it ran was ended, once kb has said its part.

    A shell tells "killed by SIGINT" from "exited with 130": waiting for a command when Ctrl-C comes,
    bash stops a script or a loop only if the command died of the SIGINT too (one that exited, even
    with 130, is taken to have handled it). `for lr in …; do kb run -- python train.py; done` went on
    to the next run after a Ctrl-C that stopped the one before. So kb dies of the signal that killed
    the command, with its handler reset and no core file of its own; a signal whose default is to be
    ignored (SIGCHLD, SIGWINCH) leaves kb running, and the caller exits with the shell's status."""
    if os.name != "posix":
        return
    import resource

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed stream, or one set to None: nothing to say
            stream.flush()
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGQUIT and SIGABRT would dump kb's core
    with contextlib.suppress(ValueError, OSError):  # SIGKILL has no handler to reset
        signal.signal(number, signal.SIG_DFL)
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
        os.kill(os.getpid(), number)
    except (ValueError, OSError):  # a number this platform has no signal for
        return
