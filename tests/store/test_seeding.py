"""Seeding: a fresh database knows the field guides, and a refresh never overwrites a user's edit."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.entry.file import read_entry_file, render_entry_file
from kb.paths import seed_directory
from kb.store.entry_store import EntryStore, open_store
from kb.store.seeding import load_seed, open_knowledge_base, read_seed_entries
from tests.command_line import kb


def copy_seed(tmp_path: Path, keys: list[str]) -> Path:
    folder = tmp_path / "seeds"
    for path in seed_directory().glob("*/*.md"):
        if path.stem in keys:
            (folder / path.parent.name).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, folder / path.parent.name / path.name)
    return folder


@pytest.mark.new_database
def test_a_new_database_is_seeded_on_first_use(db_path: Path) -> None:
    with open_knowledge_base(str(db_path)) as store:
        assert len(store.keys()) == len(read_seed_entries())
    with open_knowledge_base(str(db_path)) as store:
        assert not store.was_created


def test_seeding_twice_changes_nothing(empty_store: EntryStore) -> None:
    first = load_seed(empty_store)
    second = load_seed(empty_store)
    assert len(first.added) == len(read_seed_entries())
    assert second.added == second.updated == second.kept == []


def test_untouched_entries_take_the_new_seed_text(tmp_path: Path, empty_store: EntryStore) -> None:
    folder = copy_seed(tmp_path, ["torch-load-map-location"])
    load_seed(empty_store, folder)
    path = next(folder.glob("*/torch-load-map-location.md"))
    content = read_entry_file(path)
    path.write_text(render_entry_file(content.replace(fix="A clearer fix.")), encoding="utf-8")
    report = load_seed(empty_store, folder)
    assert report.updated == ["torch-load-map-location"]
    assert empty_store.get("torch-load-map-location").fix == "A clearer fix."


def test_the_seeds_are_read_again_when_a_file_changes_and_kept_while_none_does(tmp_path: Path) -> None:
    folder = copy_seed(tmp_path, ["torch-load-map-location"])
    first = read_seed_entries(folder)
    assert read_seed_entries(folder) == first  # kept: no file changed
    path = next(folder.glob("*/torch-load-map-location.md"))
    path.write_text(render_entry_file(first[0].replace(fix="A clearer fix.")), encoding="utf-8")
    assert read_seed_entries(folder)[0].fix == "A clearer fix."
    (folder / "data").mkdir(exist_ok=True)
    shutil.copy(next(seed_directory().glob("*/cuda-device-side-assert.md")), folder / "data")
    assert [c.key for c in read_seed_entries(folder)] == [
        "cuda-device-side-assert",
        "torch-load-map-location",
    ]


def test_a_seed_brought_back_by_an_import_is_the_seed_and_takes_the_next_one(
    tmp_path: Path, empty_store: EntryStore
) -> None:
    """A team's database made from `kb export files` of a seeded kb: `kb seed` said "kept your edits
    87" of seeds nobody edited, and a later seed never reached them."""
    folder = copy_seed(tmp_path, ["torch-load-map-location"])
    shipped = read_entry_file(next(folder.glob("*/torch-load-map-location.md")))
    empty_store.add(shipped)  # as an import adds it: the seed's text, without the seed's mark
    assert load_seed(empty_store, folder).unchanged == ["torch-load-map-location"]
    path = next(folder.glob("*/torch-load-map-location.md"))
    path.write_text(render_entry_file(shipped.replace(fix="A clearer fix.")), encoding="utf-8")
    assert load_seed(empty_store, folder).updated == ["torch-load-map-location"]
    assert empty_store.get("torch-load-map-location").fix == "A clearer fix."


def test_an_entry_the_user_edited_is_never_overwritten(tmp_path: Path, empty_store: EntryStore) -> None:
    folder = copy_seed(tmp_path, ["torch-load-map-location"])
    load_seed(empty_store, folder)
    mine = empty_store.get("torch-load-map-location").content().replace(fix="My own hard-won fix.")
    empty_store.update("torch-load-map-location", mine)
    path = next(folder.glob("*/torch-load-map-location.md"))
    path.write_text(render_entry_file(read_entry_file(path).replace(fix="Upstream fix.")), encoding="utf-8")
    report = load_seed(empty_store, folder)
    assert report.kept == ["torch-load-map-location"]
    assert empty_store.get("torch-load-map-location").fix == "My own hard-won fix."


