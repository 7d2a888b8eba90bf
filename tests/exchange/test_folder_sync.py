"""kb sync: two people's knowledge bases and one git repository of entry files, kept in step.

The planning is pure and tested directly; the team's workflow (pull, kb sync, commit, push) runs
with real git and the real command, on two databases, through edits, additions, deletions and
conflicts, and both people end with the same entries.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.cli.app import app
from kb.entry.content import EntryContent
from kb.entry.file import render_entry_file
from kb.entry.merging import fingerprint, merge_entry
from kb.exchange.folder_sync import plan_sync, too_many_archived
from kb.store.entry_store import SyncBase, open_store

BASE = EntryContent(
    key="shard-mount",
    domain="data",
    symptom="OSError: the shard server refused the mount",
    validation="mount | grep shard",
    fix="remount",
    tags=("nfs",),
)


# --- the merge and the plan, pure -------------------------------------------------------------------


def test_fields_changed_on_one_side_each_are_merged() -> None:
    merge = merge_entry(BASE, BASE.replace(fix="remount with vers=4"), BASE.replace(tags=("nfs", "mount")))
    assert merge.content == BASE.replace(fix="remount with vers=4", tags=("nfs", "mount"))
    assert (merge.ours, merge.theirs, merge.conflicts) == (("fix",), ("tags",), ())


def test_a_field_changed_differently_on_both_sides_is_a_conflict_until_one_is_preferred() -> None:
    ours, theirs = BASE.replace(fix="remount with vers=4"), BASE.replace(fix="reboot the shard server")
    assert merge_entry(BASE, ours, theirs).conflicts == ("fix",)
    assert merge_entry(BASE, ours, theirs).content is None
    assert merge_entry(BASE, ours, theirs, prefer="theirs").content == theirs


def test_an_entry_added_on_both_sides_differently_has_no_base_to_merge_against() -> None:
    merge = merge_entry(None, BASE, BASE.replace(fix="other"))
    assert merge.conflicts == ("fix",)


def test_a_removed_file_archives_and_an_archived_entry_removes_its_file() -> None:
    agreed = {"shard-mount": SyncBase(BASE, None)}
    steps, _ = plan_sync(agreed, {"shard-mount": BASE}, {})
    assert [(s.action, s.writes_kb, s.result.status if s.result else None) for s in steps] == [
        ("archive-in-kb", True, "archived")
    ]
    steps, _ = plan_sync(agreed, {"shard-mount": BASE.replace(status="archived")}, {"shard-mount": BASE})
    assert [(s.action, s.writes_folder, s.writes_kb) for s in steps] == [("remove-file", True, False)]


def test_an_entry_purged_here_is_archived_there_not_purged() -> None:
    steps, _ = plan_sync({"shard-mount": SyncBase(BASE, None)}, {}, {"shard-mount": BASE})
    assert [(s.action, s.writes_folder, s.writes_kb) for s in steps] == [("remove-file", True, False)]


def test_after_a_conflict_the_side_edited_since_is_the_resolution() -> None:
    ours, theirs = BASE.replace(fix="remount with vers=4"), BASE.replace(fix="reboot the shard server")
    shown = SyncBase(BASE, (fingerprint(ours), fingerprint(theirs)))
    settled = theirs.replace(fix="remount with vers=4, then reboot")
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": settled})
    assert [(s.action, s.result) for s in steps] == [("resolved", settled)]
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": theirs})
    assert [s.action for s in steps] == ["conflict"]


def test_unchanged_entries_are_counted_not_listed() -> None:
    steps, unchanged = plan_sync(
        {"shard-mount": SyncBase(BASE, None)}, {"shard-mount": BASE}, {"shard-mount": BASE}
    )
    assert (steps, unchanged) == ([], 1)


# --- two people, one repository -----------------------------------------------------------------------

GIT_ENV = {
    "GIT_AUTHOR_NAME": "kb test",
    "GIT_AUTHOR_EMAIL": "kb@example.com",
    "GIT_COMMITTER_NAME": "kb test",
    "GIT_COMMITTER_EMAIL": "kb@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(folder: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", *args], cwd=folder, env={**os.environ, **GIT_ENV}, capture_output=True, text=True, check=True
    )
    return result.stdout


class Person:
    """One engineer: a knowledge base of their own and a checkout of the team's repository."""

    def __init__(self, name: str, root: Path, origin: Path, runner: CliRunner) -> None:
        self.db = str(root / f"{name}.db")
        self.checkout = root / name
        self.runner = runner
        git(root, "clone", "-q", str(origin), str(self.checkout))
        assert self.kb("init", "--empty")[0] == 0

    def kb(self, *args: str) -> tuple[int, str, str]:
        result = self.runner.invoke(app, ["--db", self.db, *args])
        return result.exit_code, result.stdout, result.stderr

    def add(self, key: str, symptom: str, fix: str) -> None:
        code, _, err = self.kb("add", "--key", key, "-s", symptom, "-d", "data", "-v", "true", "-f", fix)
        assert code == 0, err

    def edit(self, key: str, old: str, new: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        script = tmp_path / "editor.py"
        script.write_text(
            "import sys, pathlib\npath = pathlib.Path(sys.argv[1])\n"
            f"path.write_text(path.read_text().replace({old!r}, {new!r}))\n"
        )
        monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
        code, _, err = self.kb("edit", key)
        assert code == 0, err

    def turn(self, *sync_args: str) -> dict[str, object]:
        """Pull, sync, commit and push, as the README's workflow says."""
        git(self.checkout, "pull", "-q", "--ff-only")
        code, out, err = self.kb("sync", str(self.checkout), *sync_args, "--json")
        assert err == "", err
        report: dict[str, object] = json.loads(out)
        if not report["conflicts"]:
            assert code == 0
            git(self.checkout, "add", "-A")
            if git(self.checkout, "status", "--porcelain"):
                git(self.checkout, "commit", "-qm", "kb sync")
                git(self.checkout, "push", "-q", "origin", "HEAD:main")
        return report

    def entries(self) -> dict[str, EntryContent]:
        with open_store(self.db) as store:
            return {entry.key: entry.content() for entry in store.list(status=None)}


def actions(report: dict[str, object]) -> dict[str, str]:
    steps = report["steps"]
    assert isinstance(steps, list)
    return {step["key"]: step["action"] for step in steps}


def test_two_people_and_one_repository_end_with_the_same_entries(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    origin = tmp_path / "team.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    seed = tmp_path / "seed"
    git(tmp_path, "clone", "-q", str(origin), str(seed))
    (seed / "README.md").write_text("# Our faults\n")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    git(seed, "push", "-q", "origin", "HEAD:main")
    alice, bob = Person("alice", tmp_path, origin, runner), Person("bob", tmp_path, origin, runner)

    alice.add("shard-mount", "OSError: the shard server refused the mount", "remount")
    alice.add("tokenizer-drift", "ValueError: tokenizer vocabulary drifted from the checkpoint", "pin it")
    assert actions(alice.turn()) == {"shard-mount": "add-to-folder", "tokenizer-drift": "add-to-folder"}
    assert actions(bob.turn()) == {"shard-mount": "add-to-kb", "tokenizer-drift": "add-to-kb"}

    # Edits on both sides, to different fields of one entry, and a new entry each.
    bob.edit("shard-mount", "remount", "remount with vers=4", monkeypatch, tmp_path)
    bob.add("loader-stall", "RuntimeError: the data loader stalled on the shard cache", "clear the cache")
    assert actions(bob.turn()) == {"shard-mount": "update-folder", "loader-stall": "add-to-folder"}
    alice.edit("tokenizer-drift", "pin it", "pin the tokenizer revision", monkeypatch, tmp_path)
    assert actions(alice.turn()) == {
        "shard-mount": "update-kb",
        "loader-stall": "add-to-kb",
        "tokenizer-drift": "update-folder",
    }
    assert alice.entries()["shard-mount"].fix == "remount with vers=4"

    # A conflict: both change one fix. It is shown with both versions and changes nothing.
    alice.edit("loader-stall", "clear the cache", "clear the cache on every node", monkeypatch, tmp_path)
    alice.turn()
    bob.edit("loader-stall", "clear the cache", "restart the cache daemon", monkeypatch, tmp_path)
    conflicted = bob.turn()
    assert actions(conflicted) == {"loader-stall": "conflict", "tokenizer-drift": "update-kb"}
    step = next(s for s in conflicted["steps"] if s["key"] == "loader-stall")  # type: ignore[attr-defined]
    assert step["conflicts"] == [
        {"field": "fix", "kb": "restart the cache daemon", "folder": "clear the cache on every node"}
    ]
    entry_file = bob.checkout / "data" / "loader-stall.md"
    assert "clear the cache on every node" in entry_file.read_text()
    assert bob.entries()["loader-stall"].fix == "restart the cache daemon"
    # Bob settles it by editing the file, then syncs again.
    entry_file.write_text(
        entry_file.read_text().replace("clear the cache on every node", "restart the daemon, then clear")
    )
    assert actions(bob.turn()) == {"loader-stall": "resolved"}
    assert bob.entries()["loader-stall"].fix == "restart the daemon, then clear"

    # Deletions travel as archives: Alice archives one, Bob purges another.
    alice.turn()
    assert alice.kb("rm", "tokenizer-drift")[0] == 0
    assert actions(alice.turn()) == {"tokenizer-drift": "remove-file"}
    archived = bob.turn()
    assert actions(archived) == {"tokenizer-drift": "archive-in-kb"}
    assert bob.kb("rm", "--purge", "shard-mount", "--yes")[0] == 0
    assert actions(bob.turn()) == {"shard-mount": "remove-file"}
    assert actions(alice.turn()) == {"shard-mount": "archive-in-kb"}

    # A conflict settled with --ours.
    alice.edit("loader-stall", "restart the daemon, then clear", "alice's way", monkeypatch, tmp_path)
    alice.turn()
    bob.edit("loader-stall", "restart the daemon, then clear", "bob's way", monkeypatch, tmp_path)
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    assert actions(bob.turn("--ours")) == {"loader-stall": "resolved"}
    assert actions(alice.turn()) == {"loader-stall": "update-kb"}
    assert bob.turn()["steps"] == [] and alice.turn()["steps"] == []

    mine, theirs = alice.entries(), bob.entries()
    assert {k: v.status for k, v in mine.items()} == {
        "loader-stall": "active",
        "shard-mount": "archived",
        "tokenizer-drift": "archived",
    }
    assert {k: v for k, v in theirs.items() if k != "shard-mount"} == {
        k: v for k, v in mine.items() if k != "shard-mount"
    }
    assert "shard-mount" not in theirs  # purged by Bob; a sync purges nothing of Alice's
    assert mine["loader-stall"].fix == "bob's way"
    files = sorted(p.relative_to(alice.checkout).as_posix() for p in alice.checkout.rglob("*.md"))
    assert files == ["README.md", "data/loader-stall.md"]
    assert (alice.checkout / "data" / "loader-stall.md").read_text() == render_entry_file(
        mine["loader-stall"]
    )


def test_a_dry_run_changes_nothing_and_a_bad_file_stops_the_sync(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "team"
    folder.mkdir()
    result = runner.invoke(app, ["sync", str(folder), "--dry-run", "--json"])
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["dry_run"] and len(report["steps"]) > 50  # the seeds would go to the folder
    assert list(folder.iterdir()) == []
    (folder / "broken.md").write_text("+++\nkey = \n+++\n")
    result = runner.invoke(app, ["sync", str(folder)])
    assert result.exit_code == 1 and "broken.md" in result.stderr and len(result.stderr.splitlines()) == 1
    assert [p.name for p in folder.iterdir()] == ["broken.md"]
    missing = runner.invoke(app, ["sync", str(tmp_path / "nowhere")])
    assert missing.exit_code == 1 and "is not a folder" in missing.stderr


def test_a_sync_stopped_after_its_files_is_finished_by_the_next(runner: CliRunner, tmp_path: Path) -> None:
    """Files are written first, then kb and the bases in one transaction: a sync killed between the
    two leaves nothing the next sync cannot finish, and it ends where an unbroken sync would."""
    from kb.store.entry_store import EntryStore

    folder = tmp_path / "team"
    folder.mkdir()
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 0
    entry = folder / "data" / "cuda-device-side-assert.md"
    entry.write_text(entry.read_text().replace("## Fix\n\n", "## Fix\n\nFirst, read the device table. ", 1))
    assert runner.invoke(app, ["rm", "cuda-driver-too-old"]).exit_code == 0

    def killed(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as kill:
        kill.setattr(EntryStore, "apply_sync", killed)
        assert runner.invoke(app, ["sync", str(folder)]).exit_code != 0
    assert not (folder / "hardware" / "cuda-driver-too-old.md").exists()  # the files went first
    result = runner.invoke(app, ["sync", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    assert {s["key"]: s["action"] for s in json.loads(result.stdout)["steps"]} == {
        "cuda-device-side-assert": "update-kb",
        "cuda-driver-too-old": "agreed",
    }
    assert json.loads(runner.invoke(app, ["sync", str(folder), "--json"]).stdout)["steps"] == []
    with open_store() as store:
        assert store.get("cuda-device-side-assert").fix.startswith("First, read the device table.")


def test_a_merge_conflict_git_left_in_a_file_is_refused_never_stored(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people changed one fix; `git pull` left <<<<<<< … >>>>>>> in the file, and sync stored the
    markers as the fix (and spread them on the next push)."""
    origin = tmp_path / "team.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    start = tmp_path / "start"
    git(tmp_path, "clone", "-q", str(origin), str(start))
    (start / "README.md").write_text("# Our faults\n")
    git(start, "add", "-A")
    git(start, "commit", "-qm", "start")
    git(start, "push", "-q", "origin", "HEAD:main")
    alice, bob = Person("alice", tmp_path, origin, runner), Person("bob", tmp_path, origin, runner)
    alice.add("loader-stall", "RuntimeError: the data loader stalled on the shard cache", "clear the cache")
    alice.turn()
    bob.turn()
    alice.edit("loader-stall", "clear the cache", "clear the cache on every node", monkeypatch, tmp_path)
    alice.turn()
    bob.edit("loader-stall", "clear the cache", "restart the cache daemon", monkeypatch, tmp_path)
    code, _, err = bob.kb("sync", str(bob.checkout))
    git(bob.checkout, "add", "-A")
    git(bob.checkout, "commit", "-qm", "bob's fix")
    pulled = subprocess.run(
        ["git", "pull", "-q", "--no-rebase", "origin", "main"],
        cwd=bob.checkout,
        env={**os.environ, **GIT_ENV},
        capture_output=True,
        text=True,
    )
    assert pulled.returncode != 0  # git's own conflict
    entry_file = bob.checkout / "data" / "loader-stall.md"
    assert "<<<<<<< " in entry_file.read_text()
    code, _, err = bob.kb("sync", str(bob.checkout))
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "loader-stall.md:" in err and "git left a merge conflict here" in err
    assert bob.entries()["loader-stall"].fix == "restart the cache daemon"  # nothing stored
    assert "<<<<<<<" not in json.dumps([c.as_dict() for c in bob.entries().values()])


@pytest.mark.parametrize("kind", ["linked folder", "linked file", "fifo"])
def test_a_folder_kb_cannot_trust_stops_the_sync_before_anything_is_archived(
    runner: CliRunner, tmp_path: Path, kind: str
) -> None:
    """A domain folder that was a symlink was skipped, and its entries archived as if deleted."""
    folder = tmp_path / "team"
    folder.mkdir()
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 0  # the seeds go to the folder
    data = folder / "data"
    if kind == "linked folder":
        data.rename(tmp_path / "elsewhere")
        data.symlink_to(tmp_path / "elsewhere")
    elif kind == "linked file":
        entry = data / "read-csv-encoding.md"
        entry.rename(tmp_path / "entry.md")
        entry.symlink_to(tmp_path / "entry.md")
    else:
        os.mkfifo(data / "waiting.md")
    result = runner.invoke(app, ["sync", str(folder), "--json"])
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "plain files only" in result.stderr
    with open_store() as store:
        assert store.find("read-csv-encoding").status == "active"  # type: ignore[union-attr]


def test_an_emptied_folder_archives_nothing_until_someone_says_so(runner: CliRunner, tmp_path: Path) -> None:
    """A bad checkout (or git rm -r) archived every synced entry, 87 of 87, exit 0, no question."""
    folder = tmp_path / "team"
    folder.mkdir()
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 0
    files = sorted(folder.rglob("*.md"))
    for path in files:
        path.unlink()
    stopped = runner.invoke(app, ["sync", str(folder), "--json"])
    assert stopped.exit_code == 1 and len(stopped.stderr.strip().splitlines()) == 1
    assert (
        f"would archive {len(files)} of the {len(files)} entries" in stopped.stderr
        and "--yes" in stopped.stderr
    )
    with open_store() as store:
        assert len(store.list(status="archived")) == 0
    done = runner.invoke(app, ["sync", str(folder), "--yes", "--json"])
    assert done.exit_code == 0
    with open_store() as store:
        assert len(store.list(status="archived")) == len(files)


def test_a_few_files_a_teammate_removed_are_archived_without_a_question(
    runner: CliRunner, tmp_path: Path
) -> None:
    folder = tmp_path / "team"
    folder.mkdir()
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 0
    for path in sorted(folder.rglob("*.md"))[:3]:
        path.unlink()
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 0
    with open_store() as store:
        assert len(store.list(status="archived")) == 3


@pytest.mark.parametrize(
    ("archived", "synced", "asks"),
    [(3, 87, False), (6, 87, True), (3, 4, True), (2, 4, False), (1, 1, False)],
)
def test_more_than_a_few_or_most_of_the_folder_asks_first(archived: int, synced: int, asks: bool) -> None:
    assert too_many_archived(archived, synced) is asks
