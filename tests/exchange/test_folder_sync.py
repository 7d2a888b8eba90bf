"""kb sync: two people's knowledge bases and one git repository of entry files, kept in step.

The planning is pure and tested directly; the team's workflow (pull, kb sync, commit, push) runs
with real git and the real command, on two databases, through edits, additions, deletions and
conflicts, and both people end with the same entries.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kb.entry.check_rule import parse_check_rule
from kb.entry.content import EntryContent
from kb.entry.file import render_entry_file
from kb.entry.folder import Tombstone
from kb.entry.merging import fingerprint, merge_entry
from kb.exchange.folder_sync import ShownConflict, Side, SyncBase, plan_sync, too_many_archived
from kb.store.entry_store import open_store
from tests.command_line import kb
from tests.exchange.team import (
    GIT_ENV,
    Person,
    actions,
    both_synced_loader_stall,
    git,
    new_repository,
    one_fix_changed_by_two,
)

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


def shown_conflict(ours: EntryContent, theirs: EntryContent) -> SyncBase:
    """The base of a conflict in fix, as the sync that showed it recorded it."""
    steps, _ = plan_sync({"shard-mount": SyncBase(BASE)}, {"shard-mount": ours}, {"shard-mount": theirs})
    assert steps[0].shown is not None
    return SyncBase(BASE, steps[0].shown)


def test_a_conflict_stays_until_someone_answers_it_a_teammates_pull_is_no_answer() -> None:
    """A conflict shown and left for later; a teammate edits only the tags; the next pull settled the
    conflict with the folder's fix and kept no copy of the user's."""
    ours, theirs = BASE.replace(fix="remount with vers=4"), BASE.replace(fix="reboot the shard server")
    shown = shown_conflict(ours, theirs)
    retagged = theirs.replace(tags=("nfs", "mount"))
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": retagged})
    assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("fix",))]
    # Neither is a change of the folder's fix by anyone: kb cannot tell whose it is.
    refixed = theirs.replace(fix="reboot, then remount")
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": refixed})
    assert [s.action for s in steps] == ["conflict"]
    # An edit of the fix in kb after the conflict was shown is the user's answer.
    answered = ours.replace(fix="remount with vers=4, then reboot")
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": answered}, {"shard-mount": retagged})
    assert [(s.action, s.result) for s in steps] == [("resolved", answered.replace(tags=("nfs", "mount")))]
    assert [side for side, _ in steps[0].kept_aside] == ["folder"]  # the fix not kept, in the history
    # An edit of another field in kb is not.
    steps, _ = plan_sync(
        {"shard-mount": shown}, {"shard-mount": ours.replace(tags=("x",))}, {"shard-mount": theirs}
    )
    assert [s.action for s in steps] == ["conflict"]
    # Both sides coming to the same fix settle it too.
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": ours})
    assert [s.action for s in steps] == ["resolved"]


def test_settling_with_theirs_keeps_kbs_version_aside() -> None:
    ours, theirs = BASE.replace(fix="remount with vers=4"), BASE.replace(fix="reboot the shard server")
    steps, _ = plan_sync(
        {"shard-mount": shown_conflict(ours, theirs)},
        {"shard-mount": ours},
        {"shard-mount": theirs},
        "theirs",
    )
    assert [(s.action, s.result) for s in steps] == [("resolved", theirs)]
    assert steps[0].kept_aside == (("kb", ours),)


def test_an_archive_against_an_edit_made_meanwhile_is_a_conflict_not_a_silent_winner() -> None:
    agreed = {"shard-mount": SyncBase(BASE)}
    edited = BASE.replace(fix="remount with vers=4")
    for kb_side, folder_side in [(BASE.replace(status="archived"), edited), (edited, None)]:
        tombstones = {"shard-mount": TOMB} if folder_side is None else {}
        folder = {"shard-mount": folder_side} if folder_side is not None else {}
        steps, _ = plan_sync(agreed, {"shard-mount": kb_side}, folder, tombstones=tombstones)
        assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("status",))]
        assert "changed in" in steps[0].note
    # Settled once shown: --theirs keeps the folder's side, whichever it is.
    archived = {"shard-mount": BASE.replace(status="archived")}
    (shown,), _ = plan_sync(agreed, archived, {"shard-mount": edited})
    agreed = {"shard-mount": SyncBase(BASE, shown.shown)}
    steps, _ = plan_sync(agreed, archived, {"shard-mount": edited}, "theirs")
    assert [(s.action, s.result) for s in steps] == [("resolved", edited)]
    steps, _ = plan_sync(agreed, archived, {"shard-mount": edited}, "ours")
    assert steps[0].result is not None and steps[0].result.status == "archived"
    assert steps[0].kept_aside == (("folder", edited),)
    # An edit here against the folder's archive, settled for kb: the status that stays is kb's, and
    # the report says so (it once said the folder's, for the field the folder had changed).
    (shown,), _ = plan_sync(
        {"shard-mount": SyncBase(BASE)}, {"shard-mount": edited}, {}, tombstones={"shard-mount": TOMB}
    )
    agreed = {"shard-mount": SyncBase(BASE, shown.shown)}
    steps, _ = plan_sync(agreed, {"shard-mount": edited}, {}, "ours", tombstones={"shard-mount": TOMB})
    assert steps[0].result is not None and steps[0].result.status == "active"
    assert "status" in steps[0].from_ours and "status" not in steps[0].from_theirs


def test_a_settle_after_both_sides_came_to_agree_claims_no_conflict() -> None:
    """A conflict shown; then the folder came to hold kb's version (a teammate took it, or a
    `kb sync --ours` was stopped after writing its file). `kb sync --theirs` said "status changed on
    both sides" and showed the conflict again, with both sides active and alike."""
    ours, theirs = BASE.replace(fix="remount with vers=4"), BASE.replace(fix="reboot the shard server")
    shown = shown_conflict(ours, theirs)
    sides: tuple[Side | None, ...] = ("theirs", "ours", None)
    for prefer in sides:
        steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": ours}, prefer)
        assert [(s.action, s.conflicts, s.result) for s in steps] == [("resolved", (), ours)], prefer
        assert not steps[0].writes_kb and not steps[0].writes_folder, prefer


def test_a_conflict_on_the_check_shown_before_kb_kept_its_table_is_still_unanswered() -> None:
    """A conflict recorded the rule as its fields in a row; read now, kb's unchanged rule is no
    answer (an edit in kb would settle it for kb's side)."""
    ours = BASE.replace(check_rule=parse_check_rule({"confirms": "nothing"}))
    theirs = BASE.replace(check_rule=parse_check_rule({"confirms": "exit non-zero"}))
    recorded = {
        "ours": fingerprint(ours),
        "theirs": fingerprint(theirs),
        "kb": {"check_rule": ["nothing", "", "", [], []]},
    }
    assert not ShownConflict.from_json(recorded).answered_in_kb(ours)
    assert ShownConflict.from_json(recorded).answered_in_kb(BASE)


