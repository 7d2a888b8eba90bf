"""`kb check`, `kb triage --run` and `kb search` with checks that give verdicts, as a user runs them.

The seed port-already-in-use is the example the issue was filed with: with the port free its check
used to record "failed", and stats, review and prune then held it against a sound entry.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import open_store
from tests.command_line import kb

KEY = "port-already-in-use"


@pytest.fixture(autouse=True)
def python_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed checks call `python`, as a user's shell has it; some boxes only have `python3`."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "python").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")


@pytest.fixture
def held_port() -> Iterator[int]:
    """A port a server listens on, as a leftover uvicorn would."""
    with socket.socket() as server:
        server.bind(("0.0.0.0", 0))
        server.listen()
        yield server.getsockname()[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def paste(port: int) -> str:
    return (
        f"ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', {port}): "
        "address already in use"
    )


def test_a_free_port_rules_the_cause_out_and_the_entry_stays_healthy(runner: CliRunner) -> None:
    port = free_port()
    code, out, _ = kb("check", KEY, "--with", f"port={port}", "--yes", "--json")
    run = json.loads(out)
    assert (
        code == 10
        and run["verdict"] == "ruled out"
        and run["reason"] == f"the output has 'ok: port {port} is free'"
    )
    assert run["values"] == {"port": str(port)} and f"('0.0.0.0', {port})" in run["command"]
    kb("check", KEY, "--with", f"port={port}", "--yes")
    stats = json.loads(kb("stats", "--json")[1])
    assert stats["broken_checks"] == []
    assert KEY not in kb("prune", "--status", "broken", "--json")[1]


def test_a_verdict_that_could_not_be_recorded_is_still_the_answer_and_the_exit_status(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a read-only database the check ran, ruled the cause out, and kb check exited 1 ("did not
    run") with nothing on stdout, --json or not."""
    from kb.errors import ReadOnlyDatabase

    def refused(*_args: object, **_kwargs: object) -> None:
        raise ReadOnlyDatabase(os.environ["KB_DB"])

    monkeypatch.setattr("kb.store.entry_store.EntryStore.record_check", refused)
    port = free_port()
    code, out, err = kb("check", KEY, "--with", f"port={port}", "--yes", "--json")
    run = json.loads(out)
    assert (code, run["verdict"], run["recorded"]) == (10, "ruled out", False)
    assert run["not_recorded_because"] == err.strip().removeprefix("kb: ")
    assert "but its verdict could not be recorded: the database at" in err
    code, out, err = kb("check", KEY, "--with", f"port={port}", "--yes")
    assert code == 10 and "ruled out" in out and "could not be recorded" in err
    assert out.rstrip().endswith("; not recorded")  # it said "; recorded"


def test_a_held_port_named_by_the_paste_is_the_one_checked_and_confirmed(
    runner: CliRunner, held_port: int, tmp_path: Path
) -> None:
    log = tmp_path / "uvicorn.log"
    log.write_text(paste(held_port) + "\n")
    code, out, _ = kb("search", paste(held_port))
    assert code == 0 and f"('0.0.0.0', {held_port})" in out
    assert f"(kb check {KEY} --with port={held_port})" in out
    code, out, _ = kb("triage", "--log", str(log), "--run", KEY, "--no-env", "--json")
    verification = json.loads(out)["verifications"][0]
    assert code == 0 and verification["verdict"] == "confirmed"
    assert f"({held_port})" in verification["command"].replace(", ", "(").replace("('127.0.0.1'", "")
    with open_store() as store:
        latest = store.check_history(KEY)[0]
    python = shutil.which("python")  # the seed's check is `python -c …`: the one on this PATH
    assert (latest.verdict, latest.values, latest.machine) == (
        "confirmed",
        {"port": str(held_port)},
        f"{socket.gethostname()} ({python})",
    )


def test_the_question_names_the_entry_by_its_symptom_on_one_line(runner: CliRunner) -> None:
    """A symptom of two lines was cut at 100 characters with its line break in it: the heading went
    on, cut, on a line of its own."""
    from kb.store.seeding import read_seed_entries

    key = next(c.key for c in read_seed_entries() if "\n" in c.symptom.strip()[:100] and c.validation)
    _, out, _ = kb("check", key, input="n\n")
    heading, read = out.splitlines()[:2]
    assert heading.startswith(f"{key}: ") and read.startswith("  read: ")


def test_triage_runs_nothing_when_one_of_its_run_keys_is_not_proposed(
    runner: CliRunner, held_port: int, tmp_path: Path
) -> None:
    log = tmp_path / "uvicorn.log"
    log.write_text(paste(held_port) + "\n")
    code, _, err = kb(
        "triage", "--log", str(log), "--run", KEY, "--run", "no-such-check", "--no-env", "--json"
    )
    assert code == 1 and "--run no-such-check: not a proposed check here" in err
    with open_store() as store:
        assert store.check_history(KEY) == []  # the first --run did not run before the second failed


