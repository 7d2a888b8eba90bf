"""Running an entry's validation command, and only when a person asked for it.

`kb check KEY` and the TUI (each after a confirmation) and `kb triage` reach `run_validation`
through `run_check` below; nothing else in kb runs a stored command. The command runs as the
person would type it: bare Python through this interpreter (a bare expression shows its value, as
the REPL does), anything else through /bin/sh, the command string always being the single `-c`
argument. It reads /dev/null, so it can never wait for input, and it leads its own session, so that
the timeout, Ctrl-C, a SIGTERM or SIGHUP sent to kb, or its own end takes down everything it
started: a check leaves nothing running behind it.

Output is read as it arrives and only its tail is kept, because the end of a log is where the
answer is and a runaway command must not fill memory; the first line each of the rule's patterns
matches is kept wherever it was, since a check may print its verdict and then a long dump.
"""

from __future__ import annotations

import ast
import codecs
import contextlib
import os
import re
import selectors
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING

import kb.clock
from kb.entry.check_rule import NO_RULE, CheckRule
from kb.entry.lint import ValidationKind, validation_kind
from kb.errors import CheckNotRecorded, KbError, StoreChanged, failure_text
from kb.machine import user_python
from kb.verify.needs import python_means_python3, shell_python
from kb.verify.verdict import RunEnd, Verdict, as_shell_reports_it, read_verdict, symptom_text

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore

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

    command: str  # as it ran, its inputs filled in
    kind: ValidationKind
    ended: RunEnd
    exit_code: int | None  # None for a timeout or a command that never started
    output: str  # stdout and stderr as one stream, its last OUTPUT_LIMIT characters
    seconds: float
    started: datetime  # aware, UTC
    verdict: Verdict
    reason: str  # why the rule reads the run so


def run_validation(
    command: str,
    timeout: float = 60.0,
    cwd: Path | None = None,
    clock: Callable[[], datetime] | None = None,
    env: Mapping[str, str] | None = None,
    symptom: str = "",
    rule: CheckRule = NO_RULE,
) -> CheckResult:
    """Run COMMAND once, for at most TIMEOUT seconds, and read the run by RULE (kb.verify.verdict).
    SYMPTOM, the entry's, keeps a check for a missing module from reading its own finding as
    "could not run here".

    ENV replaces the environment (default: this process's); PYTHONUNBUFFERED=1 is added unless it
    says otherwise, so Python's output arrives in the order it was written and survives the kill.
    KeyboardInterrupt kills everything the command started and is raised again.
    """
    kind = validation_kind(command)
    started = (clock or kb.clock.utc_now)().astimezone(UTC)
    with _ended_with_kb() as ending:
        return _run(command, kind, timeout, cwd, env, symptom, rule, started, ending)


def _run(
    command: str,
    kind: ValidationKind,
    timeout: float,
    cwd: Path | None,
    env: Mapping[str, str] | None,
    symptom: str,
    rule: CheckRule,
    started: datetime,
    ending: _Ending,
) -> CheckResult:
    with _python_as_python3(command, kind, _environment(env)) as environment:
        return _run_in(command, kind, timeout, cwd, environment, symptom, rule, started, ending)


def _run_in(
    command: str,
    kind: ValidationKind,
    timeout: float,
    cwd: Path | None,
    environment: dict[str, str],
    symptom: str,
    rule: CheckRule,
    started: datetime,
    ending: _Ending,
) -> CheckResult:
    begin = time.monotonic()
    # One try from before the process exists: a signal that lands between the held start and the
    # next statement (kb descheduled under load) must find kb holding the process, to end it.
    process: subprocess.Popen[bytes] | None = None
    output: _Output | None = None
    try:
        with ending.held():
            process = subprocess.Popen(
                _argv(command, kind),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                cwd=cwd,
                env=environment,
                start_new_session=True,
            )
        assert process.stdout is not None  # stdout=PIPE
        output = _Output(process.stdout, watched=[p for p in (rule.pattern, rule.rules_out) if p])
        ending.act_on_held()
        finished = _wait(process, output, begin + timeout)
        seconds = time.monotonic() - begin
        _stop(process, output)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the command
        if process is not None:
            _kill_now(process)
            raise
        ending.act_on_held()
        said = f"could not start the command: {exc}"
        return _read(
            rule, command, kind, "not started", None, said, time.monotonic() - begin, started, symptom
        )
    except BaseException:  # KeyboardInterrupt above all: nothing the command started may survive it
        if process is not None:
            _kill_now(process)
        raise
    finally:
        if output is not None:
            output.close()
    if not finished:
        return _read(rule, command, kind, "timeout", None, output.text(), seconds, started, symptom)
    return _read(rule, command, kind, "exited", process.returncode, output.text(), seconds, started, symptom)