def test_a_preference_settles_only_a_conflict_someone_was_shown() -> None:
    """`kb sync team --ours` after a pull overwrote a teammate's fix that no sync had shown as a
    conflict: the preference settled it unseen. And after one field's conflict was shown, an answer
    to it settled a second field a later pull brought into conflict, never shown either."""
    ours, theirs = BASE.replace(fix="remount with vers=4"), BASE.replace(fix="reboot the shard server")
    sides: tuple[Side, ...] = ("ours", "theirs")
    for side in sides:
        steps, _ = plan_sync(
            {"shard-mount": SyncBase(BASE)}, {"shard-mount": ours}, {"shard-mount": theirs}, side
        )
        assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("fix",))], side
    shown = shown_conflict(ours, theirs)
    resymptomed = theirs.replace(symptom="OSError: [Errno 116] Stale file handle on /mnt/shards")
    ours_too = ours.replace(symptom="OSError: stale NFS handle")
    answers: list[tuple[EntryContent, Side | None]] = [
        (ours_too, "ours"),  # --ours
        (ours_too.replace(fix="remount, then reboot"), None),  # an edit of the fix in kb
    ]
    for kb_side, prefer in answers:
        steps, _ = plan_sync(
            {"shard-mount": shown}, {"shard-mount": kb_side}, {"shard-mount": resymptomed}, prefer
        )
        assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("fix", "symptom"))], prefer
        assert "symptom: in conflict since the conflict was shown" in steps[0].note
    # The field shown is settled as before.
    steps, _ = plan_sync({"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": theirs}, "ours")
    assert [(s.action, s.result) for s in steps] == [("resolved", ours)]


def test_an_archive_of_an_older_version_than_kbs_is_a_conflict() -> None:
    """Bob synced an edit into his checkout while Alice archived the entry in hers; his push was
    rejected, he pulled (git moved his edit into archived/), and the next sync archived his edit for
    the whole team with "archived in kb", no question: the tombstone names the version Alice saw."""
    edited = BASE.replace(fix="remount with vers=4")
    tombstones = {"shard-mount": TOMB}  # of BASE
    steps, _ = plan_sync(
        {"shard-mount": SyncBase(edited)}, {"shard-mount": edited}, {}, tombstones=tombstones
    )
    assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("status",))]
    assert "changed in kb meanwhile" in steps[0].note
    # The version Alice archived is the one kb holds: the archive is followed, as before.
    steps, _ = plan_sync({"shard-mount": SyncBase(BASE)}, {"shard-mount": BASE}, {}, tombstones=tombstones)
    assert [s.action for s in steps] == ["archive-in-kb"]


TOMB = Tombstone("shard-mount", "archived", "", fingerprint(BASE), "alice", "2026-12-01T10:00:00Z")


def test_a_file_that_says_archived_is_reported_as_an_archive_not_a_merge() -> None:
    steps, _ = plan_sync(
        {"shard-mount": SyncBase(BASE)},
        {"shard-mount": BASE},
        {"shard-mount": BASE.replace(status="archived")},
    )
    assert [(s.action, s.writes_folder) for s in steps] == [("archive-in-kb", True)]
    # its file says so: not "archived because their files are gone", no mass archive, no undo of one
    assert not steps[0].archives_unasked
    gone, _ = plan_sync({"shard-mount": SyncBase(BASE)}, {"shard-mount": BASE}, {})
    assert [(s.action, s.archives_unasked) for s in gone] == [("archive-in-kb", True)]


def test_a_tombstone_keeps_an_archive_from_coming_back_with_a_fresh_kb() -> None:
    """A teammate with a fresh kb (a new laptop) wrote the archived seed back to the folder."""
    steps, _ = plan_sync({}, {"shard-mount": BASE}, {}, tombstones={"shard-mount": TOMB})
    assert [(s.action, s.writes_folder, s.from_tombstone) for s in steps] == [("archive-in-kb", False, True)]
    assert steps[0].result is not None and steps[0].result.status == "archived"
    # A kb whose entry differs from the version archived (changed meanwhile) is asked, not overruled.
    changed = BASE.replace(fix="remount with vers=4")
    steps, _ = plan_sync({}, {"shard-mount": changed}, {}, tombstones={"shard-mount": TOMB})
    assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("status",))]
    assert "archived by alice" in steps[0].note


def test_archiving_writes_a_tombstone_and_a_restored_file_removes_it() -> None:
    agreed = {"shard-mount": SyncBase(BASE)}
    steps, _ = plan_sync(agreed, {"shard-mount": BASE.replace(status="archived")}, {"shard-mount": BASE})
    assert steps[0].tombstone is not None and steps[0].tombstone.version == fingerprint(BASE)
    archived = {"shard-mount": SyncBase(BASE.replace(status="archived"))}
    steps, _ = plan_sync(
        archived,
        {"shard-mount": BASE.replace(status="archived")},
        {"shard-mount": BASE},
        tombstones={"shard-mount": TOMB},
    )
    assert [(s.action, s.tombstone, s.writes_folder) for s in steps] == [("restore-in-kb", None, True)]


def test_a_merge_or_rename_in_kb_is_recorded_as_such() -> None:
    steps, _ = plan_sync(
        {"shard-mount": SyncBase(BASE)}, {}, {"shard-mount": BASE}, gone={"shard-mount": ("merged", "nfs")}
    )
    assert steps[0].tombstone is not None
    assert (steps[0].tombstone.how, steps[0].tombstone.into) == ("merged", "nfs")


def test_a_seed_nobody_changed_stays_out_of_the_folder_and_a_changed_one_goes_in_as_a_change() -> None:
    seeds = {"shard-mount": BASE}
    assert plan_sync({}, {"shard-mount": BASE}, {}, seeds=seeds) == ([], 1)
    tuned = BASE.replace(fix="remount with vers=4")
    steps, _ = plan_sync({}, {"shard-mount": tuned}, {}, seeds=seeds)
    assert [s.action for s in steps] == ["add-to-folder"]
    # Archiving a seed is the team's business: the folder records it, and fresh kbs follow.
    steps, _ = plan_sync({}, {"shard-mount": BASE.replace(status="archived")}, {}, seeds=seeds)
    assert [(s.action, s.tombstone is not None) for s in steps] == [("archive-in-folder", True)]
    # A teammate tuned it before this kb synced: the folder's version is a change, not a conflict.
    steps, _ = plan_sync({}, {"shard-mount": BASE}, {"shard-mount": tuned}, seeds=seeds)
    assert [(s.action, s.result) for s in steps] == [("update-kb", tuned)]


def test_unchanged_entries_are_counted_not_listed() -> None:
    steps, unchanged = plan_sync(
        {"shard-mount": SyncBase(BASE, None)}, {"shard-mount": BASE}, {"shard-mount": BASE}
    )
    assert (steps, unchanged) == ([], 1)


def test_a_sync_that_only_finds_both_sides_agree_changes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    """On a new laptop, the team's files and kb's imported backup held the same versions: the sync
    said "changed 88" though no entry and no file changed, only kb's record of the folder."""
    from kb.entry.file import render_entry_file

    folder = tmp_path / "team"
    with open_store() as store:
        content = (
            store.get("cuda-device-side-assert").content().replace(fix="rerun with CUDA_LAUNCH_BLOCKING=1")
        )
        store.update("cuda-device-side-assert", content)
    (folder / content.domain).mkdir(parents=True)
    (folder / content.domain / f"{content.key}.md").write_text(render_entry_file(content), encoding="utf-8")
    before = folder_files(folder)
    result = kb("sync", str(folder))
    assert result.exit_code == 0 and result.stdout.startswith(f"kb and {folder}: changed 0, 0 conflicts")
    after = folder_files(folder)
    assert after.pop("kb-folder.toml")  # the folder's identity, written by its first sync
    assert "already agreed" in result.stdout and after == before