def test_one_check_named_twice_runs_once_and_rules_out_one_cause(runner: CliRunner, tmp_path: Path) -> None:
    """`--run K --run K` ran K twice, and two "ruled out" of one cause said "two checks ruled their
    causes out: the anchor is probably wrong"."""
    port = free_port()
    log = tmp_path / "uvicorn.log"
    log.write_text(paste(port) + "\n")
    _, out, _ = kb("triage", "--log", str(log), "--run", KEY, "--run", KEY, "--no-env", "--json")
    triaged = json.loads(out)
    assert [v["verdict"] for v in triaged["verifications"]] == ["ruled out"]
    assert not triaged["needs_rollback"]


def test_the_command_is_shown_as_it_will_run_before_the_question(
    runner: CliRunner, interactive: None
) -> None:
    code, out, _ = kb("check", KEY, "--with", "port=55499", input="n\n")
    assert code != 0 and "('0.0.0.0', 55499)" in out
    assert "read: confirmed when a line matches /^fault: /, ruled out when one matches /^ok: /" in out
    assert out.index("55499") < out.index("Run it?")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("port=1; touch /tmp/x", "is not used in a command"),
        ("port", "give NAME=VALUE"),
        ("path=data.csv", "--with path: the check of 'port-already-in-use' takes port"),
    ],
)
def test_a_value_that_cannot_be_used_is_one_line_and_nothing_runs(
    runner: CliRunner, value: str, message: str
) -> None:
    code, _, err = kb("check", KEY, "--with", value, "--yes")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1  # a usage error
    with open_store() as store:
        assert store.check_history(KEY) == []


def test_a_check_that_needs_a_module_that_is_not_here_could_not_run_here(runner: CliRunner) -> None:
    with open_store() as store:
        content = store.get(KEY).content()
        store.update(KEY, content.replace(validation='python -c "import kb_no_such_module; print({port})"'))
    code, out, _ = kb("check", KEY, "--yes", "--json")
    run = json.loads(out)
    assert code == 12 and run["verdict"] == "could not run here"
    assert run["reason"] == "the Python module kb_no_such_module is not installed"


_MISSING = "kb_no_such_tool is not installed"


