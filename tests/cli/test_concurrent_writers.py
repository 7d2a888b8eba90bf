"""Two people writing at once: every write lands, and no one is told a key clashed when none did."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def kb_processes(*commands: list[str]) -> list[subprocess.CompletedProcess[str]]:
    """Start every command at once, as two terminals would, and wait for all of them."""
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "kb", *command],
            env=os.environ.copy(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for command in commands
    ]
    results = []
    for child, command in zip(children, commands, strict=True):
        out, err = child.communicate(timeout=120)
        results.append(subprocess.CompletedProcess(command, child.returncode, out, err))
    return results


def test_adds_with_the_same_derived_key_all_land_under_free_keys() -> None:
    """Two `kb add --new` with the same symptom raced, and one was refused: "key already exists"."""
    add = [
        "add",
        "--new",
        "-s",
        "OSError: shard loader lost a race",
        "-d",
        "data",
        "-v",
        "true",
        "--fix",
        "retry",
    ]
    results = kb_processes(*[[*add, "--json"]] * 5)
    assert [r.stderr for r in results] == [""] * 5
    keys = sorted(json.loads(r.stdout)["key"] for r in results)
    base = "oserror-shard-loader-lost-race"
    assert keys == sorted([base, *(f"{base}-{n}" for n in range(2, 6))])


def test_the_same_fault_added_by_scripts_at_once_is_added_once_and_the_others_are_told() -> None:
    """Six scripted `kb add` of one symptom, started at once, each checked for a known fault before
    any had written, found none, and added six copies, KEY to KEY-6; one after another, the second
    is told the fault is known. At once, it is told the same."""
    add = ["add", "-s", "OSError: the shard server zeta refused the mount of volume quux", "-d", "data"]
    add += ["-v", "mount | grep quux", "--confirms", "output", "--pattern", "quux", "-f", "remount quux"]
    results = kb_processes(*[add] * 6)
    key = "oserror-shard-server-zeta-refused-mount"
    assert sorted(r.returncode for r in results) == [0, 1, 1, 1, 1, 1], [r.stderr for r in results]
    for refused in (r for r in results if r.returncode == 1):
        assert refused.stderr.splitlines()[-1] == (
            f"kb: this looks like '{key}'; add --occurrence to count it there, or --new to add it anyway"
        )
    listed = kb_processes(["list", "--json"])[0]
    assert [e["key"] for e in json.loads(listed.stdout) if "quux" in e["symptom"]] == [key]


def test_one_fault_in_two_wordings_added_at_once_is_added_once() -> None:
    """Messages kb calls the same fault (another rank, a reason added) took turns only when their
    signatures matched: on PostgreSQL, adds of the two wordings started at once both landed."""
    fault = "RuntimeError: NCCL communicator was aborted on rank 3."
    other = "RuntimeError: NCCL communicator was aborted on rank 12. Original reason for failure was: timeout"
    adds = [
        ["add", "-s", symptom, "-d", "hardware", "-v", "nvidia-smi", "-f", "restart"]
        for symptom in (fault, other)
    ]
    results = kb_processes(*adds * 3)
    assert sorted(r.returncode for r in results) == [0, 1, 1, 1, 1, 1], [r.stderr for r in results]
    listed = json.loads(kb_processes(["list", "--json"])[0].stdout)
    assert len([e for e in listed if "NCCL communicator was aborted" in e["symptom"]]) == 1
    # Whether processes overlap is up to the box: that the two take turns at all is not.
    from kb.capture.adding import unless_added_meanwhile
    from kb.store.entry_store import open_store

    with open_store(os.environ["KB_DB"]) as store:
        assert unless_added_meanwhile(store, fault)[0] == unless_added_meanwhile(store, other)[0]


def test_imports_of_the_same_file_at_once_add_each_entry_once(tmp_path: Path) -> None:
    """One of two concurrent imports of one file raised a 77-line IntegrityError."""
    backup = tmp_path / "shared.jsonl"
    lines = (
        json.dumps({"key": f"shared-fault-{n}", "domain": "data", "symptom": f"OSError: shared fault {n}"})
        for n in range(60)
    )
    backup.write_text("\n".join(lines) + "\n")
    results = kb_processes(*[["import", str(backup), "--json"]] * 4)
    assert [(r.returncode, r.stderr) for r in results] == [(0, "")] * 4
    reports = [json.loads(r.stdout) for r in results]
    assert sorted(key for report in reports for key in report["added"]) == sorted(
        f"shared-fault-{n}" for n in range(60)
    )
    assert all(len(report["added"]) + len(report["skipped"]) == 60 for report in reports)


def test_four_people_adding_25_entries_each_at_once_all_land(backend: str) -> None:
    """A team's database: four people, 25 `kb add` each, all at the same time. Each person is one
    process running kb add's own entry point 25 times, which spares 100 interpreter starts."""
    assert kb_processes(["init", "--empty"])[0].returncode == 0
    scripts = [
        "import contextlib, io\n"
        "from kb.cli.fast_add import main as add\n"
        "for n in range(25):\n"
        f"    symptom = f'OSError: person {person} met fault {{n}} in the shared loader'\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        code = add(['--new', '-s', symptom, '-d', 'data', '-v', 'true', '-f', 'retry', '--json'])\n"
        "    assert code == 0, (n, code)\n"
        for person in range(4)
    ]
    people = [
        subprocess.Popen(
            [sys.executable, "-c", script], env=os.environ.copy(), stderr=subprocess.PIPE, text=True
        )
        for script in scripts
    ]
    failures = [person.communicate(timeout=600)[1] for person in people]
    assert [p.returncode for p in people] == [0] * 4, failures
    listed = kb_processes(["list", "--json"])[0]
    symptoms = {entry["symptom"] for entry in json.loads(listed.stdout)}
    assert symptoms == {
        f"OSError: person {person} met fault {n} in the shared loader"
        for person in range(4)
        for n in range(25)
    }