def test_a_second_sync_of_a_folder_waits_for_the_first_and_reads_what_it_wrote(tmp_path: Path) -> None:
    """Two syncs of one folder at once (a git hook and a terminal) each planned from the files as
    they first read them: the one that failed put its files back over those the other had written,
    and the next sync took kb's own edits back out of kb as the folder's change."""
    import sys
    import threading
    import time

    from kb.errors import KbError
    from kb.paths import one_at_a_time

    folder = tmp_path / "team"
    folder.mkdir()
    busy = f"another kb process is writing {folder} .*; kb waited 0.1 s for it: run kb sync again"
    with (
        one_at_a_time(folder, "run kb sync"),
        pytest.raises(KbError, match=busy),
        one_at_a_time(folder, "run kb sync", wait=0.1),
    ):
        pass
    assert kb("sync", str(folder)).exit_code == 0  # once let go, it is free again
    release = threading.Event()

    def hold() -> None:
        with one_at_a_time(folder, "run kb sync"):
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    time.sleep(0.2)
    started = time.monotonic()
    second = subprocess.Popen(
        [sys.executable, "-m", "kb", "sync", str(folder)], stdout=subprocess.PIPE, text=True
    )
    time.sleep(1.0)
    assert second.poll() is None  # waiting
    release.set()
    holder.join()
    out, _ = second.communicate(timeout=60)
    assert (
        second.returncode == 0
        and out.startswith(f"kb and {folder}: changed 0")
        and time.monotonic() - started >= 1
    )


def test_a_full_disk_is_one_line_naming_the_folder_kb_writes_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a full disk a first sync said only `kb: No space left on device`, naming nothing: a write's
    own error names no file, and an atomic write now names the folder it writes in."""

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    folder = tmp_path / "team"
    folder.mkdir()
    monkeypatch.setattr("os.fdopen", full)  # the write itself fails, after the file was made
    code, _, err = kb("sync", str(folder))
    assert code == 1 and err.count("\n") == 1
    assert err == f"kb: cannot write in {folder}: No space left on device\n"
    assert not list(folder.iterdir())  # nor is its temporary file left behind


def test_two_failed_saves_in_one_second_keep_two_drafts() -> None:
    """Both said "your text is kept in drafts/KEY-STAMP.md", the same file: the first text was lost."""
    from kb.capture.editor import save_draft

    first, second = save_draft("first text\n", "widget"), save_draft("second text\n", "widget")
    assert first != second and (first.read_text(), second.read_text()) == ("first text\n", "second text\n")


# --- two people, one repository -----------------------------------------------------------------------


def test_two_people_and_one_repository_end_with_the_same_entries(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    origin = new_repository(tmp_path)
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
    # A change of the file is no answer (it may be anyone's pull): the conflict stays.
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    # Bob settles it by editing the fix in kb, then syncs again.
    bob.edit(
        "loader-stall", "restart the cache daemon", "restart the daemon, then clear", monkeypatch, tmp_path
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
    assert files == [
        "README.md",
        "archived/shard-mount.md",  # the versions that left, beside their tombstones
        "archived/tokenizer-drift.md",
        "data/loader-stall.md",
    ]
    assert (alice.checkout / "data" / "loader-stall.md").read_text() == render_entry_file(
        mine["loader-stall"]
    )


def team_folder(runner: CliRunner, folder: Path, count: int = 12) -> list[Path]:
    """FOLDER holding COUNT entries the team wrote (seed entries under new keys), synced into kb."""
    from kb.entry.file import read_entry_file
    from kb.paths import seed_directory

    folder.mkdir(exist_ok=True)
    written = []
    for path in sorted(seed_directory().glob("*/*.md"))[:count]:
        content = read_entry_file(path)
        content = content.replace(key=f"team-{content.key}", related=())
        target = folder / content.domain / f"{content.key}.md"
        target.parent.mkdir(exist_ok=True)
        target.write_text(render_entry_file(content), encoding="utf-8")
        written.append(target)
    result = kb("sync", str(folder))
    assert result.exit_code == 0, result.output
    return written


def test_a_dry_run_changes_nothing_and_a_bad_file_stops_the_sync(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "team"
    folder.mkdir()
    assert kb("edit", "cuda-driver-too-old", "--applies-to", "driver<535").exit_code == 0
    result = kb("sync", str(folder), "--dry-run", "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    # The one seed changed here would go to the folder; the 86 nobody changed stay out.
    assert report["dry_run"] and actions(report) == {"cuda-driver-too-old": "add-to-folder"}
    assert list(folder.iterdir()) == []
    (folder / "broken.md").write_text("+++\nkey = \n+++\n")
    result = kb("sync", str(folder))
    assert result.exit_code == 1 and "broken.md" in result.stderr and len(result.stderr.splitlines()) == 1
    assert [p.name for p in folder.iterdir()] == ["broken.md"]
    missing = kb("sync", str(tmp_path / "nowhere"))
    assert missing.exit_code == 1 and "is not a folder" in missing.stderr


def test_a_domain_folder_kb_cannot_list_stops_the_sync_instead_of_archiving_its_entries(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`chmod 000 team/training`: its entries were read as deleted, archived in kb "because their
    files are gone", and tombstones written for a teammate's sync to follow."""
    folder = tmp_path / "team"
    written = team_folder(runner, folder)
    closed = written[0].parent
    scandir = os.scandir

    def refused(path: Any = ".") -> Any:  # what `chmod 000` does to a user without root's override
        if os.fspath(path) == str(closed):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refused)
    result = kb("sync", str(folder))
    assert result.exit_code == 1 and result.stderr == f"kb: {closed}: cannot be read: Permission denied\n"
    monkeypatch.undo()
    assert not (folder / "archived").exists()
    listed = kb("list", "--status", "archived").stdout
    assert not any(path.stem in listed for path in written)