@pytest.mark.parametrize(
    ("validation", "confirms", "reason"),
    [
        ("kb_no_such_tool 2>/dev/null | grep -q PORT_ACTIVE", ["--confirms", "exit non-zero"], _MISSING),
        ("kb_no_such_tool 2>&1 | grep -c Active", ["--confirms", "output", "--pattern", "^0$"], _MISSING),
        # behind a wrapper, or named by a path
        (
            "timeout 10 kb_no_such_tool 2>/dev/null | grep -q PORT_ACTIVE",
            ["--confirms", "exit non-zero"],
            _MISSING,
        ),
        (
            "sh -c 'kb_no_such_tool' 2>/dev/null | grep -q PORT_ACTIVE",
            ["--confirms", "exit non-zero"],
            _MISSING,
        ),
        ("env kb_no_such_tool 2>/dev/null | grep -q PORT_ACTIVE", ["--confirms", "exit non-zero"], _MISSING),
        (
            "/opt/kb-no-such/bin/ibv_devinfo 2>/dev/null | grep -q PORT_ACTIVE",
            ["--confirms", "exit non-zero"],
            "/opt/kb-no-such/bin/ibv_devinfo is not here",
        ),
    ],
)
def test_a_program_hidden_behind_a_pipe_that_is_not_installed_decides_nothing(
    runner: CliRunner, validation: str, confirms: list[str], reason: str
) -> None:
    """Its 'not found' goes to /dev/null or into grep: the exit status and the output would read as
    the fault confirmed on any machine without the tool."""
    code, _, err = kb(
        "add", "--force", "-k", "ib-port", "-s", "NCCL WARN NET/IB : No device found", "-d", "hardware",
        "-v", validation, *confirms, "-f", "Install the IB stack.",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = kb("check", "ib-port", "--yes", "--json")
    run = json.loads(out)
    assert code == 12 and run["verdict"] == "could not run here"
    assert run["reason"] == reason


def test_a_program_that_is_not_here_is_not_a_broken_check_when_its_line_reads_as_python(
    runner: CliRunner,
) -> None:
    """`kb_no_such_tool -s` parses as Python (a name minus `s`), so without the program kb runs it as
    Python: the NameError says the program is missing, not that the check is wrong."""
    code, _, err = kb(
        "add", "-k", "off-bus", "-s", "Xid 79 GPU has fallen off the bus", "-d", "hardware",
        "-v", "kb_no_such_tool -s", "--confirms", "exit non-zero", "-f", "Reseat the card.", "--new",
    )  # fmt: skip
    assert code == 0, err
    run = json.loads(kb("check", "off-bus", "--yes", "--json")[1])
    assert run["verdict"] == "could not run here" and run["reason"].startswith(
        "kb_no_such_tool is not installed"
    )
    with open_store() as store:  # a Python check that names something undefined still broke
        content = store.get("off-bus").content()
        store.update("off-bus", content.replace(validation="print(kb_undefined_name)"))
    run = json.loads(kb("check", "off-bus", "--yes", "--json")[1])
    assert run["verdict"] == "the check broke"


def test_a_check_that_keeps_breaking_is_what_counts_against_its_entry(runner: CliRunner) -> None:
    with open_store() as store:
        content = store.get(KEY).content()
        store.update(KEY, content.replace(validation='python -c "print(porrt, {port})"'))
    for _ in range(2):
        code, out, _ = kb("check", KEY, "--yes")
        assert code == 13 and "the check broke: its Python names something undefined" in out
        assert json.loads(kb("show", KEY, "--json")[1])["last_check_outcome"] == "the check broke"
    stats = json.loads(kb("stats", "--json")[1])
    assert stats["broken_checks"] == [{"key": KEY, "broke_in_a_row": 2}]
    assert KEY in kb("prune", "--status", "broken", "--json")[1]


def test_a_value_given_that_breaks_the_check_says_nothing_about_its_entry(runner: CliRunner) -> None:
    """`--with port=8000/tcp` (the form the entry's own fix uses) left the seed's Python naming
    `tcp`: recorded as "the check broke" twice, the sound seed was listed broken and proposed for
    pruning."""
    for _ in range(2):
        code, out, _ = kb("check", KEY, "--with", "port=8000/tcp", "--yes", "--json")
        run = json.loads(out)
        assert (code, run["verdict"]) == (11, "inconclusive")
        assert run["reason"].startswith("with port=8000/tcp it broke (its Python names something undefined")
    assert json.loads(kb("stats", "--json")[1])["broken_checks"] == []
    assert KEY not in kb("prune", "--status", "broken", "--json")[1]


def test_show_gives_the_rule_as_verdict(runner: CliRunner) -> None:
    shown = json.loads(kb("show", KEY, "--json")[1])
    assert shown["verdict"] == {
        "confirms": "output",
        "pattern": "^fault: ",
        "rules_out": "^ok: ",
        "inputs": {"port": "8000"},
    }


@pytest.mark.parametrize(
    "validation",
    [
        "python -c \"print('fault: {port} is held')\"",
        "(PYTHONUNBUFFERED=1 python -c \"print('fault: {port} is held')\" 2>&1)",  # as the CUDA seed
    ],
)
def test_a_python_line_runs_where_the_path_has_python3_and_no_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, validation: str
) -> None:
    """Debian's and Ubuntu's own Pythons have python3 and no python: every seed check was "could not
    run here: python is not installed", the need found missing before the line could run."""
    only_python3 = tmp_path / "only-python3"
    only_python3.mkdir()
    (only_python3 / "python3").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", str(only_python3))
    with open_store() as store:
        content = store.get(KEY).content()
        store.update(KEY, content.replace(validation=validation))
    code, out, _ = kb("check", KEY, "--yes", "--json")
    run = json.loads(out)
    assert (code, run["verdict"]) == (0, "confirmed"), run["reason"]


@pytest.fixture
def cloned_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository as a clone brings it, its .kb/ holding an entry whose check leaves a mark when it
    runs; the current folder is inside it."""
    project = tmp_path / "cloned"
    (project / ".kb" / "training").mkdir(parents=True)
    (project / ".kb" / "training" / "zorblax-lr.md").write_text(
        '+++\nkey = "zorblax-lr"\ndomain = "training"\n+++\n\n## Symptom\n\n'
        "KeyError: 'zorblax_lr'\n\n## Validation\n\n"
        f"touch {tmp_path / 'ran'}; echo ok\n\n## Fix\n\nSet zorblax_lr.\n"
    )
    monkeypatch.chdir(project)
    return project


def test_triage_runs_no_check_of_a_folder_not_trusted(
    runner: CliRunner, cloned_project: Path, tmp_path: Path
) -> None:
    """`kb --layer project triage --run KEY` ran the cloned folder's check that `kb check` refuses."""
    triage = ("--layer", "project", "triage", "--symptom", "KeyError: 'zorblax_lr'", "--no-env")
    code, _, err = kb(*triage, "--run", "zorblax-lr", "--json")
    assert code == 1 and "which you have not trusted" in err and "kb trust" in err
    assert not (tmp_path / "ran").exists()
    assert kb("trust", "--yes", str(cloned_project / ".kb")).code == 0
    code, out, _ = kb(*triage, "--run", "zorblax-lr", "--json")
    assert code == 0 and json.loads(out)["verifications"][0]["source"] == "zorblax-lr"
    assert (tmp_path / "ran").exists()


