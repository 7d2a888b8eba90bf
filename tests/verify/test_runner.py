"""Running a validation command: outcomes, merged output, the timeout and what it must kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from kb.entry.check_rule import CheckRule
from kb.entry.lint import validation_kind
from kb.machine import user_python
from kb.verify.runner import OUTPUT_LIMIT, CheckResult, run_validation
from kb.verify.verdict import missing_here

#: A child that outlives its shell unless the runner kills the whole process group.
#: Starts a child and names it in child.pid, whole: a reader that waits for the file never reads it
#: half-written (the shell opens the file empty, then writes; a signal in between left it empty).
CHILD = "sleep 30 & echo $! > child.pid.part && mv child.pid.part child.pid"


def alive(pid: int) -> bool:
    """Whether PID still runs; a zombie waiting for a parent that never reaps it does not count."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except FileNotFoundError:
        return not Path("/proc/self").exists()  # no /proc (macOS): trust kill()
    return stat.rsplit(")", 1)[1].split()[0] not in {"Z", "X"}


def gone(pid: int, within: float = 10.0) -> bool:
    """Whether PID ends WITHIN seconds (on a loaded 2-core box, .ci/run beside other work, 2 s was
    once too few for a shell to take its SIGTERM and go)."""
    deadline = time.monotonic() + within
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def pid_in(path: Path) -> int:
    return int(path.read_text(encoding="utf-8").strip())


#: The rule these tests read runs by: exit 0 confirms, any other exit rules out (kb.verify.verdict).
EXIT_0 = CheckRule("exit 0")


def _run(command: str, **options: Any) -> CheckResult:
    return run_validation(command, rule=EXIT_0, **options)


def test_a_passing_shell_command() -> None:
    result = _run("echo hello")
    assert result.kind == "shell"
    assert (result.verdict, result.exit_code, result.output) == ("confirmed", 0, "hello\n")
    assert result.command == "echo hello"
    assert 0 <= result.seconds < 5


def test_a_failing_shell_command_keeps_its_exit_code() -> None:
    result = _run("echo before; exit 3")
    assert (result.verdict, result.exit_code, result.output) == ("ruled out", 3, "before\n")


def test_stderr_is_merged_into_stdout_in_order() -> None:
    result = _run("echo out; echo err 1>&2; echo out again")
    assert result.output == "out\nerr\nout again\n"


def test_a_bare_python_expression_shows_its_value() -> None:
    assert validation_kind("1 + 1") == "python"
    result = _run("1 + 1")
    assert (result.kind, result.verdict, result.exit_code, result.output) == ("python", "confirmed", 0, "2\n")
    assert _run("'a' * 3").output == "'aaa'\n"  # repr, as the REPL shows it


def test_an_expression_whose_value_is_none_shows_nothing_more() -> None:
    assert _run("print('hi')").output == "hi\n"


def test_a_python_statement_runs_as_written() -> None:
    result = _run("import os; print('cwd ok')")
    assert (result.kind, result.verdict, result.output) == ("python", "confirmed", "cwd ok\n")


