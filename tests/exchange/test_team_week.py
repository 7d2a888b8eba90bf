"""A team's week, scripted: three people, one bare git repository with real `git pull`/`push` between
every sync, edits, conflicts, archives, a merge and a rename against edits made meanwhile, a bad
checkout, a re-clone, and a new laptop on day five; then two people editing one entry at once on a
team database on PostgreSQL.

What must hold: every person's every edit is in the team's entries, shown as an open conflict, or
kept in the history by a decision someone made; no conflict marker is ever stored; nothing archived
comes back; all converge after a round of syncs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import open_store
from tests.exchange.team import Person, actions, git, new_repository

ARCHIVED_SEED = "cuda-driver-too-old"
TUNED_SEED = "torch-load-map-location"


def settle(person: Person, side: str, key: str) -> dict[str, object]:
    return person.turn(f"--{side}", key)


def open_conflicts(report: dict[str, object]) -> set[str]:
    return {key for key, action in actions(report).items() if action == "conflict"}


def history(person: Person, key: str) -> list[dict[str, object]]:
    code, out, err = person.kb("history", key, "--json")
    assert code == 0, err
    changes: list[dict[str, object]] = json.loads(out)["changes"]
    return changes


def test_a_week_of_three_people_and_one_repository(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    origin = new_repository(tmp_path)
    alice, bob, carol = (
        Person(name, tmp_path, origin, runner, seeded=True) for name in ("alice", "bob", "carol")
    )

    def edit(person: Person, key: str, old: str, new: str) -> None:
        person.edit(key, old, new, monkeypatch, tmp_path)

    # Monday. First syncs of seeded knowledge bases are quiet: nobody wrote anything yet.
    for person in (alice, bob, carol):
        assert actions(person.turn()) == {}
    assert sorted(p.name for p in alice.checkout.iterdir() if p.name != ".git") == [
        "README.md",
        "kb-folder.toml",
    ]
    alice.add(
        "loader-stall",
        "RuntimeError: the data loader stalled on the shard cache",
        "clear the cache",
        "-t",
        "cache",
        "--new",  # kb search is sure it is the seed about a loader that hangs; this cause is theirs
    )
    alice.add("shard-mount", "OSError: the shard server refused the mount", "remount")
    carol.add("tokenizer-drift", "ValueError: tokenizer vocabulary drifted from the checkpoint", "pin it")
    edit(bob, TUNED_SEED, "Always pass `map_location`", "Always pass `map_location` (our boxes: cpu first)")
    assert actions(alice.turn()) == {"loader-stall": "add-to-folder", "shard-mount": "add-to-folder"}
    assert actions(bob.turn()) == {
        "loader-stall": "add-to-kb",
        "shard-mount": "add-to-kb",
        TUNED_SEED: "add-to-folder",
    }
    assert actions(carol.turn()) == {
        "loader-stall": "add-to-kb",
        "shard-mount": "add-to-kb",
        "tokenizer-drift": "add-to-folder",
        TUNED_SEED: "update-kb",  # a seed tuned by a teammate is a change, not a conflict
    }
    assert actions(alice.turn()) == {"tokenizer-drift": "add-to-kb", TUNED_SEED: "update-kb"}
    assert actions(bob.turn()) == {"tokenizer-drift": "add-to-kb"}

    # Tuesday. Alice and Bob change one fix; the conflict stays until Bob answers it, whatever
    # Carol's pull brings meanwhile.
    edit(alice, "loader-stall", "clear the cache", "clear the cache on every node")
    assert actions(alice.turn()) == {"loader-stall": "update-folder"}
    edit(bob, "loader-stall", "clear the cache", "restart the cache daemon")
    assert open_conflicts(bob.turn()) == {"loader-stall"}
    assert actions(carol.turn()) == {"loader-stall": "update-kb"}
    edit(carol, "loader-stall", '"cache"', '"cache", "nfs"')  # only the tags
    assert actions(carol.turn()) == {"loader-stall": "update-folder"}
    assert open_conflicts(bob.turn()) == {"loader-stall"}  # not "resolved" by a teammate's pull
    assert bob.entries()["loader-stall"].fix == "restart the cache daemon"
    assert actions(settle(bob, "ours", "loader-stall")) == {"loader-stall": "resolved"}
    settled = bob.entries()["loader-stall"]
    assert (settled.fix, settled.tags) == ("restart the cache daemon", ("cache", "nfs"))
    kept = [c for c in history(bob, "loader-stall") if c["action"] == "kept-aside"]
    assert [c["content"]["fix"] for c in kept] == ["clear the cache on every node"]  # type: ignore[index]
    assert actions(alice.turn()) == {"loader-stall": "update-kb"}
    assert actions(carol.turn()) == {"loader-stall": "update-kb"}

    # Wednesday. Alice archives a seed: the folder records it, and it stays archived everywhere.
    assert alice.kb("rm", ARCHIVED_SEED)[0] == 0
    assert actions(alice.turn()) == {ARCHIVED_SEED: "archive-in-folder"}
    assert (alice.checkout / "archived" / f"{ARCHIVED_SEED}.toml").exists()
    assert actions(bob.turn()) == {ARCHIVED_SEED: "archive-in-kb"}
    assert actions(carol.turn()) == {ARCHIVED_SEED: "archive-in-kb"}
    # Bob merges Carol's entry into another while Carol edits it: a conflict for Carol, not a loss.
    edit(carol, "tokenizer-drift", "pin it", "pin the tokenizer revision")
    assert bob.kb("review", "tokenizer-drift", "--merge-into", "loader-stall")[0] == 0
    assert actions(bob.turn()) == {"loader-stall": "update-folder", "tokenizer-drift": "remove-file"}
    tomb = (bob.checkout / "archived" / "tokenizer-drift.toml").read_text()
    assert 'how = "merged"' in tomb and 'into = "loader-stall"' in tomb and 'by = "bob"' in tomb
    report = carol.turn(push_with_conflicts=True)
    assert actions(report) == {"loader-stall": "update-kb", "tokenizer-drift": "conflict"}
    assert carol.entries()["tokenizer-drift"].fix == "pin the tokenizer revision"
    assert actions(settle(carol, "ours", "tokenizer-drift")) == {"tokenizer-drift": "resolved"}
    assert not (carol.checkout / "archived" / "tokenizer-drift.toml").exists()
    # Carol's answer was a decision: it reaches Bob as one, as the entry restored.
    assert actions(bob.turn()) == {"tokenizer-drift": "add-to-kb"}
    assert bob.entries()["tokenizer-drift"].fix == "pin the tokenizer revision"
    # Alice renames an entry while Carol edits it.
    edit(alice, "shard-mount", 'key = "shard-mount"', 'key = "shard-mount-refused"')
    edit(carol, "shard-mount", "remount", "remount with vers=4")
    assert actions(alice.turn()) == {
        "loader-stall": "update-kb",
        "shard-mount": "remove-file",
        "shard-mount-refused": "add-to-folder",
        "tokenizer-drift": "update-kb",
    }
    # The rename is followed, and Carol's edit goes with it: neither is lost, nothing to settle.
    report = carol.turn()
    assert actions(report) == {"shard-mount": "archive-in-kb", "shard-mount-refused": "merge"}
    note = report["steps"][0]["note"]  # type: ignore[index]
    assert note == "renamed in the folder to shard-mount-refused; kb's change to it went with it"
    assert carol.entries()["shard-mount-refused"].fix == "remount with vers=4"
    assert actions(alice.turn()) == {"shard-mount-refused": "update-kb"}
    assert alice.entries()["shard-mount-refused"].fix == "remount with vers=4"

    # Thursday. A bad checkout empties the folder: the sync stops and archives nothing.
    for person in (alice, bob):
        person.turn()
    git(carol.checkout, "rm", "-r", "-q", "data")
    code, _, err = carol.kb("sync", str(carol.checkout))
    assert code == 1 and "would archive" in err and len(err.strip().splitlines()) == 1
    assert carol.entries()["loader-stall"].status == "active"
    git(carol.checkout, "reset", "-q", "--hard")
    assert actions(carol.turn()) == {}
    # Bob clones the repository again, elsewhere: his bases follow the folder, not its path.
    shutil.rmtree(bob.checkout)
    bob.checkout = tmp_path / "elsewhere" / "bob"
    git(tmp_path, "clone", "-q", str(origin), str(bob.checkout))
    assert actions(bob.turn()) == {}

    # Friday. Alice's new laptop: a fresh kb syncs the team's entries and brings nothing back.
    (tmp_path / "laptop").mkdir()
    laptop = Person("alice", tmp_path / "laptop", origin, runner, seeded=True)
    fresh = laptop.turn()
    steps = fresh["steps"]
    assert isinstance(steps, list) and not any(step["writes_folder"] for step in steps)
    assert actions(fresh) == {
        ARCHIVED_SEED: "archive-in-kb",
        TUNED_SEED: "update-kb",
        "loader-stall": "add-to-kb",
        "shard-mount-refused": "add-to-kb",
        "tokenizer-drift": "add-to-kb",
    }

    # A round of syncs: everyone holds the same entries; nothing archived came back; no markers.
    people = (alice, bob, carol, laptop)
    for person in (*people, *people):
        assert open_conflicts(person.turn()) == set()
    active = [{k: v for k, v in p.entries().items() if v.status == "active"} for p in people]
    assert all(one == active[0] for one in active[1:])
    assert ARCHIVED_SEED not in active[0] and "shard-mount" not in active[0]
    assert active[0]["loader-stall"].fix == "restart the cache daemon"
    assert active[0]["tokenizer-drift"].fix == "pin the tokenizer revision"
    assert active[0][TUNED_SEED].fix.startswith("Always pass `map_location` (our boxes: cpu first)")
    assert not (alice.checkout / "hardware" / f"{ARCHIVED_SEED}.md").exists()
    for person in people:
        assert "<<<<<<<" not in json.dumps([c.as_dict() for c in person.entries().values()])


EDITOR = """\
import pathlib, sys, time
path = pathlib.Path(sys.argv[1])
text = path.read_text()
pathlib.Path({opened!r}).touch()  # the entry as it was when the editor opened
while not pathlib.Path({go!r}).exists():  # the editor stays open until the test says
    time.sleep(0.02)