def test_triage_on_a_terminal_offers_no_check_of_a_folder_not_trusted(
    runner: CliRunner, cloned_project: Path, tmp_path: Path, interactive: None
) -> None:
    triage = ("--layer", "project", "triage", "--symptom", "KeyError: 'zorblax_lr'", "--no-env")
    ran = kb(*triage, "--conditions", "", input="y\ny\nn\n")
    assert "Run the check of zorblax-lr?" not in ran.stdout and "which you have not trusted" in ran.stderr
    assert not (tmp_path / "ran").exists()


def test_check_with_json_on_a_terminal_shows_the_command_before_it_asks(
    runner: CliRunner, interactive: None
) -> None:
    """`kb check KEY --json` on a terminal asked "Run it?" without having shown the command, and the
    question sat in the JSON's stdout."""
    code, out, err = kb("check", KEY, "--with", "port=55499", "--json", input="n\n")
    assert code == 1 and "Run it?" not in out and "{" not in out  # (the typed answer is echoed)
    assert "$ python -c" in err and "('0.0.0.0', 55499)" in err
    assert err.index("55499") < err.index("Run it?")
    with open_store() as store:
        assert store.check_history(KEY) == []


@pytest.mark.parametrize(
    ("validation", "timeout", "reason"),
    [
        ("echo 'ok: forward fits'; sleep 30", "1", "killed at the timeout after "),
        ("echo 'ok: forward fits'; kill -9 $$", "120", "killed by signal 9 before it could decide"),
        (
            "python3 -c \"print('ok: forward fits', flush=True); import os; os.kill(os.getpid(), 9)\"",
            "120",
            "killed by signal 9 before it could decide",
        ),
    ],
)
def test_a_check_killed_after_its_ruling_out_line_rules_nothing_out(
    runner: CliRunner, validation: str, timeout: str, reason: str
) -> None:
    """A check that printed `ok: forward fits` and was then killed (the OOM killer in its backward
    pass, the timeout) was recorded as "ruled out" by that line: the fault it was still looking for
    was crossed off."""
    code, _, err = kb(
        "add", "-k", "oom-backward", "-s", "ZorbError: out of memory in backward", "-d", "hardware",
        "-v", validation, "--confirms", "output", "--pattern", "^fault: ", "--rules-out", "^ok: ",
        "-f", "Halve the batch.", "--new", "--force",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = kb("check", "oom-backward", "--yes", "--json", "--timeout", timeout)
    run = json.loads(out)
    assert (code, run["verdict"]) == (11, "inconclusive") and run["reason"].startswith(reason)
    assert json.loads(kb("show", "oom-backward", "--json")[1])["last_check_outcome"] == "inconclusive"


@pytest.mark.parametrize(
    ("validation", "reason"),
    [
        (  # what Python prints when open() is denied (root is never denied, so the test raises it)
            "python3 -c \"raise PermissionError(13, 'Permission denied', '/data/labels.csv')\"",
            "/data/labels.csv may not be opened here (permission denied)",
        ),
        (  # as grep says it of a file it may not read
            "echo 'grep: /data/cfg.yaml: Permission denied' >&2; exit 2",
            "/data/cfg.yaml may not be opened here (permission denied)",
        ),
    ],
)
def test_a_check_denied_what_it_reads_could_not_run_here(
    runner: CliRunner, validation: str, reason: str
) -> None:
    """A check that may not read its file looked at nothing: it was recorded "ruled out" (grep's exit 2
    read by "exit 0"), or "the check broke" (Python's PermissionError), which counts against a sound
    entry."""
    code, _, err = kb(
        "add", "-k", "labels-shifted", "-s", "ZorbError: labels are shifted by one", "-d", "data",
        "-v", validation, "--confirms", "exit 0", "-f", "Shift them back.", "--new", "--force",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = kb("check", "labels-shifted", "--yes", "--json")
    run = json.loads(out)
    assert (code, run["verdict"], run["reason"]) == (12, "could not run here", reason)


def test_a_denied_check_of_a_permission_fault_is_its_finding(runner: CliRunner) -> None:
    code, _, err = kb(
        "add", "-k", "ckpt-not-writable", "-s", "PermissionError: [Errno 13] Permission denied: '/ckpt/x'",
        "-d", "deployment", "-v", "echo 'touch: cannot touch /ckpt/x: Permission denied' >&2; exit 1",
        "--confirms", "exit non-zero", "-f", "chown the folder.", "--new", "--force",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = kb("check", "ckpt-not-writable", "--yes", "--json")
    assert (code, json.loads(out)["verdict"]) == (0, "confirmed")
