"""The store: entries in, entries out, one transaction per write, and no lock errors under contention."""

from __future__ import annotations

import gc
import itertools
import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kb.entry.content import EntryContent, normalized
from kb.errors import EntryNotFound, InvalidEntry, KeyTaken, StoreChanged, UnknownDomain
from kb.store.bulk_write import PARALLEL_INDEX_FROM
from kb.store.entry_store import EntryStore, open_store
from kb.text.bm25 import impact


def fault(key: str, domain: str = "data", **fields: Any) -> EntryContent:
    return EntryContent(
        key=key, domain=domain, symptom=f"symptom of {key}", validation="nvidia-smi", **fields
    )


def test_an_added_entry_comes_back_with_its_bookkeeping(empty_store: EntryStore) -> None:
    empty_store.add(fault("torch-load-map-location", tags=("torch.load",)))
    entry = empty_store.get("torch-load-map-location")
    assert entry.tags == ["torch.load"]
    assert (entry.status, entry.hits, entry.occurrences) == ("active", 0, 1)
    assert entry.created.tzinfo is not None


def test_an_occurrence_keeps_a_message_that_reads_otherwise_in_one_write(empty_store: EntryStore) -> None:
    """On every backend: the variant is stored, indexed with the entry, and kept once."""
    empty_store.add(fault("old-head").replace(symptom="RuntimeError: size mismatch for classifier.weight"))
    again = "RuntimeError: size mismatch for head.fc.weight: copying a param with shape [3, 768]"
    entry = empty_store.record_occurrence("old-head", "after the head was resized", again)
    assert (entry.symptom_variants, entry.occurrences) == ([again], 2)
    assert empty_store.get("old-head").symptom_variants == [again]
    from kb.search.lookup import SearchOptions, search
    from kb.text.paste import signature

    found = search(again, empty_store.location, SearchOptions(limit=1, record_usage=False)).results[0]
    assert found.candidate.key == "old-head" and signature(again) in found.candidate.signatures
    for symptom in (again.replace("768", "1024"), "RuntimeError: size mismatch for classifier.weight"):
        assert empty_store.record_occurrence("old-head", "", symptom).symptom_variants == [again]
    assert empty_store.get("old-head").occurrences == 4


def test_an_occurrences_conditions_are_kept_unless_they_are_a_note_already(empty_store: EntryStore) -> None:
    """A condition that was part of one already noted ("cond 1" after "cond 10") was dropped unsaid."""
    empty_store.add(fault("flaky").replace(conditions="batch size 16 on 8 GPUs"))
    for conditions in ("cond 10", "cond 1", "batch size 16", "cond 1", "batch size 16 on 8 GPUs"):
        empty_store.record_occurrence("flaky", conditions)
    notes = empty_store.get("flaky").conditions.split("\n\n")
    assert notes[0] == "batch size 16 on 8 GPUs"
    assert [note.split(": ", 1)[1] for note in notes[1:]] == ["cond 10", "cond 1", "batch size 16"]


def test_an_occurrence_of_an_entry_merged_or_renamed_since_it_was_found_lands_where_it_went(
    empty_store: EntryStore,
) -> None:
    """`kb add --occurrence` found aaa; a teammate merged aaa into bbb before it was recorded: the
    occurrence was lost ("no entry with key 'aaa'"), exit 1."""
    for key in ("aaa", "bbb"):
        empty_store.add(fault(key))
    empty_store.merge("aaa", "bbb")
    entry = empty_store.record_occurrence("aaa", "on the second node")
    assert (entry.key, entry.occurrences) == ("bbb", 3)  # its own, aaa's, and this one
    empty_store.update("bbb", empty_store.get("bbb").content().replace(key="ccc"))
    assert empty_store.record_occurrence("aaa").key == "ccc"
    assert empty_store.get("ccc").occurrences == 4
    empty_store.purge("ccc")
    with pytest.raises(EntryNotFound):
        empty_store.record_occurrence("aaa")


def test_a_merge_keeps_a_tag_both_entries_had_once(empty_store: EntryStore) -> None:
    """Both entries tagged `labels`: the merged entry listed it twice, in kb show and the wiki."""
    empty_store.add(fault("aaa").replace(tags=("labels", "loss")))
    empty_store.add(fault("bbb").replace(tags=("cuda", "labels")))
    merged = empty_store.merge("aaa", "bbb")
    assert merged.tags == empty_store.get("bbb").tags == ["cuda", "labels", "loss"]