def test_python_runs_on_the_users_interpreter_in_the_given_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The python3 on PATH (the project's env, with torch), not kb's own isolated interpreter."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    result = _run("import os, sys; print(sys.argv[0] or 'x'); print(os.getcwd())", cwd=tmp_path)
    assert Path(result.output.splitlines()[1]).resolve() == tmp_path.resolve()
    assert user_python() == str(bin_dir / "python3")


def test_python_in_a_shell_line_is_the_python3_on_the_path_where_no_python_is(tmp_path: Path) -> None:
    """Every seed check is `python -c …`: on a PATH with python3 and no python (Debian's and Ubuntu's
    own Pythons) each was "could not run here: python is not installed"."""
    only_python3, nothing = tmp_path / "bin", tmp_path / "empty"
    only_python3.mkdir()
    nothing.mkdir()
    (only_python3 / "python3").symlink_to(sys.executable)
    for command in ("python -c 'print(3)'", "true && python -c 'import sys; print(sys.version_info[0])'"):
        result = _run(command, env={"PATH": str(only_python3)})
        assert (result.kind, result.verdict, result.output) == ("shell", "confirmed", "3\n"), command
    assert list(only_python3.iterdir()) == [only_python3 / "python3"]  # the link was the run's alone
    missing = _run("python -c 'print(3)'", env={"PATH": str(nothing)})
    assert (missing.verdict, missing.reason) == ("could not run here", "python is not installed")


def test_a_missing_program_with_a_hyphen_could_not_run_here() -> None:
    """`nonexistent-tool-xyz --check`, not on the PATH, parses as Python (`nonexistent - tool - …`):
    run by Python, its NameError was "the check broke", counted against the entry. A program and
    its option are a command line written for another machine, run by the shell."""
    for command in ("kb-no-such-tool-xyz --check", "kbnosuchtool -s"):
        result = _run(command)
        assert (result.kind, result.verdict) == ("shell", "could not run here"), command
        assert result.reason.startswith(f"{command.split()[0]} is not installed"), command


def test_python_output_and_errors_interleave_as_written() -> None:
    result = _run("import sys; print('out'); sys.stderr.write('err\\n'); print('end')")
    assert result.output == "out\nerr\nend\n"


def test_a_python_crash_is_a_broken_check_not_a_ruled_out_cause() -> None:
    result = _run("1 / 0")
    assert (result.verdict, result.exit_code) == ("the check broke", 1)
    assert result.reason == "it crashed with ZeroDivisionError before it could decide"
    assert "ZeroDivisionError" in result.output


def test_env_replaces_the_environment() -> None:
    result = _run("echo $KB_PROBE", env={"KB_PROBE": "from-env", "PATH": os.environ["PATH"]})
    assert result.output == "from-env\n"


def test_the_command_never_waits_for_input() -> None:
    started = time.monotonic()
    result = _run("cat", timeout=5)
    assert (result.verdict, result.output) == ("confirmed", "")
    assert time.monotonic() - started < 3


def test_undecodable_bytes_are_replaced() -> None:
    assert _run("printf 'caf\\351\\n'").output == "caf\ufffd\n"


def test_the_timeout_kills_the_command_and_its_children(tmp_path: Path) -> None:
    command = f"echo $$ > shell.pid; echo started; {CHILD}; wait"
    began = time.monotonic()
    result = _run(command, timeout=1, cwd=tmp_path)
    assert time.monotonic() - began < 10
    assert (result.verdict, result.exit_code) == ("inconclusive", None)
    assert result.output == "started\n"  # what came before the kill is kept
    assert 1 <= result.seconds < 5
    assert gone(pid_in(tmp_path / "shell.pid"))
    assert gone(pid_in(tmp_path / "child.pid"))


def test_a_command_that_ignores_sigterm_is_killed_after_the_grace(tmp_path: Path) -> None:
    began = time.monotonic()
    result = _run(f"trap '' TERM; echo started; {CHILD}; wait", timeout=1, cwd=tmp_path)
    assert time.monotonic() - began < 10
    assert (result.verdict, result.output) == ("inconclusive", "started\n")
    assert gone(pid_in(tmp_path / "child.pid"))


def test_python_output_before_the_timeout_is_kept() -> None:
    result = _run("import time; print('working'); time.sleep(30)", timeout=1)
    assert (result.kind, result.verdict, result.output) == ("python", "inconclusive", "working\n")


def test_a_finished_command_leaves_nothing_running(tmp_path: Path) -> None:
    began = time.monotonic()
    result = _run(f"{CHILD}; echo done", timeout=20, cwd=tmp_path)
    assert time.monotonic() - began < 5
    assert (result.verdict, result.exit_code, result.output) == ("confirmed", 0, "done\n")
    assert gone(pid_in(tmp_path / "child.pid"))


@contextmanager
def interrupt_after(seconds: float) -> Iterator[None]:
    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_ctrl_c_kills_the_command_and_its_children_then_propagates(tmp_path: Path) -> None:
    began = time.monotonic()
    with interrupt_after(1.0), pytest.raises(KeyboardInterrupt):
        _run(f"{CHILD}; wait", timeout=20, cwd=tmp_path)
    assert time.monotonic() - began < 5
    assert gone(pid_in(tmp_path / "child.pid"))


def test_output_keeps_its_tail_when_capped() -> None:
    result = _run("print('a' * 25000 + 'TAIL')")
    marker, kept = result.output.split("\n", 1)
    assert marker == "… (5005 characters cut)"
    assert len(kept) == OUTPUT_LIMIT
    assert kept.endswith("aTAIL\n")


def test_a_flood_of_output_is_capped_while_it_is_read() -> None:
    result = _run("import sys; sys.stdout.write('x' * 1_000_000 + 'END')")
    assert result.verdict == "confirmed"
    assert (
        result.output == f"… ({1_000_003 - OUTPUT_LIMIT} characters cut)\n" + "x" * (OUTPUT_LIMIT - 3) + "END"
    )


def test_the_line_a_rule_reads_is_kept_when_a_long_dump_follows_it() -> None:
    """A check that printed `fault: port held` and then 30,000 lines was "ruled out": only the tail
    was read."""
    rule = CheckRule("output", "^fault: ", "^ok: ")
    result = run_validation("echo 'fault: port held'; seq 1 30000", rule=rule)
    assert result.verdict == "confirmed" and "fault: port held" in result.reason
    assert result.output.startswith("fault: port held\n… (")
    assert "the line above, which the check's rule reads, among them" in result.output.split("\n")[1]
    cleared = run_validation("echo 'ok: port free'; seq 1 30000", rule=rule)
    assert cleared.verdict == "ruled out"


@pytest.mark.parametrize(
    ("rule", "signal_number"), [(CheckRule("exit non-zero"), 9), (CheckRule("exit 0"), 11)]
)
def test_a_check_killed_by_a_signal_under_a_shell_decides_nothing(
    rule: CheckRule, signal_number: int
) -> None:
    """`python3 -c "…SIGKILL…"` through the shell exits 137: it was read as "confirmed". Nor did its
    own code break: the OOM killer sends SIGKILL to a check of a memory fault, so it decides nothing
    and does not count against the entry's health (`kb prune --status broken`)."""
    command = f'python3 -c "import os; os.kill(os.getpid(), {signal_number})"'
    result = run_validation(command, rule=rule)
    assert result.exit_code in (128 + signal_number, -signal_number)  # dash reports it; bash may exec
    assert result.verdict == "inconclusive"
    assert result.reason.startswith(f"killed by signal {signal_number} before it could decide")


def test_output_under_the_cap_has_no_marker() -> None:
    assert _run(f"print('a' * {OUTPUT_LIMIT - 1})").output == "a" * (OUTPUT_LIMIT - 1) + "\n"


def test_started_comes_from_the_clock_in_utc() -> None:
    local = datetime(2024, 5, 1, 12, 30, tzinfo=timezone(timedelta(hours=2)))
    result = _run("true", clock=lambda: local)
    assert result.started == datetime(2024, 5, 1, 10, 30, tzinfo=UTC)
    assert result.started.tzinfo is UTC


def test_started_defaults_to_now() -> None:
    before = datetime.now(UTC)
    started = _run("true").started
    assert started.tzinfo is UTC
    assert before <= started <= datetime.now(UTC)


def test_an_unknown_executable_could_not_run_here_with_the_shells_127() -> None:
    command = "kb-no-such-tool-xyz some-arg"
    assert validation_kind(command) == "shell"
    result = _run(command)
    assert (result.verdict, result.exit_code) == ("could not run here", 127)
    assert result.reason == "kb-no-such-tool-xyz is not installed"


def test_a_command_that_cannot_start_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing"
    result = _run("echo hello", cwd=missing)
    assert (result.verdict, result.exit_code) == ("could not run here", None)
    assert str(missing) in result.output
    assert result.started.tzinfo is UTC


@pytest.mark.parametrize(
    ("exit_code", "output", "missing"),
    [
        (
            1,
            "Traceback …\nModuleNotFoundError: No module named 'torch'\n",
            "the Python module torch is not installed",
        ),
        (127, "sh: 1: nvidia-smi: not found\n", "nvidia-smi is not installed"),
        (127, "/bin/sh: line 1: nvcc: command not found\n", "nvcc is not installed"),
        (
            9,
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
            "no NVIDIA driver",
        ),
        (1, "RuntimeError: No CUDA GPUs are available\n", "no GPU"),
        (
            1,
            "ModuleNotFoundError: No module named 'torch'\nfalling back\nto CPU\nValueError: empty shard\n",
            "the Python module torch is not installed",
        ),
        (1, "AssertionError: Torch not compiled with CUDA enabled\n", "this torch has no CUDA"),
        (1, "FileNotFoundError: [Errno 2] No such file or directory: 'model.pt'\n", "model.pt is not here"),
        (
            1,
            "cat: /proc/driver/nvidia/version: No such file or directory\n",
            "/proc/driver/nvidia/version is not here",
        ),
    ],
)
def test_a_check_that_could_not_run_here_is_told_from_a_failed_one(
    exit_code: int, output: str, missing: str
) -> None:
    assert missing_here(exit_code, output) == missing


@pytest.mark.parametrize(
    ("output", "symptom"),
    [
        ("AssertionError: labels out of range: 12 >= 10\n", ""),
        (
            "ModuleNotFoundError: No module named 'torch'\n",
            "ModuleNotFoundError: No module named 'torch' in the DDP workers",
        ),
    ],
)
def test_a_check_that_ran_and_failed_stays_failed(output: str, symptom: str) -> None:
    assert missing_here(1, output, symptom) is None


@pytest.mark.parametrize(
    ("output", "symptom", "missing"),
    [
        # the first word of `ls: …` is inside `labels`: it was taken for the symptom's own message
        (
            "ls: cannot access 'data/train.jsonl': No such file or directory\n",
            "KeyError: 'labels'",
            "data/train.jsonl is not here",
        ),
        # another module than the one the symptom says is missing: flash_attn may well be installed
        (
            "ModuleNotFoundError: No module named 'torch'\n",
            "ModuleNotFoundError: No module named 'flash_attn'",
            "the Python module torch is not installed",
        ),
        # torchvision's symptom does not name torch
        (
            "ModuleNotFoundError: No module named 'torch'\n",
            "No module named 'torchvision'",
            "the Python module torch is not installed",
        ),
    ],
)
def test_a_missing_thing_the_symptom_does_not_name_is_not_its_message(
    output: str, symptom: str, missing: str
) -> None:
    assert missing_here(1, output, symptom) == missing


def test_a_missing_module_could_not_run_here() -> None:
    result = _run('python3 -c "import kb_no_such_module_here"')
    assert result.verdict == "could not run here" and result.exit_code == 1
    assert result.reason == "the Python module kb_no_such_module_here is not installed"


def kb_running_a_check(tmp_path: Path, handlers: dict[signal.Signals, str]) -> subprocess.Popen[bytes]:
    """A process that sets HANDLERS (signal: "SIG_IGN" or "SIG_DFL"), then runs a check (a shell
    that starts CHILD) as kb does, returned once both have written their pids."""
    program = "import signal\n" + "".join(
        f"signal.signal({int(s)}, signal.{h})\n" for s, h in handlers.items()
    )
    program += (
        "from kb.entry.check_rule import CheckRule\nfrom kb.verify.runner import run_validation\n"
        f"run_validation({f'echo $$ > shell.pid; {CHILD}; wait'!r}, timeout=60, rule=CheckRule('exit 0'))\n"
    )
    process = subprocess.Popen([sys.executable, "-c", program], cwd=tmp_path)
    deadline = time.monotonic() + 20
    while not (tmp_path / "child.pid").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return process


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_that_ends_kb_ends_its_check_first(tmp_path: Path, ending: signal.Signals) -> None:
    """The check leads its own session, so a `kill` of kb or a dropped ssh connection never reached
    it: `sleep` ran on, re-parented to init, after kb was gone."""
    # as from a terminal: CI may run under nohup, which leaves SIGHUP ignored
    kb_like = kb_running_a_check(tmp_path, {ending: "SIG_DFL"})
    kb_like.send_signal(ending)
    assert kb_like.wait(timeout=20) == -ending  # kb ends as the signal says
    assert gone(pid_in(tmp_path / "shell.pid"))
    assert gone(pid_in(tmp_path / "child.pid"))


def test_a_signal_while_the_check_is_being_started_still_ends_the_check(tmp_path: Path) -> None:
    """Popen's own code runs on after the check's process exists: a SIGTERM there (kb's process
    descheduled under load, the check already running) ended kb before it held the process, and the
    check ran on. The signal arrives inside Popen here, every time."""
    program = (
        "import os, signal, subprocess\n"
        "signal.signal(signal.SIGTERM, signal.SIG_DFL)\n"
        "real = subprocess.Popen\n"
        "class Interrupted(real):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        "        while not os.path.exists('child.pid'):\n"
        "            pass\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "subprocess.Popen = Interrupted\n"
        "from kb.entry.check_rule import CheckRule\nfrom kb.verify.runner import run_validation\n"
        f"run_validation({f'echo $$ > shell.pid; {CHILD}; wait'!r}, timeout=60, rule=CheckRule('exit 0'))\n"
    )
    kb_like = subprocess.Popen([sys.executable, "-c", program], cwd=tmp_path)
    assert kb_like.wait(timeout=20) == -signal.SIGTERM
    assert gone(pid_in(tmp_path / "shell.pid"))
    assert gone(pid_in(tmp_path / "child.pid"))


def test_a_signal_right_after_the_check_started_still_ends_the_check(tmp_path: Path) -> None:
    """Between the start held against signals and the code that ends the check on one, a SIGHUP
    (kb descheduled under load, in .ci/run) ended kb with the check running on. The signal arrives
    there here, every time: while kb reads the new process's output pipe."""
    program = (
        "import os, signal\n"
        "signal.signal(signal.SIGHUP, signal.SIG_DFL)\n"
        "import kb.verify.runner as runner\n"
        "real = runner._Output\n"
        "class Interrupted(real):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        while not os.path.exists('child.pid'):\n"
        "            pass\n"
        "        os.kill(os.getpid(), signal.SIGHUP)\n"
        "        super().__init__(*args, **kwargs)\n"
        "runner._Output = Interrupted\n"
        "from kb.entry.check_rule import CheckRule\n"
        f"command = {f'echo $$ > shell.pid; {CHILD}; wait'!r}\n"
        "runner.run_validation(command, timeout=60, rule=CheckRule('exit 0'))\n"
    )
    kb_like = subprocess.Popen([sys.executable, "-c", program], cwd=tmp_path)
    assert kb_like.wait(timeout=20) == -signal.SIGHUP
    assert gone(pid_in(tmp_path / "shell.pid"))
    assert gone(pid_in(tmp_path / "child.pid"))


def test_a_confirming_line_longer_than_the_kept_output_still_confirms() -> None:
    """A check that prints every bad label on its finding's line: the line's start was dropped."""
    rule = CheckRule("output", "^fault: ", "^ok: ")
    result = run_validation(
        f"python3 -c \"print('fault: labels outside [0, 5):', list(range({120_000})))\"", rule=rule
    )
    assert result.verdict == "confirmed" and "fault: labels outside" in result.reason


def test_a_signal_kb_was_told_to_ignore_stays_ignored_while_a_check_runs(tmp_path: Path) -> None:
    """`nohup kb triage --run …`: a dropped connection must not end the check nor kb."""
    kb_like = kb_running_a_check(tmp_path, {signal.SIGHUP: "SIG_IGN", signal.SIGTERM: "SIG_DFL"})
    kb_like.send_signal(signal.SIGHUP)
    time.sleep(0.3)
    assert kb_like.poll() is None and alive(pid_in(tmp_path / "child.pid"))
    kb_like.send_signal(signal.SIGTERM)
    assert kb_like.wait(timeout=20) == -signal.SIGTERM
    assert gone(pid_in(tmp_path / "child.pid"))


def test_a_module_need_is_looked_for_without_running_its_package(tmp_path: Path) -> None:
    """`needs = ["module:pkg.sub"]` is looked for before the check runs, after the person agreed to
    the command alone: finding it must not import `pkg`, whose __init__ is the project's own code."""
    from kb.verify.needs import unmet_needs

    ran = tmp_path / "package-code-ran"
    (tmp_path / "proj" / "nested").mkdir(parents=True)
    (tmp_path / "proj" / "__init__.py").write_text(f"open({str(ran)!r}, 'w').write('x')\n")
    (tmp_path / "proj" / "train.py").write_text("")
    (tmp_path / "proj" / "nested" / "__init__.py").write_text("")
    needs = (
        "module:proj.train",
        "module:proj.nested",
        "module:proj.absent",
        "module:os.path",
        "module:nope.x",
    )
    unmet = unmet_needs(CheckRule(confirms="exit 0", needs=needs), cwd=tmp_path)
    assert unmet == [
        "the Python module proj.absent is not installed",
        "the Python module nope.x is not installed",
    ]
    assert not ran.exists()


def test_a_check_changed_since_it_was_shown_does_not_run(tmp_path: Path) -> None:
    from kb.entry.content import EntryContent
    from kb.errors import StoreChanged
    from kb.store.entry_store import open_store
    from kb.verify.runner import run_check

    marker = tmp_path / "ran"
    with open_store(str(tmp_path / "kb.db")) as store:
        store.add(
            EntryContent(key="swapped", domain="data", symptom="the swap", validation=f"touch {marker}")
        )
        with pytest.raises(StoreChanged, match="changed after you were shown it"):
            run_check(store, "swapped", 5.0, agreed="echo harmless")
        assert not marker.exists() and store.get("swapped").last_check_outcome is None
        assert run_check(store, "swapped", 5.0, agreed=f"touch {marker}").exit_code == 0
    assert marker.exists()


def test_a_check_that_ran_and_could_not_be_recorded_says_what_it_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A locked or read-only database after the check ran: the verdict is all there is of the run."""
    from kb.entry.content import EntryContent
    from kb.errors import CheckNotRecorded
    from kb.store.entry_store import EntryStore, open_store
    from kb.verify.runner import run_check

    def refused(*_args: object, **_kwargs: object) -> None:
        raise OSError(30, "Read-only file system", str(tmp_path / "kb.db"))

    rule = CheckRule(confirms="output", pattern="^fault:")
    with open_store(str(tmp_path / "kb.db")) as store:
        store.add(
            EntryContent(
                key="told",
                domain="data",
                symptom="the told fault",
                validation="echo fault: x",
                check_rule=rule,
            )
        )
        monkeypatch.setattr(EntryStore, "record_check", refused)
        with pytest.raises(CheckNotRecorded) as raised:
            run_check(store, "told", 5.0)
    assert str(raised.value).startswith("the check of 'told' ran: confirmed (")
    assert str(raised.value).endswith(
        f"exit 0), but its verdict could not be recorded: {tmp_path / 'kb.db'}: Read-only file system"
    )


def test_a_check_changed_while_it_ran_leaves_no_verdict_on_the_check_it_has_now(tmp_path: Path) -> None:
    """A teammate's edit while a slow check ran: "confirmed" was recorded on the entry beside its
    new check, which never ran."""
    from kb.entry.content import EntryContent
    from kb.errors import CheckNotRecorded
    from kb.store.entry_store import open_store
    from kb.verify.runner import run_check

    database = tmp_path / "kb.db"
    teammate = (
        f"{sys.executable} -c \"import sqlite3; db = sqlite3.connect('{database}');"
        " db.execute('UPDATE entry SET validation = ? WHERE key = ?', ('exit 1', 'slow')); db.commit()\""
    )
    with open_store(str(database)) as store:
        rule = CheckRule(confirms="exit 0")
        store.add(EntryContent(key="slow", domain="data", symptom="s", validation=teammate, check_rule=rule))
        with pytest.raises(CheckNotRecorded, match=r"ran: confirmed .* was changed while it ran"):
            run_check(store, "slow", 30.0, agreed=teammate)
        entry = store.get("slow")
        assert entry.validation == "exit 1" and entry.last_check_outcome is None
        assert not store.check_history("slow")