def test_archiving_a_seed_entry_is_not_an_edit(tmp_path: Path, empty_store: EntryStore) -> None:
    folder = copy_seed(tmp_path, ["torch-load-map-location"])
    load_seed(empty_store, folder)
    empty_store.set_status("torch-load-map-location", "archived")
    path = next(folder.glob("*/torch-load-map-location.md"))
    path.write_text(render_entry_file(read_entry_file(path).replace(fix="Upstream fix.")), encoding="utf-8")
    assert load_seed(empty_store, folder).updated == ["torch-load-map-location"]
    entry = empty_store.get("torch-load-map-location")
    assert (entry.fix, entry.status) == ("Upstream fix.", "archived")


def test_a_seed_merged_away_purged_or_renamed_stays_out(tmp_path: Path, empty_store: EntryStore) -> None:
    """`kb seed` brought back the duplicate a review had merged away, the entry purged for good, and
    the seed under its old key beside the user's renamed one."""
    merged, into = "bce-labels-out-of-range", "cross-entropy-label-out-of-range"
    folder = copy_seed(tmp_path, [merged, into, "stft-sample-rate-mismatch", "detach-cuts-gradient"])
    load_seed(empty_store, folder)
    empty_store.merge(merged, into)
    empty_store.purge("stft-sample-rate-mismatch")
    renamed = empty_store.get("detach-cuts-gradient").content().replace(key="my-detach")
    empty_store.update("detach-cuts-gradient", renamed)
    report = load_seed(empty_store, folder)
    assert report.added == []
    assert sorted(report.removals) == [
        "bce-labels-out-of-range",
        "detach-cuts-gradient",
        "stft-sample-rate-mismatch",
    ]
    assert report.unchanged == ["cross-entropy-label-out-of-range"]
    assert empty_store.keys() == ["cross-entropy-label-out-of-range", "my-detach"]


def test_a_removed_seed_comes_back_when_asked_for_by_its_key(tmp_path: Path, empty_store: EntryStore) -> None:
    folder = copy_seed(tmp_path, ["torch-load-map-location", "stft-sample-rate-mismatch"])
    load_seed(empty_store, folder)
    empty_store.purge("stft-sample-rate-mismatch")
    empty_store.purge("torch-load-map-location")
    report = load_seed(empty_store, folder, ["stft-sample-rate-mismatch"])
    assert (report.added, report.removals) == (["stft-sample-rate-mismatch"], [])
    assert empty_store.keys() == ["stft-sample-rate-mismatch"]
    again = load_seed(empty_store, folder)  # back for good: a later load refreshes it as any seed
    assert (again.unchanged, again.removals) == (["stft-sample-rate-mismatch"], ["torch-load-map-location"])


def test_a_seed_key_taken_back_by_the_user_is_theirs_again(tmp_path: Path, empty_store: EntryStore) -> None:
    """A rename back to the seed's key (or a new entry under it) ends the removal: the entry is there."""
    folder = copy_seed(tmp_path, ["detach-cuts-gradient"])
    load_seed(empty_store, folder)
    content = empty_store.get("detach-cuts-gradient").content()
    empty_store.update("detach-cuts-gradient", content.replace(key="my-detach"))
    empty_store.update("my-detach", content)
    report = load_seed(empty_store, folder)
    assert (report.unchanged, report.removals) == (["detach-cuts-gradient"], [])


def test_asking_for_a_seed_that_does_not_exist_writes_nothing(
    tmp_path: Path, empty_store: EntryStore
) -> None:
    from kb.errors import NoSuchSeed

    folder = copy_seed(tmp_path, ["stft-sample-rate-mismatch"])
    with pytest.raises(NoSuchSeed, match="did you mean 'stft-sample-rate-mismatch'"):
        load_seed(empty_store, folder, ["stft-sample-rate-mismatc"])
    assert empty_store.keys() == []