start = text.index({section!r})
end = text.index("\\n## ", start + 3)
path.write_text(text[:start] + {section!r} + "\\n\\n" + {value!r} + "\\n" + text[end:])
"""


def editing(
    db: str, tmp_path: Path, who: str, section: str, value: str
) -> tuple[subprocess.Popen[str], Path, Path]:
    """`kb edit` by WHO, whose editor changes SECTION to VALUE: the process, the file its editor
    touches once it has read the entry, and the file that lets it save (so the order of the two
    people's saves is the test's, not the machine's)."""
    opened, go = tmp_path / f"{who}.opened", tmp_path / f"{who}.go"
    opened.unlink(missing_ok=True)
    go.unlink(missing_ok=True)
    script = tmp_path / f"{who}-editor.py"
    script.write_text(EDITOR.format(opened=str(opened), go=str(go), section=section, value=value))
    env = {**os.environ, "KB_DB": db, "KB_AUTHOR": who, "EDITOR": f"{sys.executable} {script}"}
    process = subprocess.Popen(
        [sys.executable, "-m", "kb", "edit", "cross-entropy-label-out-of-range"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, opened, go


def saved_in_turn(*people: tuple[subprocess.Popen[str], Path, Path]) -> list[tuple[int, str]]:
    """Once every editor has the entry open, let each save in turn: how each ended, and its stderr."""
    deadline = time.monotonic() + 120
    while not all(opened.exists() for _, opened, _ in people):
        assert time.monotonic() < deadline, "an editor never opened"
        time.sleep(0.02)
    ended = []
    for process, _, go in people:
        go.touch()
        _, err = process.communicate(timeout=120)
        ended.append((process.returncode, err))
    return ended


def test_two_people_editing_one_entry_of_a_team_database_at_once(postgres_url: str, tmp_path: Path) -> None:
    """`kb edit` with the editor open for a while, one the fix, one the root cause: both saw "saved"
    and one field was lost."""
    init = subprocess.run(
        [sys.executable, "-m", "kb", "--db", postgres_url, "init"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert init.returncode == 0, init.stderr
    alice = editing(postgres_url, tmp_path, "alice", "## Fix", "alice's fix")
    bob = editing(postgres_url, tmp_path, "bob", "## Root cause", "bob's cause")
    for code, err in saved_in_turn(alice, bob):
        assert code == 0, err
    with open_store(postgres_url) as store:
        entry = store.get("cross-entropy-label-out-of-range")
        assert (entry.fix, entry.root_cause) == ("alice's fix", "bob's cause")
    # Both change the fix: one lands, the other is refused with both versions kept.
    alice = editing(postgres_url, tmp_path, "alice", "## Fix", "alice again")
    bob = editing(postgres_url, tmp_path, "bob", "## Fix", "bob again")
    results = saved_in_turn(alice, bob)
    assert results[0][0] == 0 and results[1][0] == 1
    assert "changed by someone else while you edited it, in fix" in results[1][1]
    draft = Path(results[1][1].split("your version is in ", 1)[1].split(";", 1)[0])
    assert "bob again" in draft.read_text()
    with open_store(postgres_url) as store:
        assert store.get("cross-entropy-label-out-of-range").fix == "alice again"
        authors = [change.author for change in store.history("cross-entropy-label-out-of-range")]
    assert authors[-3:] == ["alice", "bob", "alice"]