def test_a_sync_stopped_after_its_files_is_finished_by_the_next(runner: CliRunner, tmp_path: Path) -> None:
    """Files are written first, then kb and the bases in one transaction: a sync killed between the
    two leaves nothing the next sync cannot finish, and it ends where an unbroken sync would."""
    from kb.store.entry_store import EntryStore

    folder = tmp_path / "team"
    team_folder(runner, folder)
    entry = folder / "data" / "team-bce-labels-object-dtype-nan.md"
    entry.write_text(entry.read_text().replace("## Fix\n\n", "## Fix\n\nFirst, read the device table. ", 1))
    assert kb("rm", "team-bce-labels-out-of-range").exit_code == 0

    def killed(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as kill:
        kill.setattr(EntryStore, "apply_sync", killed)
        kill.setattr("kb.exchange.folder_sync.all_or_nothing", lambda _paths: contextlib.nullcontext())
        assert kb("sync", str(folder)).exit_code != 0  # killed: nothing ran after it, not even the undo
    assert not (folder / "data" / "team-bce-labels-out-of-range.md").exists()  # the files went first
    assert (folder / "archived" / "team-bce-labels-out-of-range.toml").exists()
    result = kb("sync", str(folder), "--json")
    assert result.exit_code == 0, result.output
    assert {s["key"]: s["action"] for s in json.loads(result.stdout)["steps"]} == {
        "team-bce-labels-object-dtype-nan": "update-kb",
        "team-bce-labels-out-of-range": "agreed",
    }
    assert json.loads(kb("sync", str(folder), "--json").stdout)["steps"] == []
    with open_store() as store:
        assert store.get("team-bce-labels-object-dtype-nan").fix.startswith("First, read the device table.")


def test_a_tombstone_names_who_archived_the_entry_in_kb_not_who_synced(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Carol archives an entry in the database she shares with Bob; Bob's sync writes its
    tombstone. It said "by bob", and Alice's sync told her the entry was "archived by bob"."""
    alice, bob = both_synced_loader_stall(tmp_path, runner)
    with pytest.MonkeyPatch.context() as carol:
        carol.setenv("KB_AUTHOR", "carol")
        assert kb("--db", bob.db, "rm", "loader-stall").exit_code == 0
    assert actions(bob.turn()) == {"loader-stall": "remove-file"}
    assert 'by = "carol"' in (bob.checkout / "archived" / "loader-stall.toml").read_text()
    git(alice.checkout, "pull", "-q", "--ff-only")
    code, out, err = alice.kb("sync", str(alice.checkout))
    assert code == 0, err
    assert "  archived in kb       loader-stall  (archived by carol)" in out.splitlines()


def synced(person: Person, *args: str) -> list[str]:
    """What PERSON's `kb sync` says, after a pull, line by line, with the folder's path as DIR."""
    git(person.checkout, "pull", "-q", "--ff-only")
    code, out, err = person.kb("sync", str(person.checkout), *args)
    assert code in (0, 1), err
    git(person.checkout, "add", "-A")
    if git(person.checkout, "status", "--porcelain"):
        git(person.checkout, "commit", "-qm", "kb sync")
        git(person.checkout, "push", "-q", "origin", "HEAD:main")
    return out.replace(str(person.checkout), "DIR").splitlines()


def test_a_folder_that_lost_its_identity_says_the_sides_differ_not_who_changed_them(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """kb-folder.toml deleted by a bad checkout: the versions kb and the folder agreed on are kept
    under the folder's identity, so none is known, and the sync said "fix changed on both sides"
    of a fix only Alice changed."""
    alice, bob = both_synced_loader_stall(tmp_path, runner)
    alice.edit("loader-stall", "clear the cache", "alice's fix", monkeypatch, tmp_path)
    alice.turn()
    git(bob.checkout, "pull", "-q", "--ff-only")
    (bob.checkout / "kb-folder.toml").unlink()
    code, out, err = bob.kb("sync", str(bob.checkout))
    assert code == 1, err
    assert "(fix differs, and kb knows no version the two last agreed on)" in out
    assert "changed on both sides" not in out
    code, out, _ = bob.kb("sync", str(bob.checkout), "--json")
    (step,) = [step for step in json.loads(out)["steps"] if step["key"] == "loader-stall"]
    assert step["action"] == "conflict" and step["no_agreed_version"] is True


def test_each_line_a_sync_prints_says_what_it_did(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry brought back was "added to the folder" and "updated in kb"; a conflict answered by
    an edit in kb that wrote nothing was counted as "changed 1"; "resolved" said not which side."""
    alice, bob = one_fix_changed_by_two(tmp_path, runner, monkeypatch, "alice's fix", "bob's fix")
    assert "  CONFLICT             loader-stall  (fix changed on both sides)" in synced(bob)
    bob.edit("loader-stall", "bob's fix", "alice's fix", monkeypatch, tmp_path)  # his answer: hers
    assert synced(bob) == [
        "kb and DIR: changed 0, settled 1 without a change, 0 conflicts, 0 unchanged",
        "  resolved             loader-stall  (kb and the folder already held the same version:"
        " nothing written)",
    ]
    alice.edit("loader-stall", "alice's fix", "alice's second fix", monkeypatch, tmp_path)
    synced(alice)
    bob.edit("loader-stall", "alice's fix", "bob's second fix", monkeypatch, tmp_path)
    synced(bob)
    assert synced(bob, "--ours", "loader-stall")[1:] == [
        "  resolved             loader-stall  (kb's version written to the folder;"
        " the folder's version in kb history)"
    ]
    synced(alice)
    assert alice.kb("rm", "loader-stall")[0] == 0
    synced(alice)
    synced(bob)
    assert alice.kb("restore", "loader-stall")[0] == 0
    assert synced(alice) == [
        "kb and DIR: changed 1, 0 conflicts, 0 unchanged",
        "  restored in the folder loader-stall",
    ]
    assert synced(bob)[1:] == ["  restored in kb       loader-stall"]


def test_a_conflict_is_answered_by_an_edit_in_kb_not_by_an_import_or_another_folders_sync(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import (or a sync of another folder) that changed the field in conflict counted as the
    user's answer: the next sync said "resolved", and wrote a value nobody chose over the
    teammate's fix."""
    _, bob = one_fix_changed_by_two(tmp_path, runner, monkeypatch, "alice's fix", "bob's fix")
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    backup = tmp_path / "backup.jsonl"
    content = bob.entries()["loader-stall"].replace(fix="the backup's fix")
    backup.write_text(json.dumps(content.as_dict()) + "\n")
    assert bob.kb("import", str(backup), "--on-conflict", "overwrite")[0] == 0
    shown = synced(bob)
    assert "  CONFLICT             loader-stall  (fix changed on both sides)" in shown
    assert "      fix in kb:     the backup's fix" in shown and "      fix in folder: alice's fix" in shown
    assert "fix = " not in (bob.checkout / "data" / "loader-stall.md").read_text()
    assert "alice's fix" in (bob.checkout / "data" / "loader-stall.md").read_text()
    bob.edit("loader-stall", "the backup's fix", "bob's answer", monkeypatch, tmp_path)  # an answer
    assert synced(bob)[1].startswith("  resolved             loader-stall")


def test_a_file_written_back_where_its_key_and_domain_put_it_says_so(tmp_path: Path) -> None:
    """A teammate's `data/whatever.md` holding key gizmo-misplaced of domain hardware became
    `hardware/gizmo-misplaced.md` at the next edit, and the sync said only "updated in the folder"
    of a file the next commit deletes."""
    db, folder = str(tmp_path / "mine.db"), tmp_path / "team"
    folder.mkdir()
    assert kb("--db", db, "init", "--empty").code == 0
    theirs = BASE.replace(key="gizmo-misplaced", domain="hardware")
    (folder / "data").mkdir()
    (folder / "data" / "whatever.md").write_text(render_entry_file(theirs))
    assert kb("--db", db, "sync", str(folder)).code == 0
    with open_store(db) as store:
        store.update("gizmo-misplaced", theirs.replace(fix="cool it more"))
    moved = (
        "  updated in the folder gizmo-misplaced  (its file data/whatever.md becomes"
        " hardware/gizmo-misplaced.md)"
    )
    assert kb("--db", db, "sync", str(folder), "--dry-run").stdout.splitlines()[1] == moved
    assert kb("--db", db, "sync", str(folder)).stdout.splitlines()[1] == moved
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md")) == [
        "hardware/gizmo-misplaced.md"
    ]


def kept_aside_fixes(person: Person, key: str) -> list[str]:
    code, out, err = person.kb("history", key, "--json")
    assert code == 0, err
    return [c["content"]["fix"] for c in json.loads(out)["changes"] if c["action"] == "kept-aside"]


@pytest.mark.parametrize("then", ["sync", "sync --theirs", "sync --ours"])
def test_a_settle_killed_after_its_files_keeps_the_teammates_version_in_history(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    """Bob settles with --ours: his fix goes into the folder's file over Alice's, then kb's
    transaction would keep hers aside. Killed between the two, the next sync found both sides alike
    and said "resolved" with her fix nowhere in kb history, whatever he ran next."""
    from kb.store.entry_store import EntryStore

    _, bob = one_fix_changed_by_two(tmp_path, runner, monkeypatch, "alice's fix", "bob's fix")
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    real = EntryStore.apply_sync

    def killed_before_agreeing(self: EntryStore, folder: str, writes: Any, agreed: Any, **more: Any) -> None:
        if agreed:
            raise KeyboardInterrupt
        real(self, folder, writes, agreed, **more)

    with pytest.MonkeyPatch.context() as kill:
        kill.setattr(EntryStore, "apply_sync", killed_before_agreeing)
        kill.setattr("kb.exchange.folder_sync.all_or_nothing", lambda _paths: contextlib.nullcontext())
        assert bob.kb("sync", str(bob.checkout), "--ours", "loader-stall")[0] != 0
    assert "bob's fix" in (bob.checkout / "data" / "loader-stall.md").read_text()  # the file went first

    command, *flag = then.split()
    code, out, err = bob.kb(command, str(bob.checkout), *flag, *(["loader-stall"] if flag else []), "--json")
    assert code in (0, 1), err
    if code == 1:  # shown again (--theirs: the folder's file is not the one shown); settled with --ours
        code, out, err = bob.kb("sync", str(bob.checkout), "--ours", "loader-stall", "--json")
    assert (code, actions(json.loads(out))) == (0, {"loader-stall": "resolved"}), err
    assert bob.entries()["loader-stall"].fix == "bob's fix"
    assert kept_aside_fixes(bob, "loader-stall") == ["alice's fix"]


def folder_files(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_a_sync_that_fails_part_way_puts_back_the_files_it_wrote(runner: CliRunner, tmp_path: Path) -> None:
    """A domain folder kb cannot make (a file of that name) stops the sync after it has written other
    entries' files: they are put back, kb is unchanged, and the next sync, once the way is clear,
    does all of it. An interrupt before kb's transaction is the same."""
    from kb.store.entry_store import EntryStore

    folder = tmp_path / "team"
    team_folder(runner, folder)
    assert kb("edit", "team-bce-labels-object-dtype-nan", "--applies-to", "torch>=2").exit_code == 0
    assert kb("add", "-s", "ValueError: the sampler seed is lost", "-v", "true", "-f", "reseed", "-d",
              "training", "-k", "sampler-seed").exit_code == 0  # fmt: skip
    (folder / "training").write_text("not a folder\n")
    before = folder_files(folder)

    result = kb("sync", str(folder))
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1
    assert folder_files(folder) == before  # the fix written to data/ first is put back

    with pytest.MonkeyPatch.context() as interrupt:
        interrupt.setattr(
            EntryStore, "apply_sync", lambda *_a, **_k: (_ for _ in ()).throw(KeyboardInterrupt)
        )
        (folder / "training").unlink()
        before = folder_files(folder)
        assert kb("sync", str(folder)).exit_code != 0
    assert folder_files(folder) == before and not (folder / "training").exists()

    result = kb("sync", str(folder), "--json")
    assert result.exit_code == 0, result.output
    assert {s["key"]: s["action"] for s in json.loads(result.stdout)["steps"]} == {
        "team-bce-labels-object-dtype-nan": "update-folder",
        "sampler-seed": "add-to-folder",
    }


def pull(checkout: Path) -> subprocess.CompletedProcess[str]:
    """`git pull` in CHECKOUT, as its owner types it: it may stop at a conflict, which the test reads."""
    return subprocess.run(
        ["git", "pull", "-q", "--no-rebase", "origin", "main"],
        cwd=checkout,
        env={**os.environ, **GIT_ENV},
        capture_output=True,
        text=True,
    )


def test_a_merge_conflict_git_left_in_a_file_is_refused_never_stored(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people changed one fix; `git pull` left <<<<<<< … >>>>>>> in the file, and sync stored the
    markers as the fix (and spread them on the next push)."""
    _, bob = one_fix_changed_by_two(
        tmp_path, runner, monkeypatch, "clear the cache on every node", "restart the cache daemon"
    )
    code, _, err = bob.kb("sync", str(bob.checkout))
    git(bob.checkout, "add", "-A")
    git(bob.checkout, "commit", "-qm", "bob's fix")
    pulled = pull(bob.checkout)
    assert pulled.returncode != 0  # git's own conflict
    entry_file = bob.checkout / "data" / "loader-stall.md"
    assert "<<<<<<< " in entry_file.read_text()
    code, _, err = bob.kb("sync", str(bob.checkout))
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "loader-stall.md:" in err and "git left a merge conflict here" in err
    assert bob.entries()["loader-stall"].fix == "restart the cache daemon"  # nothing stored
    assert "<<<<<<<" not in json.dumps([c.as_dict() for c in bob.entries().values()])


def test_a_purge_git_left_beside_your_edit_is_a_conflict_not_undone(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Carol purged an entry in her folder layer while Bob edited it; his `git pull` was git's
    modify/delete conflict, which leaves his file, with no marker, beside her tombstone. kb sync took
    the file as put back: it deleted her tombstone, said "updated in the folder" and exited 0."""
    alice, bob = both_synced_loader_stall(tmp_path, runner)
    config = tmp_path / "alice.toml"
    config.write_text(f'[[layer]]\nname = "team"\nfolder = "{alice.checkout}"\n')
    monkeypatch.setenv("KB_CONFIG", str(config))
    assert alice.kb("--layer", "team", "rm", "--purge", "loader-stall", "--yes")[0] == 0
    monkeypatch.delenv("KB_CONFIG")
    git(alice.checkout, "add", "-A")
    git(alice.checkout, "commit", "-qm", "purged")
    git(alice.checkout, "push", "-q", "origin", "HEAD:main")
    bob.edit("loader-stall", "clear the cache", "restart the cache daemon", monkeypatch, tmp_path)
    assert bob.kb("sync", str(bob.checkout))[0] == 0  # synced and committed before pulling
    git(bob.checkout, "commit", "-qam", "bob's fix")
    pulled = pull(bob.checkout)
    assert pulled.returncode != 0 and "modify/delete" in pulled.stdout + pulled.stderr
    tombstone = bob.checkout / "archived" / "loader-stall.toml"
    assert tombstone.exists() and (bob.checkout / "data" / "loader-stall.md").exists()

    code, out, _ = bob.kb("sync", str(bob.checkout))
    assert code == 1 and "CONFLICT" in out and "purged by alice in the folder, changed in kb" in out
    assert "status in folder: archived" in out and tombstone.exists()
    code, out, _ = bob.kb("sync", str(bob.checkout), "--theirs", "loader-stall")
    assert code == 0 and bob.entries()["loader-stall"].status == "archived"
    assert tombstone.exists() and not (bob.checkout / "data" / "loader-stall.md").exists()


@pytest.mark.parametrize("kind", ["linked folder", "linked file", "fifo"])
def test_a_folder_kb_cannot_trust_stops_the_sync_before_anything_is_archived(
    runner: CliRunner, tmp_path: Path, kind: str
) -> None:
    """A domain folder that was a symlink was skipped, and its entries archived as if deleted."""
    folder = tmp_path / "team"
    team_folder(runner, folder)
    data = folder / "data"
    if kind == "linked folder":
        data.rename(tmp_path / "elsewhere")
        data.symlink_to(tmp_path / "elsewhere")
    elif kind == "linked file":
        entry = data / "team-bce-labels-object-dtype-nan.md"
        entry.rename(tmp_path / "entry.md")
        entry.symlink_to(tmp_path / "entry.md")
    else:
        os.mkfifo(data / "waiting.md")
    result = kb("sync", str(folder), "--json")
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "plain files only" in result.stderr
    with open_store() as store:
        assert store.find("team-bce-labels-object-dtype-nan").status == "active"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "damage",
    [
        "",  # emptied, or written half-way
        "---\nkey: team-bce-labels-object-dtype-nan\n---\n# Symptom\n",  # YAML front matter
        "note to self\n+++\n",  # a line pasted above the front matter
    ],
)
def test_an_entry_file_kb_cannot_read_stops_the_sync_instead_of_archiving_its_entry(
    runner: CliRunner, tmp_path: Path, damage: str
) -> None:
    """A domain folder's file that did not open with +++ was skipped as a README: the entry was
    archived "because its file is gone", and the tombstone spread to the whole team."""
    folder = tmp_path / "team"
    team_folder(runner, folder)
    entry = folder / "data" / "team-bce-labels-object-dtype-nan.md"
    entry.write_text(damage, encoding="utf-8")
    (folder / "README.md").write_text("# Our faults\n", encoding="utf-8")  # still read past
    result = kb("sync", str(folder))
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "team-bce-labels-object-dtype-nan.md" in result.stderr and "+++" in result.stderr
    assert not (folder / "archived").exists()
    with open_store() as store:
        assert store.find("team-bce-labels-object-dtype-nan").status == "active"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("field", "value"),
    [("into", "../../etc"), ("into", "x\x1b]0;pwned\x07"), ("key", "Not A Key")],
)
def test_a_tombstone_whose_keys_are_not_keys_stops_the_sync(
    runner: CliRunner, tmp_path: Path, field: str, value: str
) -> None:
    """`renamed to ../../etc` was printed from a teammate's tombstone as it was written, and a
    tombstone of a key no entry can have was counted as an entry unchanged."""
    import json as json_

    folder = tmp_path / "team"
    team_folder(runner, folder)
    stem = "Not A Key" if field == "key" else "team-bce-labels-object-dtype-nan"
    tomb = {"key": stem, "how": "renamed", "into": "team-x", "version": "v", "by": "mate", "at": ""}
    tomb[field] = value
    (folder / "archived").mkdir()
    lines = "".join(f"{name} = {json_.dumps(text)}\n" for name, text in tomb.items())
    (folder / "archived" / f"{stem}.toml").write_text(lines, encoding="utf-8")
    result = kb("sync", str(folder))
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert f"a tombstone's {field} is an entry key" in result.stderr and "\x1b" not in result.stderr
    with open_store() as store:
        assert store.find("team-bce-labels-object-dtype-nan").status == "active"  # type: ignore[union-attr]


def test_an_emptied_folder_archives_nothing_until_someone_says_so(runner: CliRunner, tmp_path: Path) -> None:
    """A bad checkout (or git rm -r) archived every synced entry, 87 of 87, exit 0, no question."""
    folder = tmp_path / "team"
    files = team_folder(runner, folder)
    for path in files:
        path.unlink()
    tried = kb("sync", str(folder), "--dry-run")  # said "would change 87", not that it would stop
    assert tried.exit_code == 0 and tried.stdout.splitlines()[-1].startswith(
        f"and the sync itself would stop before writing: this sync would archive {len(files)} of the"
    )
    stopped = kb("sync", str(folder), "--json")
    assert stopped.exit_code == 1 and len(stopped.stderr.strip().splitlines()) == 1
    assert (
        f"would archive {len(files)} of the {len(files)} entries" in stopped.stderr
        and "--yes" in stopped.stderr
    )
    with open_store() as store:
        assert len(store.list(status="archived")) == 0
    done = kb("sync", str(folder), "--yes", "--json")
    assert done.exit_code == 0
    with open_store() as store:
        assert len(store.list(status="archived")) == len(files)
    # One of them restored, then archived by hand again, is the user's decision, not the sync's.
    mine = files[0].stem
    assert kb("restore", mine).exit_code == 0 and kb("rm", mine).exit_code == 0
    # It was a bad checkout after all: one step brings them back, and the next sync their files.
    undone = kb("restore", "--last-sync")
    assert undone.exit_code == 0 and undone.stdout.count("restored ") == len(files) - 1
    assert f"restored {mine}\n" not in undone.stdout
    assert kb("restore", mine).exit_code == 0
    assert kb("sync", str(folder)).exit_code == 0
    assert sorted(folder.rglob("*.md")) == files
    assert not list((folder / "archived").glob("*.toml"))


def test_a_few_files_a_teammate_removed_are_archived_without_a_question(
    runner: CliRunner, tmp_path: Path
) -> None:
    folder = tmp_path / "team"
    for path in team_folder(runner, folder)[:3]:
        path.unlink()
    assert kb("sync", str(folder)).exit_code == 0
    with open_store() as store:
        assert len(store.list(status="archived")) == 3


@pytest.mark.parametrize(
    ("archived", "synced", "asks"),
    [(3, 87, False), (6, 87, True), (3, 4, True), (2, 4, False), (1, 1, False), (3, 3, True), (2, 3, True)],
)
def test_more_than_a_few_or_most_of_the_folder_asks_first(archived: int, synced: int, asks: bool) -> None:
    assert too_many_archived(archived, synced) is asks


def test_the_same_fault_added_by_two_people_under_two_keys_is_flagged(
    tmp_path: Path, runner: CliRunner
) -> None:
    origin = new_repository(tmp_path)
    alice, bob = Person("alice", tmp_path, origin, runner), Person("bob", tmp_path, origin, runner)
    alice.add("loader-stall", "RuntimeError: the data loader stalled on the shard cache", "clear the cache")
    bob.add("shard-cache-stall", "RuntimeError: the data loader stalled on the shard cache", "restart it")
    alice.turn()
    report = bob.turn()
    step = next(s for s in report["steps"] if s["key"] == "loader-stall")  # type: ignore[attr-defined]
    assert step["action"] == "add-to-kb"
    assert (
        step["note"]
        == "looks like shard-cache-stall here: kb review loader-stall --merge-into shard-cache-stall"
    )


RENAMED = BASE.replace(key="shard-mount-refused")


def test_a_rename_in_the_folder_takes_kbs_edit_made_meanwhile_along() -> None:
    """Key by key, a rename in the folder against an edit here was an archive against an edit (a
    conflict), and the two looking alike, kb offered to merge the new key into the old one: the
    rename undone."""
    edited = BASE.replace(fix="remount with vers=4")
    steps, _ = plan_sync({"shard-mount": SyncBase(BASE)}, {"shard-mount": edited}, {RENAMED.key: RENAMED})
    old, new = steps
    assert (old.key, old.action, old.renamed_to, old.archives_unasked) == (
        "shard-mount", "archive-in-kb", RENAMED.key, False,
    )  # fmt: skip
    assert old.tombstone is not None and old.tombstone.describe() == f"renamed to {RENAMED.key}"
    assert (new.key, new.action, new.writes_kb, new.writes_folder) == (RENAMED.key, "merge", True, True)
    assert new.result == RENAMED.replace(fix="remount with vers=4") and new.from_ours == ("fix",)


def test_a_rename_is_followed_only_when_it_is_one() -> None:
    edited = BASE.replace(fix="remount with vers=4")
    agreed = {"shard-mount": SyncBase(BASE)}
    twins = {RENAMED.key: RENAMED, "shard-mount-2": BASE.replace(key="shard-mount-2")}
    changed = {RENAMED.key: RENAMED.replace(fix="reboot")}
    archived = {"shard-mount": Tombstone("shard-mount", "archived", "", fingerprint(BASE), "alice", "")}
    for theirs, tombstones in ((twins, {}), (changed, {}), ({RENAMED.key: RENAMED}, archived)):
        steps, _ = plan_sync(agreed, {"shard-mount": edited}, theirs, tombstones=tombstones)
        assert {s.key: s.action for s in steps}["shard-mount"] == "conflict"


def test_a_rename_a_teammate_made_by_hand_is_followed_and_not_flagged_as_a_duplicate(
    runner: CliRunner, tmp_path: Path
) -> None:
    team = tmp_path / "team"
    team.mkdir()
    assert (
        kb(
            "add", "--new", "-s", BASE.symptom, "-d", "data", "-v", "true", "-f", "remount", "--key", BASE.key
        ).exit_code
        == 0
    )
    assert kb("sync", str(team)).exit_code == 0
    old = team / "data" / f"{BASE.key}.md"
    text = old.read_text().replace(f'key = "{BASE.key}"', f'key = "{RENAMED.key}"')
    old.unlink()
    (team / "data" / f"{RENAMED.key}.md").write_text(text)
    synced = kb("sync", str(team))
    assert synced.exit_code == 0, synced.output
    assert "--merge-into" not in synced.stdout and "files are gone" not in synced.stdout
    assert f"renamed in the folder from {BASE.key}" in synced.stdout
    listed = kb("list", "--json")
    keys = {entry["key"] for entry in json.loads(listed.stdout)}
    assert RENAMED.key in keys and BASE.key not in keys


def test_a_rename_by_hand_with_an_edit_is_not_offered_a_merge_into_the_entry_it_archives(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Renamed and edited in the folder: the sync archived the old key and offered `kb review NEW
    --merge-into OLD`, a command that then refused, OLD being archived by that very sync."""
    team = tmp_path / "team"
    team.mkdir()
    added = kb(
        "add", "--new", "-s", BASE.symptom, "-d", "data", "-v", "true", "-f", "remount", "--key", BASE.key
    )
    assert added.exit_code == 0 and kb("sync", str(team)).exit_code == 0
    old = team / "data" / f"{BASE.key}.md"
    text = old.read_text().replace(f'key = "{BASE.key}"', f'key = "{RENAMED.key}"')
    old.unlink()
    (team / "data" / f"{RENAMED.key}.md").write_text(text.replace("remount", "remount with vers=4"))
    synced = kb("sync", str(team), "--yes")
    assert synced.exit_code == 0, synced.output
    assert "--merge-into" not in synced.stdout
    assert f"looks like {BASE.key}, which this sync archives: renamed in the folder?" in synced.stdout


def test_a_key_given_to_another_fault_is_not_offered_a_merge_with_the_fault_that_left_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    """In the folder `w4` (gear) became `w4-gear`, and `w5` (lever) took the key `w4`: the sync here
    replaced `w4` with the lever and offered `kb review w4-gear --merge-into w4`, which would have
    merged the gear into the lever, comparing with `w4` as it was before the sync."""
    team = tmp_path / "team"
    team.mkdir()
    for key, symptom, fix in (
        ("w4", "GearError: gear 4 slipped off the axle", "tighten gear"),
        ("w5", "LeverError: lever 5 bent under load", "replace lever"),
    ):
        added = kb("add", "--new", "-s", symptom, "-d", "data", "-v", "true", "-f", fix, "--key", key)
        assert added.exit_code == 0, added.output
    assert kb("sync", str(team)).exit_code == 0
    gear, lever = team / "data" / "w4.md", team / "data" / "w5.md"
    gear_text, lever_text = gear.read_text(), lever.read_text()
    (team / "data" / "w4-gear.md").write_text(gear_text.replace('key = "w4"', 'key = "w4-gear"'))
    gear.write_text(lever_text.replace('key = "w5"', 'key = "w4"'))
    lever.unlink()
    synced = kb("sync", str(team), "--yes")
    assert synced.exit_code == 0, synced.output
    assert "--merge-into" not in synced.stdout
    assert "looks like w4 as kb held it before this sync" in synced.stdout
    shown = {key: kb("show", key).stdout for key in ("w4", "w4-gear")}
    assert "LeverError" in shown["w4"] and "GearError" in shown["w4-gear"]


def test_an_edit_made_in_kb_while_a_sync_runs_is_not_overwritten(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import kb.exchange.folder_sync as folder_sync

    folder = tmp_path / "team"
    team_folder(runner, folder, count=2)
    entry = folder / "data" / "team-bce-labels-object-dtype-nan.md"
    entry.write_text(entry.read_text().replace("## Fix\n\n", "## Fix\n\nFrom the folder. ", 1))
    planned = folder_sync.plan_sync

    def edited_meanwhile(*args: object, **kwargs: object) -> object:
        steps = planned(*args, **kwargs)  # type: ignore[arg-type]
        with open_store() as store:
            content = store.get("team-bce-labels-object-dtype-nan").content()
            store.update(content.key, content.replace(root_cause="edited in kb meanwhile"))
        return steps

    monkeypatch.setattr(folder_sync, "plan_sync", edited_meanwhile)
    result = kb("sync", str(folder))
    assert result.exit_code == 1 and "changed in kb while the sync ran" in result.stderr
    monkeypatch.setattr(folder_sync, "plan_sync", planned)
    assert kb("sync", str(folder)).exit_code == 0  # the next sync merges both
    with open_store() as store:
        merged = store.get("team-bce-labels-object-dtype-nan")
    assert merged.root_cause == "edited in kb meanwhile" and merged.fix.startswith("From the folder.")


def test_a_conflict_can_be_settled_field_by_field() -> None:
    ours = BASE.replace(fix="remount with vers=4", root_cause="an old NFS client")
    theirs = BASE.replace(fix="reboot the shard server", root_cause="a stale lease")
    shown = shown_conflict(ours, theirs)
    choices: dict[str, dict[str, Side]] = {"shard-mount": {"fix": "theirs", "root_cause": "ours"}}
    steps, _ = plan_sync(
        {"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": theirs}, choices=choices
    )
    assert [s.action for s in steps] == ["resolved"]
    assert steps[0].result == BASE.replace(fix="reboot the shard server", root_cause="an old NFS client")
    assert [side for side, _ in steps[0].kept_aside] == ["folder", "kb"]  # each lost one field
    # A choice that leaves a field in conflict unanswered settles nothing, and says so: the conflict
    # is shown whole, not as if the field chosen were settled.
    partial: dict[str, dict[str, Side]] = {"shard-mount": {"fix": "theirs"}}
    steps, _ = plan_sync(
        {"shard-mount": shown}, {"shard-mount": ours}, {"shard-mount": theirs}, choices=partial
    )
    assert [(s.action, s.conflicts) for s in steps] == [("conflict", ("fix", "root_cause"))]
    assert steps[0].note.startswith("--take settles fix but not root_cause: nothing was kept")


def test_the_folders_side_is_taken_only_as_it_was_shown(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob sees the conflict, then pulls Alice's second change: --theirs would keep a fix he never
    saw, so the conflict is shown again, with the new fix; his next --theirs takes it."""
    alice, bob = one_fix_changed_by_two(tmp_path, runner, monkeypatch, "alice's fix", "bob's fix")
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    alice.edit("loader-stall", "alice's fix", "alice's second fix", monkeypatch, tmp_path)
    alice.turn()
    git(bob.checkout, "pull", "-q", "--ff-only")
    code, out, _ = bob.kb("sync", str(bob.checkout), "--theirs", "loader-stall", "--json")
    step = json.loads(out)["steps"][0]
    assert code == 1 and step["action"] == "conflict"
    assert step["note"] == "the folder's version changed since the conflict was shown: look at it again"
    assert bob.entries()["loader-stall"].fix == "bob's fix"
    assert actions(bob.turn("--theirs", "loader-stall")) == {"loader-stall": "resolved"}
    assert bob.entries()["loader-stall"].fix == "alice's second fix"


def test_kb_sync_take_settles_the_named_entries_field_by_field(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, bob = one_fix_changed_by_two(tmp_path, runner, monkeypatch, "alice's fix", "bob's fix")
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    refused = bob.kb("sync", str(bob.checkout), "--take", "fix=theirs")
    assert refused[0] == 2 and "give their KEYs" in refused[2]
    wrong = bob.kb("sync", str(bob.checkout), "loader-stall", "--take", "fixes=theirs")
    assert wrong[0] == 2 and "no field 'fixes'" in wrong[2]
    assert actions(bob.turn("loader-stall", "--take", "fix=theirs")) == {"loader-stall": "resolved"}
    assert bob.entries()["loader-stall"].fix == "alice's fix"


def test_a_rename_in_kb_against_an_edit_in_the_folder_is_called_a_rename(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename (or a merge) in kb against a teammate's edit was shown as "archived in kb", kb's
    status as "(none)", and its settle as "kb's archive stands … fix from the folder", a fix that
    went into no entry."""
    alice, bob = both_synced_loader_stall(tmp_path, runner)
    bob.edit("loader-stall", 'key = "loader-stall"', 'key = "shard-stall"', monkeypatch, tmp_path)
    alice.edit("loader-stall", "clear the cache", "alice's fix", monkeypatch, tmp_path)
    alice.turn()
    shown = synced(bob)
    assert (
        "  CONFLICT             loader-stall  (renamed in kb to shard-stall, changed in the folder meanwhile)"
        in shown
    )
    assert "      status in kb:     (no entry of this key)" in shown
    settled = synced(bob, "--ours", "loader-stall")
    assert (
        "  resolved             loader-stall  (kb's rename to shard-stall stands: the file removed;"
        " the folder's version in kb history)"
    ) in settled


def test_a_take_of_some_of_the_fields_in_conflict_keeps_the_conflict_whole(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--take fix=theirs` of a conflict on the symptom and the fix listed the symptom alone, as if
    the fix were settled, and kept nothing; the next `--take symptom=ours` then called the fix "in
    conflict since the conflict was shown", and one field at a time never settled."""
    alice, bob = one_fix_changed_by_two(tmp_path, runner, monkeypatch, "alice's fix", "bob's fix")
    symptom = "the shard cache"
    alice.edit("loader-stall", symptom, "alice's shard cache", monkeypatch, tmp_path)
    alice.turn()
    bob.edit("loader-stall", symptom, "bob's shard cache", monkeypatch, tmp_path)
    assert actions(bob.turn()) == {"loader-stall": "conflict"}
    code, out, _ = bob.kb("sync", str(bob.checkout), "loader-stall", "--take", "fix=theirs", "--json")
    step = json.loads(out)["steps"][0]
    fields = [conflict["field"] for conflict in step["conflicts"]]
    assert code == 1 and (step["action"], fields) == ("conflict", ["symptom", "fix"])
    assert step["note"].startswith("--take settles fix but not symptom: nothing was kept")
    assert bob.entries()["loader-stall"].fix == "bob's fix"
    settled = bob.turn("loader-stall", "--take", "fix=theirs", "--take", "symptom=ours")
    assert actions(settled) == {"loader-stall": "resolved"}
    kept = bob.entries()["loader-stall"]
    assert (kept.fix, "bob's shard cache" in kept.symptom) == ("alice's fix", True)


def test_a_conflict_on_how_the_check_is_read_is_shown_in_words_and_as_json(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice and Bob each changed how loader-stall's check is read: `kb sync` stopped on a
    TypeError as it printed the conflict, and --json gave the rule as its fields in a list."""
    origin = new_repository(tmp_path)
    alice, bob = Person("alice", tmp_path, origin, runner), Person("bob", tmp_path, origin, runner)
    alice.add("loader-stall", "RuntimeError: the loader stalled", "clear the cache", "--confirms", "exit 0")
    alice.turn()
    bob.turn()
    alice.edit("loader-stall", 'confirms = "exit 0"', 'confirms = "exit non-zero"', monkeypatch, tmp_path)
    alice.turn()
    bob.edit("loader-stall", 'confirms = "exit 0"', 'confirms = "nothing"', monkeypatch, tmp_path)
    git(bob.checkout, "pull", "-q", "--ff-only")
    code, out, err = bob.kb("sync", str(bob.checkout), "--dry-run")
    assert (code, err) == (1, ""), err
    assert "      check_rule in kb:     a probe: read its output; it gives no verdict" in out.splitlines()
    assert "      check_rule in folder: confirmed on a non-zero exit, ruled out on exit 0" in out.splitlines()
    (step,) = json.loads(bob.kb("sync", str(bob.checkout), "--json")[1])["steps"]
    shown = {"field": "check_rule", "kb": {"confirms": "nothing"}, "folder": {"confirms": "exit non-zero"}}
    assert step["conflicts"] == [shown]