def test_restoring_many_entries_is_all_or_none(
    empty_store: EntryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb restore --last-sync | head -3` restored four of 400 entries, one transaction each, when
    the pipe closed under it: the undo of a sync is one write."""
    from kb.store.index_writer import set_indexed_status

    keys = [f"gone-{n}" for n in range(5)]
    for key in keys:
        empty_store.add(fault(key))
    assert empty_store.archive_many(keys) == tuple(keys)
    real, calls = set_indexed_status, []

    def fails_on_the_third(*args: Any) -> None:
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(*args)

    monkeypatch.setattr("kb.store.entry_store.set_indexed_status", fails_on_the_third)
    with pytest.raises(KeyboardInterrupt):
        empty_store.restore_many(keys)
    assert [empty_store.get(key).status for key in keys] == ["archived"] * 5
    monkeypatch.undo()
    assert empty_store.restore_many([*keys, keys[0]]) == tuple(keys)
    assert empty_store.restore_many(keys) == ()  # none left archived


def test_a_taken_key_is_refused(empty_store: EntryStore) -> None:
    empty_store.add(fault("a"))
    with pytest.raises(KeyTaken):
        empty_store.add(fault("a"))


def test_an_unknown_key_suggests_the_closest(empty_store: EntryStore) -> None:
    empty_store.add(fault("torch-load-map-location"))
    with pytest.raises(EntryNotFound, match="did you mean 'torch-load-map-location'"):
        empty_store.get("torch-load-map-locaton")


def test_bad_content_is_refused_before_anything_is_written(empty_store: EntryStore) -> None:
    with pytest.raises(InvalidEntry, match="symptom is empty"):
        empty_store.add(EntryContent(key="k", domain="data", symptom="  "))
    with pytest.raises(UnknownDomain, match="did you mean 'training'"):
        empty_store.add(fault("k", domain="trainng"))
    assert empty_store.keys() == []


def test_list_filters_by_domain_tag_and_status(empty_store: EntryStore) -> None:
    empty_store.add(fault("a", "data", tags=("CUDA",)))
    empty_store.add(fault("b", "hardware", tags=("cuda",)))
    empty_store.add(fault("c", "hardware"))
    empty_store.set_status("c", "archived")
    assert [e.key for e in empty_store.list()] == ["a", "b"]
    assert [e.key for e in empty_store.list(domain="hardware", status=None)] == ["b", "c"]
    assert [e.key for e in empty_store.list(tag="cuda")] == ["a", "b"]
    assert [e.key for e in empty_store.list(status="archived")] == ["c"]


def test_archiving_says_whether_it_archived(empty_store: EntryStore) -> None:
    """Three `kb rm K` waiting on one lock each said "archived K"; one archived it, and history
    holds one archive."""
    empty_store.add(fault("c", "hardware"))
    assert empty_store.set_status("c", "archived") is True
    assert empty_store.set_status("c", "archived") is False
    assert [change.action for change in empty_store.history("c")] == ["added", "archived"]


def test_unvalidated_finds_entries_kept_with_prose(empty_store: EntryStore) -> None:
    empty_store.add(fault("good"))
    empty_store.add(fault("prose").replace(validation="check the logs"))
    assert [e.key for e in empty_store.list(unvalidated=True)] == ["prose"]


def test_update_can_rename_but_not_onto_a_taken_key(empty_store: EntryStore) -> None:
    empty_store.add(fault("a"))
    empty_store.add(fault("b"))
    with pytest.raises(KeyTaken):
        empty_store.update("a", fault("b"))
    empty_store.update("a", fault("c", fix="new fix"))
    assert empty_store.keys() == ["b", "c"]
    assert empty_store.get("c").fix == "new fix"


def test_a_failed_write_changes_nothing(empty_store: EntryStore) -> None:
    from kb.store.record import SeedItem
    from kb.store.seeding import decide_seed_action

    def explode(current: object, item: SeedItem) -> str:
        if item.content.key == "second":
            raise RuntimeError("disk on fire")
        return decide_seed_action(None, item)

    items = [SeedItem(fault("first"), "d1"), SeedItem(fault("second"), "d2")]
    with pytest.raises(RuntimeError):
        empty_store.sync_seed(items, explode)  # type: ignore[arg-type]
    assert empty_store.keys() == []


def test_times_come_from_the_injected_clock(db_path: Path) -> None:
    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    with open_store(str(db_path), clock=lambda: moment) as store:
        entry = store.add(fault("a"))
    assert entry.created == moment
    with open_store(str(db_path)) as store:
        assert store.get("a").created == moment


def _add_many(db: str, prefix: str, count: int) -> None:
    with open_store(db) as store:
        for n in range(count):
            store.add(fault(f"{prefix}-{n}"))
            store.set_status(f"{prefix}-{n}", "archived")


def test_two_processes_writing_at_once_never_hit_database_is_locked(db_path: Path) -> None:
    open_store(str(db_path)).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_add_many, args=(str(db_path), p, 40)) for p in ("left", "right")]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert [w.exitcode for w in workers] == [0, 0]
    with open_store(str(db_path)) as store:
        assert len(store.list(status="archived")) == 80


def test_indexing_in_worker_processes_gives_the_same_index(monkeypatch: pytest.MonkeyPatch) -> None:
    from kb.store.bulk_write import index_all
    from kb.store.seeding import read_seed_entries
    from kb.text.entry_terms import index_entry

    contents = read_seed_entries()
    monkeypatch.setattr("kb.store.bulk_write.PARALLEL_INDEX_FROM", 2)
    assert index_all(contents) == [index_entry(content) for content in contents]


def _index_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """The index's rows, impacts aside: an entry indexed after the index was built has its impacts
    normalised by the average length the index was built with, where a rebuild takes a new one."""
    with sqlite3.connect(path) as conn:
        return {
            "search_term": sorted(
                conn.execute("SELECT term, entry_id, weight, length, status FROM search_term")
            ),
            "search_doc": sorted(conn.execute("SELECT * FROM search_doc")),
            "search_df": sorted(conn.execute("SELECT * FROM search_df")),
            "totals": sorted(conn.execute("SELECT * FROM kb_meta WHERE name LIKE 'indexed_%'")),
        }


@pytest.mark.new_database
def test_a_large_import_indexes_what_it_was_given_as_a_rebuild_would(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Into a kb that holds entries, with some overwritten: the index written from the contents in
    hand, by worker processes, equals one rebuilt from the stored rows, and its impacts are those
    of the average length the index was built with."""
    from kb.store.index_writer import rebuild_index

    monkeypatch.setattr("kb.store.bulk_write.PARALLEL_INDEX_FROM", 2)
    with open_store(str(db_path)) as store:
        for n in range(5):
            store.add(fault(f"kept-{n}", tags=("loader",)))
        store.set_status("kept-0", "archived")
        adds: list[tuple[EntryContent, dict[str, Any]]] = [
            (normalized(fault(f"new-{n}", domain="model", fix=f"fix {n}")), {}) for n in range(30)
        ]
        updates = [(normalized(fault("kept-1", symptom_variants=("worker hangs",))), {"hits": 3})]
        store.apply_import(adds, updates)
        assert store.get("kept-1").hits == 3 and store.get("kept-1").symptom_variants == ["worker hangs"]
    imported = _index_rows(db_path)
    with sqlite3.connect(db_path) as conn:
        (average,) = conn.execute(
            "SELECT CAST(value AS REAL) FROM kb_meta WHERE name = 'impact_length'"
        ).fetchone()
        postings = conn.execute("SELECT weight, length, impact FROM search_term").fetchall()
    assert all(stored == pytest.approx(impact(tf, length, average)) for tf, length, stored in postings)
    with open_store(str(db_path)) as store, store._writing() as session:
        rebuild_index(session)
    assert _index_rows(db_path) == imported
    assert len(imported["search_doc"]) == 35
    assert ("indexed_entries", "35") in imported["totals"]


def test_an_import_indexes_the_entries_it_brings_and_no_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """A thousand entries into a kb of fifty or of a hundred thousand cost the same: the stored
    entries are neither read back nor indexed again."""
    import kb.store.bulk_write
    from kb.text.entry_terms import index_entry

    indexed: list[str] = []

    def counted(content: EntryContent) -> Any:
        indexed.append(content.key)
        return index_entry(content)

    monkeypatch.setattr(kb.store.bulk_write, "index_entry", counted)
    adds: list[tuple[EntryContent, dict[str, Any]]] = [
        (normalized(fault(f"new-{n}", domain="model", fix=f"fix {n}")), {}) for n in range(30)
    ]
    with open_store(os.environ["KB_DB"]) as store:
        seeds = len(store.keys())
        updates: list[tuple[EntryContent, dict[str, Any]]] = [
            (normalized(store.get("cuda-device-side-assert").content().replace(fix="pin it")), {})
        ]
        store.apply_import(adds, updates)
        assert sorted(indexed) == sorted([*(content.key for content, _ in adds), "cuda-device-side-assert"])
        assert len(store.keys()) == seeds + 30


def test_a_failed_large_import_writes_nothing(
    empty_store: EntryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("kb.store.bulk_write.PARALLEL_INDEX_FROM", 2)
    empty_store.add(fault("taken"))
    keys = [*(f"new-{n}" for n in range(30)), "taken"]
    adds: list[tuple[EntryContent, dict[str, Any]]] = [(normalized(fault(key)), {}) for key in keys]
    with pytest.raises(StoreChanged):  # planned before another writer took a key: plan again
        empty_store.apply_import(adds, [])
    assert empty_store.keys() == ["taken"]

    def broken_index(*_args: object) -> None:
        raise RuntimeError("the disk filled up while the postings went in")

    monkeypatch.setattr("kb.store.entry_store.add_indexed", broken_index)
    with pytest.raises(RuntimeError):
        empty_store.apply_import(adds[:-1], [])
    assert empty_store.keys() == ["taken"]


def test_the_garbage_collector_is_paused_only_for_the_bulk_job() -> None:
    from kb.store.bulk_write import gc_paused

    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # whoever turned it off still has it off
    finally:
        gc.enable()


@pytest.mark.skipif(
    not Path("/proc/self/task").is_dir() or (os.cpu_count() or 1) < 2, reason="needs /proc, 2 CPUs"
)
def test_indexing_workers_end_with_a_killed_import(tmp_path: Path) -> None:
    """Killing `kb import` left its indexing workers running for minutes with the database open."""
    backup = tmp_path / "many.jsonl"
    lines = (
        json.dumps({"key": f"fault-{n}", "domain": "data", "symptom": f"OSError: fault {n} in shard {n * 7}"})
        for n in range(PARALLEL_INDEX_FROM + 1000)
    )
    backup.write_text("\n".join(lines) + "\n")
    child = subprocess.Popen([sys.executable, "-m", "kb", "import", str(backup), "--json"])
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while not workers and child.poll() is None and time.monotonic() < deadline:
        workers = {
            int(pid)
            for task in Path(f"/proc/{child.pid}/task").iterdir()
            for pid in (task / "children").read_text().split()
        }
        time.sleep(0.01)
    assert workers, "the import finished before it started any worker"
    child.send_signal(signal.SIGKILL)
    child.wait()
    deadline = time.monotonic() + 10
    while (
        any(Path(f"/proc/{pid}").exists() and _alive(pid) for pid in workers) and time.monotonic() < deadline
    ):
        time.sleep(0.05)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists() and _alive(pid)]


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting for a reaper."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


@pytest.mark.new_database
def test_a_new_database_is_readable_by_its_owner_only(db_path: Path, kb_backend: str) -> None:
    """It holds the environments kb saw and the output of checks; last-run.json was already 0600."""
    if kb_backend != "sqlite":
        pytest.skip("a server database's access is the server's")
    with open_store(str(db_path)) as store:
        store.add(fault("private"))
    assert db_path.stat().st_mode & 0o777 == 0o600


def test_a_reindex_rebuilds_the_index_it_replaces_and_says_how_far_it_is() -> None:
    """`kb reindex`, the maintenance command: the same postings, documents and frequencies, built
    from the stored entries, with progress told as it goes."""
    told: list[tuple[int, int]] = []

    def index_tables(store: EntryStore) -> list[list[tuple[Any, ...]]]:
        with store._reading() as db:
            return [
                sorted(db.rows("SELECT term, entry_id, weight, length, status FROM search_term")),
                sorted(db.rows("SELECT entry_id, status, length, rules FROM search_doc")),
                sorted(db.rows("SELECT term, df FROM search_df")),
                sorted(db.rows("SELECT digest, entry_id FROM search_form")),
            ]

    with open_store(os.environ["KB_DB"]) as store:
        before = index_tables(store)
        count = store.reindex(lambda done, total: told.append((done, total)))
        assert count == len(store.keys()) and told[-1] == (count, count)
        assert index_tables(store) == before


def owners_in(signatures: Mapping[str, Sequence[str]], wanted: Sequence[str]) -> dict[str, list[str]]:
    """EntryStore.owners, read from every entry's SIGNATURES."""
    owners: dict[str, list[str]] = {}
    for key in sorted(signatures):
        for form in dict.fromkeys(signatures[key]):
            if form in set(wanted):
                owners.setdefault(form, []).append(key)
    return owners


def test_the_database_finds_which_entries_have_a_symptom_form_as_reading_them_all_would() -> None:
    """EntryStore.owners looks each form up by its digest (search_form): the same answer as decoding
    every entry's forms, for forms several entries share, for none, and after an entry changes and
    another goes."""
    with open_store(os.environ["KB_DB"]) as store:
        store.add(store.get("cuda-device-side-assert").content().replace(key="twin"))
        for key in ("changed", "gone"):
            store.add(fault(key).replace(symptom="OSError: a form two entries had"))
        store.update("changed", fault("changed").replace(symptom="OSError: a form only one entry has"))
        store.purge("gone")
        every = store.signatures()
        wanted = [form for forms in every.values() for form in forms] + ["no entry has this form"]
        owners = store.owners(wanted)
        assert owners == owners_in(every, wanted)
        assert any(len(keys) > 1 for keys in owners.values()) and "no entry has this form" not in owners


def test_a_new_check_starts_with_no_verdict_and_its_old_runs_stay_in_history(empty_store: EntryStore) -> None:
    """kb show said "last check confirmed" under a command that had never run, and kb stats and kb
    prune counted a check fixed in kb edit as broken twice in a row."""
    from kb.store.record import CheckRun

    empty_store.add(fault("stale").replace(validation="test -f gizmo.stale"))
    for verdict in ("confirmed", "the check broke", "the check broke"):
        empty_store.record_check("stale", CheckRun(datetime.now(UTC), verdict, "", "test -f gizmo.stale"))
    empty_store.update("stale", fault("stale", fix="another fix").replace(validation="test -f gizmo.stale"))
    kept = empty_store.get("stale")
    assert (kept.last_check_outcome, kept.check_broke_in_a_row) == ("the check broke", 2)
    empty_store.update("stale", fault("stale", fix="another fix").replace(validation="test -d /srv/gizmo"))
    new = empty_store.get("stale")
    assert (new.last_check_at, new.last_check_outcome, new.check_broke_in_a_row) == (None, None, 0)
    assert [run.verdict for run in empty_store.check_history("stale")] == [
        "the check broke",
        "the check broke",
        "confirmed",
    ]


def test_the_version_moves_with_every_kind_of_change_any_writer_makes(empty_store: EntryStore) -> None:
    """What the TUI re-reads its list and counts by: an add, an edit, an archive, a restore and a
    purge each move it, from this store or another connection."""
    empty_store.add(fault("stays"))
    seen = [empty_store.version()]
    empty_store.add(fault("versioned"))
    with open_store(os.environ["KB_DB"]) as other:  # another process's connection
        other.update("versioned", fault("versioned", fix="another fix"))
        seen.append(other.version())
    seen.append(empty_store.version())
    empty_store.mark_reviewed("versioned", status="archived")
    seen.append(empty_store.version())
    empty_store.set_status("versioned", "active")  # kb restore
    seen.append(empty_store.version())
    empty_store.purge("versioned")
    seen.append(empty_store.version())
    assert seen[1] == seen[2]  # both connections see the same
    steps = [seen[0], *seen[2:]]
    assert all(before != after for before, after in itertools.pairwise(steps))
    assert seen[-1] == seen[0]  # the same entries as before the add: nothing to read again