class _Signalled(BaseException):
    """SIGTERM or SIGHUP reached kb while a check ran: end the check, then kb, as the signal would."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: What ends kb while a check runs without reaching the check, which leads its own session: a
#: `kill`, a scheduler's SIGTERM, the SIGHUP of a dropped ssh connection. Ctrl-C is a
#: KeyboardInterrupt already.
_ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class _Ending:
    """An ending signal that reached kb while it ran a check, and whether kb can act on it yet.

    While the check is being started, Popen's own code may be running after the check's process
    exists but before kb holds it: ending kb there left the check running (a SIGTERM under load, in
    .ci/run). So a signal that arrives then is held, and acted on once kb holds the process."""

    def __init__(self) -> None:
        self._holding = False
        self._held: int | None = None

    def handle(self, signum: int, frame: object) -> None:
        if self._holding:
            self._held = signum
            return
        raise _Signalled(signum)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        self._holding = True
        try:
            yield
        finally:
            self._holding = False

    def act_on_held(self) -> None:
        if self._held is not None:
            raise _Signalled(self._held)


@contextlib.contextmanager
def _ended_with_kb() -> Iterator[_Ending]:
    """While a check runs, a signal that would end kb ends the check first: the check leads its own
    session, so the signal never reaches it, and it would run on after kb is gone (holding a GPU or
    a port). A signal kb was told to ignore (`nohup`) stays ignored; outside the main thread (a TUI
    worker) the host handles signals."""
    ending = _Ending()
    previous: dict[signal.Signals, object] = {}
    try:
        for signum in _ENDING_SIGNALS:
            if signal.getsignal(signum) is signal.SIG_DFL:
                previous[signum] = signal.signal(signum, ending.handle)
    except ValueError:  # not the main thread
        pass
    try:
        yield ending
    except _Signalled as signalled:
        _restore(previous)
        signal.raise_signal(signalled.signum)  # kb ends as the signal says (the default action)
        raise  # only if the signal was caught after all
    finally:
        _restore(previous)


def _restore(previous: dict[signal.Signals, object]) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)  # type: ignore[arg-type]
    previous.clear()


def _read(
    rule: CheckRule,
    command: str,
    kind: ValidationKind,
    ended: RunEnd,
    exit_code: int | None,
    output: str,
    seconds: float,
    started: datetime,
    symptom: str,
) -> CheckResult:
    read_as = exit_code if kind == "python" else as_shell_reports_it(exit_code)
    verdict, reason = read_verdict(rule, ended, read_as, output, symptom, seconds, command)
    verdict, reason = as_its_entry_tells_it(verdict, reason, command, kind, output, {})
    return CheckResult(command, kind, ended, exit_code, output, seconds, started, verdict, reason)


def as_its_entry_tells_it(
    verdict: Verdict,
    reason: str,
    check: str,
    kind: ValidationKind,
    output: str,
    chosen: Mapping[str, str],
) -> tuple[Verdict, str]:
    """VERDICT and REASON of a run of CHECK (of KIND) as they count for its entry, whoever ran it
    (kb check, triage, the TUI, an agent's report): a "broken" check whose shell program was read as
    Python is one missing here, and one that broke with CHOSEN values for its inputs says nothing
    about the entry's own check. The agent's report skipped both, and counted such runs against a
    sound entry that kb check called "could not run here"."""
    program = _program_read_as_python(check, kind, output)
    if verdict == "the check broke" and program is not None:
        return (
            "could not run here",
            f"{program} is not installed here (nor a name its line defines, read as Python)",
        )
    if verdict == "the check broke" and chosen:
        return "inconclusive", _broke_with(chosen, reason)
    return verdict, reason


def _program_read_as_python(command: str, kind: ValidationKind, output: str) -> str | None:
    """The program a shell line names first, when the line was run as Python (its program is not on
    the PATH, and `ibstat -s` parses as `ibstat` minus `s`) and Python did not know the name: a
    program missing here, not a broken check, which would count against its entry."""
    if kind != "python":
        return None
    first = command.split(maxsplit=1)[0] if command.strip() else ""
    undefined = re.search(r"^NameError: name '([^']+)' is not defined", output, re.MULTILINE)
    if undefined is None:
        return None
    name = undefined.group(1)  # `nvidia-bug-report.sh` is read as `nvidia - bug - …`: its first part
    return first if first == name or re.match(rf"{re.escape(name)}[^\w.]", first) else None


def _argv(command: str, kind: ValidationKind) -> list[str]:
    if kind == "python":
        return [user_python(), "-c", python_program(command)]
    return [SHELL, "-c", command]


#: How a lone expression is shown, as the REPL shows it; around the check's own text, kept as written
#: (a comment in it ends at its line), so that the program can be read back (bare_python()).
_SHOWN = ("__import__('sys').displayhook(\n", "\n)")


def python_program(command: str) -> str:
    """The bare-Python check COMMAND as a program; a lone expression is handed to sys.displayhook."""
    text = command.strip()
    try:
        ast.parse(text, mode="eval")
    except (SyntaxError, ValueError):
        return text  # statements run as written
    return f"{_SHOWN[0]}{text}{_SHOWN[1]}"


def python_shell_line(command: str) -> str:
    """The bare-Python check COMMAND as a shell line that runs it as kb check does (python3 -c), for
    someone else's shell: a coding agent's."""
    return f"python3 -c {shlex.quote(python_program(command))}"


def bare_python(line: str) -> str | None:
    """The bare-Python check a shell LINE from python_shell_line() runs (with any python), or None
    when LINE is no such line."""
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    if len(words) != 3 or words[1] != "-c" or not re.fullmatch(r"(?:\S*/)?python[\d.]*", words[0]):
        return None
    program = words[2]
    if program.startswith(_SHOWN[0]) and program.endswith(_SHOWN[1]):
        return program[len(_SHOWN[0]) : -len(_SHOWN[1])]
    return program


@contextlib.contextmanager
def _python_as_python3(
    command: str, kind: ValidationKind, environment: dict[str, str]
) -> Iterator[dict[str, str]]:
    """ENVIRONMENT, with `python` on its PATH meaning the python3 there, when a shell line runs
    `python` (`python -c …`, as the seed checks are written) and the PATH has python3 but no python,
    as Debian's and Ubuntu's own Pythons have: kb runs Python checks with the python3 on the PATH, and
    "python is not installed" was untrue of such a machine. Only this run's PATH gains a folder (a
    link named python, removed when the check ends)."""
    path = environment.get("PATH")
    python3 = shutil.which("python3", path=path)
    if kind == "python" or not python3 or not python_means_python3(command, path):
        yield environment
        return
    with tempfile.TemporaryDirectory(prefix="kb-check-") as folder:
        os.symlink(python3, os.path.join(folder, "python"))
        yield {**environment, "PATH": os.pathsep.join(p for p in (folder, path) if p)}


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
    """The merged stdout and stderr of a command: read without blocking, decoded, its tail kept,
    and the first line each WATCHED pattern matches, wherever it was."""

    def __init__(
        self, stream: IO[bytes], limit: int = OUTPUT_LIMIT, watched: list[str] | None = None
    ) -> None:
        self.open = True
        self._watched: list[re.Pattern[str]] = []
        for pattern in watched or ():
            try:
                self._watched.append(re.compile(pattern))
            except re.error:  # refused when the entry was saved; an older entry's is read as it can be
                continue
        self._seen: dict[int, str] = {}
        self._partial = ""
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
        self._watch(text)
        self._chunks.append(text)
        self._size += len(text)
        if self._size > 2 * self._limit:
            joined = "".join(self._chunks)
            self._cut += len(joined) - self._limit
            self._chunks = [joined[-self._limit :]]
            self._size = self._limit

    def _watch(self, text: str, final: bool = False) -> None:
        """Note the first line each watched pattern matches, of the lines TEXT completes."""
        if len(self._seen) == len(self._watched):
            return
        lines = (self._partial + text).split("\n")
        self._partial = "" if final else self._cut_long(lines.pop())
        for line in lines:
            for number, pattern in enumerate(self._watched):
                if number not in self._seen and pattern.search(line):
                    self._seen[number] = line

    def _cut_long(self, line: str) -> str:
        """An unfinished LINE longer than twice the limit, as its start and its end: a pattern reads
        a line from its start (`^fault: `), and a check may print every bad label on that line."""
        if len(line) <= 2 * self._limit:
            return line
        return line[: self._limit] + " … " + line[-self._limit :]

    def text(self) -> str:
        """The output's last characters, after a line saying how many were cut before them and the
        lines the rule reads that were among those cut."""
        joined = "".join(self._chunks)
        cut = self._cut + max(0, len(joined) - self._limit)
        if len(joined) > self._limit:
            joined = joined[-self._limit :]
        if not cut:
            return joined
        lines = [line for line in dict.fromkeys(self._seen.values()) if line not in joined]
        kept = "".join(f"{line}\n" for line in lines)
        said = f" (the line{'s' if len(lines) > 1 else ''} above, which the check's rule reads, among them)"
        return f"{kept}… ({cut} characters cut{said if lines else ''})\n{joined}"

    def close(self) -> None:
        """Stop reading; a character cut short by the end becomes U+FFFD."""
        if self.open:
            self._keep(self._decoder.decode(b"", final=True))
        self._watch("", final=True)
        self._selector.close()
        self._stream.close()


def run_check(
    store: EntryStore,
    key: str,
    timeout: float,
    values: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    agreed: str | None = None,
) -> CheckResult:
    """Run entry KEY's check with VALUES for its inputs (kb.entry.check_rule.fill), read its verdict
    by the entry's rule, and record the run on KEY with the values, this machine and the time.

    Only after the person said yes: `kb check` and the TUI ask first, `kb triage` asks or was told
    with --run. AGREED is the command the person was shown: if the entry changed since (a sync, an
    edit in another window), the check is not run, for what would run is not what they agreed to.
    A need the check declares that is missing here (kb.verify.needs) is recorded as "could not run
    here" without running anything."""
    from kb.entry.check_rule import offered
    from kb.store.record import CheckRun
    from kb.verify.needs import unmet_needs

    entry = store.get(key)
    rule = entry.content().check_rule
    command, chosen = offered(entry.validation, rule, values)
    if agreed is not None and command != agreed:
        raise StoreChanged(
            f"the check of '{key}' changed after you were shown it (an edit or a sync meanwhile): "
            "nothing ran; ask for it again to see the check as it is now"
        )
    unmet = unmet_needs(rule, chosen, cwd=cwd, command=command)
    if unmet:
        started = kb.clock.utc_now().astimezone(UTC)
        result = CheckResult(
            command, validation_kind(command), "not started", None, "", 0.0, started,
            "could not run here", "; ".join(unmet),
        )  # fmt: skip
    else:
        symptom = symptom_text(entry.symptom, entry.symptom_variants)
        result = run_validation(command, timeout=timeout, cwd=cwd, symptom=symptom, rule=rule)
        verdict, reason = as_its_entry_tells_it(
            result.verdict, result.reason, command, result.kind, "", chosen
        )
        result = replace(result, verdict=verdict, reason=reason)
    try:
        store.record_check(
            key,
            CheckRun(
                at=result.started,
                verdict=result.verdict,
                reason=result.reason,
                command=result.command,
                values={**rule.defaults, **chosen},
                exit_code=result.exit_code,
                machine=_where_it_ran(result.command, result.kind),
                output=result.output,
            ),
            as_read=entry,
        )
    except (KbError, OSError) as exc:
        ran = f"exit {result.exit_code}" if result.exit_code is not None else result.ended
        raise CheckNotRecorded(
            f"the check of '{key}' ran: {result.verdict} ({_one_line(result.reason)}; {ran}), "
            f"but its verdict could not be recorded: {failure_text(exc)}",
            result,
        ) from exc
    return result


def _broke_with(values: Mapping[str, str], reason: str) -> str:
    """Why a check that broke with VALUES given for its inputs says nothing about its entry: the line
    that ran was not the entry's own (`--with port=8000/tcp` in a place that takes a number)."""
    given = ", ".join(f"{name}={value}" for name, value in values.items())
    return f"with {given} it broke ({reason}): the entry's check as written did not run; check the values"


def _one_line(reason: str) -> str:
    """REASON on one line, cut short: a verdict's reason inside an error line."""
    return " ".join(reason.split())[:200]


def _where_it_ran(command: str, kind: ValidationKind) -> str:
    """This machine, and the Python a check that runs Python ran with (a project's .venv, conda's):
    what the check history keeps as where a verdict holds."""
    python = user_python() if kind == "python" else shell_python(command, os.environ.get("PATH"))
    return f"{this_machine()} ({python})" if python else this_machine()


def this_machine() -> str:
    """The name the check history keeps for where a check ran."""
    import socket

    return socket.gethostname() or "unknown"