def test_people_opening_a_new_database_at_once_get_one_schema_and_one_set_of_seeds(backend: str) -> None:
    """On PostgreSQL two first opens both created the tables, or both loaded the seeds: one failed."""
    from kb.store.schema import MIGRATION_NAMES
    from kb.store.seeding import read_seed_entries

    results = kb_processes(*[["search", "IndexError: Target 5 is out of bounds.", "--json"]] * 4)
    assert [(r.returncode, r.stderr) for r in results] == [(0, "")] * 4
    first = {json.loads(r.stdout)["results"][0]["key"] for r in results}
    assert first == {"cross-entropy-label-out-of-range"}
    where = json.loads(kb_processes(["where", "--json"])[0].stdout)
    assert where["entries"] == len(read_seed_entries())
    assert where["schema_version"] == len(MIGRATION_NAMES)


@pytest.mark.sqlite_only("a second process holding SQLite's write lock")
def test_ctrl_c_while_a_write_waits_for_another_process_is_heard_at_once() -> None:
    """SQLite waits for a lock in C, where Python runs no signal handler: `kb rm` waiting on another
    writer's lock heard Ctrl-C only when its 30 s were up."""
    import signal
    import time

    from tests.other_writer import write_lock_held

    subprocess.run(
        [sys.executable, "-m", "kb", "where"], env=os.environ.copy(), capture_output=True, check=True
    )
    with write_lock_held(os.environ["KB_DB"]):
        removing = subprocess.Popen(
            [sys.executable, "-m", "kb", "rm", "read-csv-encoding"],
            env=os.environ.copy(),
            preexec_fn=ctrl_c_at_its_default,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        waiting_for_the_lock(removing.pid, os.environ["KB_DB"])
        interrupted = time.monotonic()
        removing.send_signal(signal.SIGINT)
        _, err = removing.communicate(timeout=60)
        heard_after = time.monotonic() - interrupted
    assert removing.returncode == 130 and err == "kb: interrupted; nothing was written\n", err
    assert heard_after < 10  # a slice of the wait, not what is left of 30 s


def waiting_for_the_lock(pid: int, database: str) -> None:
    """Once process PID holds DATABASE open and has gone quiet (its CPU time stands still: it sleeps,
    waiting for the write lock): a Ctrl-C sent before, while a loaded box still imports kb, reaches
    Python's start or kb's imports, not the wait this test is about."""
    import time

    real = os.path.realpath(database)
    deadline = time.monotonic() + 60
    opened, still, last = False, 0, ""
    while time.monotonic() < deadline:
        try:
            if not opened:
                names = os.listdir(f"/proc/{pid}/fd")
                opened = any(os.path.realpath(f"/proc/{pid}/fd/{name}") == real for name in names)
            with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                used = " ".join(stat.read().rsplit(")", 1)[1].split()[11:13])  # utime, stime
        except FileNotFoundError:
            pytest.skip("no /proc to tell when kb waits for the lock")
        still = still + 1 if opened and used == last else 0
        last = used
        if still >= 3:
            return
        time.sleep(0.2)
    raise AssertionError("kb never came to wait for the lock")


def ctrl_c_at_its_default() -> None:
    """In the child, before kb starts: SIGINT as a terminal's foreground job has it. A test run
    started in the background of a shell without job control (`.ci/run &`) ignores SIGINT, and its
    children inherit that: the Ctrl-C this test sends never reached kb."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