def test_kb_seed_says_which_removals_it_kept(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = len(read_seed_entries())
    assert (
        kb("review", "bce-labels-out-of-range", "--merge-into", "cross-entropy-label-out-of-range").code == 0
    )
    assert kb("rm", "--purge", "--yes", "stft-sample-rate-mismatch").code == 0
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import pathlib, sys\npath = pathlib.Path(sys.argv[1])\n"
        "text = path.read_text().replace('key = \"detach-cuts-gradient\"', 'key = \"my-detach\"')\n"
        "path.write_text(text)\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {editor}")
    assert kb("edit", "detach-cuts-gradient").code == 0
    code, out, _ = kb("seed")
    assert code == 0
    assert out.splitlines() == [
        f"added 0, updated 0, unchanged {seeds - 3}, kept your edits 0, kept your removals 3",
        "kept out as you removed them: bce-labels-out-of-range, stft-sample-rate-mismatch,"
        " detach-cuts-gradient (bring one back with: kb seed --key KEY)",
    ]
    code, out, _ = kb("seed", "--key", "stft-sample-rate-mismatch")
    assert (code, out) == (0, "added 1, updated 0, unchanged 0, kept your edits 0, kept your removals 0\n")
    report = json.loads(kb("seed", "--json").stdout)
    assert report["removals"] == ["bce-labels-out-of-range", "detach-cuts-gradient"]
    assert report["added"] == []
    assert json.loads(kb("where", "--json").stdout)["entries"] == seeds - 1  # my-detach, once
    # an archived seed is kept archived, and said so: it was counted "unchanged"
    assert kb("rm", "read-csv-encoding").code == 0
    code, out, _ = kb("seed", "--key", "read-csv-encoding")
    assert out.splitlines()[1:] == [
        "left archived as you archived them: read-csv-encoding (bring one back with: kb restore KEY)"
    ]
    assert json.loads(kb("seed", "--json").stdout)["archived"] == ["read-csv-encoding"]


def test_seed_files_are_linted_like_any_entry(tmp_path: Path, empty_store: EntryStore) -> None:
    import pytest

    from kb.errors import EntryFileError

    folder = tmp_path / "team" / "data"
    folder.mkdir(parents=True)
    (folder / "prose.md").write_text(
        '+++\nkey = "prose"\ndomain = "data"\n+++\n\n## Symptom\n\nloader hangs\n\n'
        "## Validation\n\ncheck the logs\n"
    )
    with pytest.raises(EntryFileError, match=r"prose\.md:10: validation: .*neither a shell command"):
        load_seed(empty_store, tmp_path / "team")
    assert empty_store.keys() == []


@pytest.mark.new_database
def test_a_first_command_killed_before_seeding_is_done_again(db_path: Path) -> None:
    """A kill after the schema was made and before the seeds were in left a kb that was never seeded."""
    open_store(str(db_path)).close()  # what such a kill leaves: the schema, no entries
    with open_knowledge_base(str(db_path)) as store:
        assert len(store.keys()) == len(read_seed_entries())


@pytest.mark.new_database
def test_a_first_command_killed_at_any_moment_leaves_a_seeded_kb_or_none(db_path: Path) -> None:
    environment = {**os.environ, "KB_DB": str(db_path)}
    command = [sys.executable, "-m", "kb", "where", "--json"]
    for attempt in range(3):
        for leftover in db_path.parent.glob("kb.db*"):
            leftover.unlink()
        child = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
        while not db_path.exists() and child.poll() is None:  # the schema is going in: seeding is next
            time.sleep(0.005)
        time.sleep(0.05 * attempt)
        child.send_signal(signal.SIGKILL)
        child.wait()
        after = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
        assert json.loads(after.stdout)["entries"] == len(read_seed_entries()), attempt


@pytest.mark.new_database
def test_kb_init_empty_and_kb_seed_0_start_without_the_seeds(
    runner: CliRunner, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = kb("init", "--empty")
    assert result.exit_code == 0 and "started an empty knowledge base" in result.stdout
    assert json.loads(kb("where", "--json").stdout)["entries"] == 0
    assert kb("search", "CUDA error: device-side assert triggered").exit_code == 1
    assert json.loads(kb("where", "--json").stdout)["entries"] == 0  # still empty

    monkeypatch.setenv("KB_DB", str(db_path.with_name("team.db")))
    monkeypatch.setenv("KB_SEED", "0")
    assert json.loads(kb("where", "--json").stdout)["entries"] == 0
    monkeypatch.delenv("KB_SEED")
    assert json.loads(kb("where", "--json").stdout)["entries"] == 0  # decided once

    # `kb init` too, as its --help says: it loaded the 87 seeds into a team's new database
    monkeypatch.setenv("KB_DB", str(db_path.with_name("other-team.db")))
    monkeypatch.setenv("KB_SEED", "0")
    result = kb("init")
    assert result.exit_code == 0 and "started an empty knowledge base" in result.stdout
    assert json.loads(kb("where", "--json").stdout)["entries"] == 0


@pytest.mark.new_database
def test_kb_init_seeds_once_and_never_empties_a_kb(runner: CliRunner) -> None:
    first = kb("init", "--json")
    assert json.loads(first.stdout)["seeded"] == len(read_seed_entries())
    again = kb("init")
    assert again.exit_code == 0 and "already holds a knowledge base" in again.stdout
    refused = kb("init", "--empty")
    assert refused.exit_code == 1 and "--empty starts a new knowledge base" in refused.stderr
