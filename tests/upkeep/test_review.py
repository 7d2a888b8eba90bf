"""The monthly review, the reminder, pruning and stats, with time moved forward by an injected clock."""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import EntryStore, open_store
from kb.upkeep.review import RECENT_ENVIRONMENT_DAYS, applies_nowhere
from tests.command_line import kb

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)

#: The seed entries are loaded at the injected clock's time, as a new user's first command loads them.
pytestmark = pytest.mark.new_database


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[timedelta], None]:
    """Set the time kb sees; call it to move forward."""
    now = [START]
    monkeypatch.setattr("kb.clock.utc_now", lambda: now[0])

    def move(by: timedelta) -> None:
        now[0] = now[0] + by

    return move


@pytest.fixture
def local_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Set this machine's time zone (TZ), and give the process its own back after the test."""
    import time

    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


def add(runner: CliRunner, key: str, symptom: str, validation: str = "nvidia-smi", *extra: str) -> None:
    code, _, err = kb(
        "add",
        "--new",
        "-k",
        key,
        "-s",
        symptom,
        "-d",
        "hardware",
        "-v",
        validation,
        "-f",
        "do the thing",
        *extra,
    )
    assert code == 0, err


def search_finds(runner: CliRunner, key: str, text: str | None = None) -> None:
    """Search as a user does, for KEY's own symptom unless TEXT is given; the search records the hit."""
    if text is None:
        text = json.loads(kb("show", key, "--json")[1])["symptom"]
    code, out, err = kb("search", "--json", text)
    assert code == 0 and json.loads(out)["results"][0]["key"] == key, err


def due_keys(runner: CliRunner) -> list[str]:
    code, out, err = kb("review", "--list", "--json")
    assert code == 0, err
    return [item["key"] for item in json.loads(out)]


def three_of_mine(runner: CliRunner) -> list[str]:
    for key, symptom in (
        ("gizmo-a", "the gizmo jams"),
        ("gizmo-b", "the sprocket squeaks"),
        ("gizmo-c", "x"),
    ):
        add(runner, key, symptom, "nvidia-smi", "--force")
    return ["gizmo-a", "gizmo-b", "gizmo-c"]


def test_nothing_is_due_until_thirty_days_pass(runner: CliRunner, clock: Callable[[timedelta], None]) -> None:
    mine = three_of_mine(runner)
    assert due_keys(runner) == []
    clock(timedelta(days=29))
    assert due_keys(runner) == []
    clock(timedelta(days=2))
    assert sorted(due_keys(runner)) == mine


def test_a_first_review_is_of_what_the_user_met_not_the_seeds_untouched(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """A new user's first review was 92 entries, 87 of them seeds never hit: the whole seed set."""
    kb("where")
    add(runner, "mine", "the flux capacitor hums", "nvidia-smi", "--force")
    search_finds(runner, "cross-entropy-label-out-of-range", "IndexError: Target 5 is out of bounds.")
    with open_store(os.environ["KB_DB"]) as store:
        seed = store.get("port-already-in-use").content()
        store.update(seed.key, seed.replace(fix=seed.fix + " Then retry."))
    clock(timedelta(days=31))
    assert sorted(due_keys(runner)) == ["cross-entropy-label-out-of-range", "mine", "port-already-in-use"]


def test_what_needs_attention_comes_first(runner: CliRunner, clock: Callable[[timedelta], None]) -> None:
    kb("where")
    add(runner, "prose-check", "the flux capacitor hums", "look at it", "--force")
    add(runner, "failing-check", "the gizmo overheats", 'python3 -c "gizmo_temperature()"')
    add(runner, "ruled-out", "the sprocket rattles", "false")
    add(runner, "healthy", "the sprocket squeaks at idle")
    for key in ("failing-check", "failing-check", "ruled-out", "ruled-out"):
        kb("check", key, "--yes")
    search_finds(runner, "healthy")
    clock(timedelta(days=31))
    keys = due_keys(runner)
    assert keys.index("prose-check") < keys.index("failing-check") < keys.index("healthy")
    _, out, _ = kb("review", "--list", "--json")
    reasons = {i["key"]: i["reasons"] for i in json.loads(out)}
    assert "no validation that runs" in reasons["prose-check"]
    # never reviewed: no review date is made up; it fell due a review interval after its creation
    due_since = (START + timedelta(days=30)).isoformat().replace("+00:00", "")
    assert all(i["last_reviewed"] is None and i["due_since"].startswith(due_since) for i in json.loads(out))
    assert "its check broke 2 times in a row" in reasons["failing-check"]
    assert not any("check" in reason for reason in reasons["ruled-out"])  # a ruled-out cause is knowledge


def test_keep_archive_and_merge_from_the_command_line(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    add(runner, "gpu-a", "the gizmo overheats at 90C")
    add(runner, "gpu-b", "the gizmo runs hot under load", "nvidia-smi -q -d TEMPERATURE")
    clock(timedelta(days=31))
    assert kb("review", "gpu-a", "--keep")[0] == 0
    assert "gpu-a" not in due_keys(runner)
    code, out, _ = kb("review", "gpu-b", "--merge-into", "gpu-a")
    assert code == 0 and "merged gpu-b into gpu-a" in out
    # A merge is no archive: what gpu-b said the merged entry does not keep is found where it is.
    assert "gpu-a keeps its own check: gpu-b's stays in its history (kb history gpu-b)" in out
    assert "nvidia-smi -q -d TEMPERATURE" in kb("history", "gpu-b", "--version", "1")[1]
    merged = json.loads(kb("show", "gpu-a", "--json")[1])
    assert "the gizmo runs hot under load" in merged["symptom_variants"] and merged["occurrences"] == 2
    assert kb("show", "gpu-b")[0] == 1
    code, out, _ = kb("review", "gpu-a", "--archive")
    assert code == 0 and "kb restore gpu-a" in out
    assert json.loads(kb("show", "gpu-a", "--json")[1])["status"] == "archived"


def test_a_decision_from_a_script_says_what_was_done_as_json(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """`kb review KEY --keep --json` printed the text line a person reads."""
    add(runner, "gpu-e", "the gizmo overheats at 80C")
    add(runner, "gpu-f", "the gizmo runs hot at idle")
    clock(timedelta(days=31))
    kept = json.loads(kb("review", "gpu-e", "--keep", "--json").stdout)
    assert kept == {"key": "gpu-e", "decision": "kept", "into": None, "said": "kept gpu-e; reviewed now"}
    merged = json.loads(kb("review", "gpu-f", "--merge-into", "gpu-e", "--json").stdout)
    assert (merged["decision"], merged["into"]) == ("merged", "gpu-e")
    assert merged["said"].startswith("merged gpu-f into gpu-e")
    assert json.loads(kb("review", "gpu-e", "--archive", "--json").stdout)["decision"] == "archived"
    assert json.loads(kb("review", "gpu-e", "--archive", "--json").stdout)["decision"] == "none"


def test_a_merge_into_a_missing_or_archived_entry_is_refused(runner: CliRunner) -> None:
    add(runner, "gpu-c", "the gizmo overheats at 95C")
    add(runner, "gpu-d", "the gizmo fan stops")
    code, _, err = kb("review", "gpu-c", "--merge-into", "gpu-dd")
    assert code == 1 and "did you mean 'gpu-d'" in err
    kb("rm", "gpu-d")
    code, _, err = kb("review", "gpu-c", "--merge-into", "gpu-d")
    assert code == 1 and "is archived: nothing can be merged into it; bring it back with: kb" in err
    assert json.loads(kb("show", "gpu-c", "--json")[1])["status"] == "active"


def test_a_refused_merge_names_commands_for_the_knowledge_base_it_worked_on(tmp_path: Path) -> None:
    """`kb --db X review`: the undo a refusal names, and the history a merge points to, act on X;
    a bare `kb restore` restored the personal knowledge base's entry instead."""
    db = str(tmp_path / "team.db")
    faults = (("gpu-c", "the gizmo overheats"), ("gpu-d", "the fan stops"), ("gpu-e", "ECC errors"))
    for key, symptom in faults:
        assert kb("--db", db, "add", "-s", symptom, "-v", "nvidia-smi", "-f", f"fix {key}", "-d", "hardware",
                  "-k", key).code == 0  # fmt: skip
    kb("--db", db, "rm", "gpu-d")
    code, _, err = kb("--db", db, "review", "gpu-c", "--merge-into", "gpu-d")
    assert code == 1 and err.strip().endswith(f"bring it back with: kb --db {db} restore gpu-d")
    code, out, _ = kb("--db", db, "review", "gpu-c", "--merge-into", "gpu-e")
    assert code == 0 and f"(kb --db {db} history gpu-c)" in out


def test_reviewing_an_archived_entry_claims_no_archive_and_no_keep(runner: CliRunner) -> None:
    assert kb("rm", "read-csv-encoding").code == 0
    with open_store(os.environ["KB_DB"]) as store:
        before = len(store.history("read-csv-encoding"))
    code, out, _ = kb("review", "read-csv-encoding", "--archive")
    assert code == 0 and out.startswith("read-csv-encoding is already archived; bring it back with: kb")
    code, _, err = kb("review", "read-csv-encoding", "--keep")
    assert code == 1 and "is archived: nothing to keep" in err
    with open_store(os.environ["KB_DB"]) as store:
        assert len(store.history("read-csv-encoding")) == before
        assert store.get("read-csv-encoding").status == "archived"


def test_stepping_through_saves_each_decision_even_if_interrupted(
    runner: CliRunner, clock: Callable[[timedelta], None], interactive: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import typer

    three_of_mine(runner)
    clock(timedelta(days=31))
    first_two = due_keys(runner)[:2]
    answers = iter(["k", "a"])

    def prompt(text: str, **_: object) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None  # Ctrl-C at the third entry

    real_prompt = typer.prompt
    monkeypatch.setattr(typer, "prompt", prompt)
    code, _, err = kb("review")
    assert (
        code == 130
        and err == "kb: interrupted; what it had saved before stays saved, nothing is half-written\n"
    )
    remaining = due_keys(runner)
    assert first_two[0] not in remaining and first_two[1] not in remaining
    assert json.loads(kb("show", first_two[1], "--json")[1])["status"] == "archived"
    monkeypatch.setattr(typer, "prompt", real_prompt)
    code, out, _ = kb("review", input="s\nq\n")
    assert code == 0 and "This review decided nothing." in out and "Added this month:" in out


def test_the_reminder_comes_once_a_day_and_never_in_json(
    runner: CliRunner, clock: Callable[[timedelta], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    three_of_mine(runner)
    clock(timedelta(days=31))
    _, _, err = kb("list", "--json")
    assert "due for review" not in err
    _, _, err = kb("list")
    assert err.startswith("kb: ") and "due for review" in err and err.count("\n") == 1
    assert "due for review" not in kb("list")[2]
    clock(timedelta(days=1))
    monkeypatch.setenv("KB_NO_REVIEW_REMINDER", "1")
    assert "due for review" not in kb("list")[2]
    monkeypatch.delenv("KB_NO_REVIEW_REMINDER")
    assert "due for review" in kb("list")[2]


def test_the_reminder_counts_what_kb_review_would_step_through(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """The reminder counts in the database (the first command of the day must not read every entry
    of a large knowledge base): the same entries as `kb review --list`, seeds edited, hit or left
    alone among them."""
    from kb.upkeep.review import met

    three_of_mine(runner)
    search_finds(runner, "cross-entropy-label-out-of-range", "IndexError: Target 5 is out of bounds.")
    with open_store() as store:
        seed = store.get("torch-load-map-location").content()
        store.update(seed.key, seed.replace(fix=seed.fix + " (our boxes: cpu first)"))
    clock(timedelta(days=31))
    add(runner, "gizmo-new", "the flux capacitor hums")  # too new to be due
    with open_store() as store:
        count, seeds = store.unreviewed(store.now() - timedelta(days=30))
        reminded = count + sum(1 for entry in seeds if met(entry))
    due = due_keys(runner)
    assert reminded == len(due) and {
        "gizmo-a",
        "cross-entropy-label-out-of-range",
        "torch-load-map-location",
    } <= set(due)
    assert "gizmo-new" not in due


def test_prune_is_a_dry_run_until_applied_and_can_be_undone(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    add(runner, "old-gizmo", "the old gizmo jams")
    add(runner, "used-gizmo", "the sprocket wheel squeals under load")
    clock(timedelta(days=200))
    search_finds(runner, "used-gizmo")
    code, out, _ = kb("prune", "--unused-for", "180d", "--domain", "hardware")
    assert code == 0 and "would archive old-gizmo" in out and "used-gizmo" not in out and "dry run" in out
    assert json.loads(kb("show", "old-gizmo", "--json")[1])["status"] == "active"
    code, out, _ = kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply", "--json")
    result = json.loads(out)
    assert "old-gizmo" in result["archived"] and "used-gizmo" not in result["archived"]
    code, out, _ = kb("restore", "--last-prune")
    assert code == 0 and "restored old-gizmo" in out
    assert json.loads(kb("show", "old-gizmo", "--json")[1])["status"] == "active"
    # Archived again by hand, it is no longer the prune's to undo.
    assert kb("rm", "old-gizmo")[0] == 0
    code, out, _ = kb("restore", "--last-prune")
    assert code == 0 and "restored" not in out
    assert json.loads(kb("show", "old-gizmo", "--json")[1])["status"] == "archived"


def test_each_person_undoes_their_own_last_prune_on_a_shared_knowledge_base(
    runner: CliRunner, clock: Callable[[timedelta], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice pruned, then Bob on the same database: Alice's `kb restore --last-prune`, the undo her
    prune printed, brought back Bob's entries, and hers could then not be brought back at once."""
    add(runner, "old-gizmo", "the old gizmo jams")
    add(runner, "old-sprocket", "the old sprocket wheel squeals under load")
    clock(timedelta(days=200))
    monkeypatch.setenv("KB_AUTHOR", "alice")
    assert kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply")[0] == 0
    assert kb("restore", "old-sprocket")[0] == 0
    monkeypatch.setenv("KB_AUTHOR", "bob")
    code, out, _ = kb("restore", "--last-prune")  # Bob has pruned nothing
    assert code == 0 and out.strip() == "no prune of yours has archived anything here: nothing to restore"
    monkeypatch.setenv("KB_AUTHOR", "alice")
    code, out, _ = kb("restore", "--last-prune")
    assert code == 0 and "restored old-gizmo" in out
    assert json.loads(kb("show", "old-gizmo", "--json")[1])["status"] == "active"


def test_a_prune_kept_before_each_persons_were_kept_apart_is_undone_by_who_made_it(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    add(runner, "old-gizmo", "the old gizmo jams")
    monkeypatch.setenv("KB_AUTHOR", "alice")
    with open_store(os.environ["KB_DB"]) as store:  # as kb kept it before: one record for everyone
        store.archive_many(["old-gizmo"], undo_record="last_prune")
    monkeypatch.setenv("KB_AUTHOR", "bob")
    assert "restored" not in kb("restore", "--last-prune")[1]
    monkeypatch.setenv("KB_AUTHOR", "alice")
    assert "restored old-gizmo" in kb("restore", "--last-prune")[1]


def test_an_entry_edited_while_pruned_is_still_the_prunes_to_undo(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """`kb restore --last-prune` skipped it and said nothing, or "archived nothing that is left"."""
    add(runner, "old-gizmo", "the old gizmo jams")
    clock(timedelta(days=200))
    assert kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply")[0] == 0
    assert kb("edit", "old-gizmo", "--applies-to", "torch>=2.0")[0] == 0
    code, out, _ = kb("restore", "--last-prune")
    assert code == 0 and "restored old-gizmo" in out.splitlines()


def after_the_prune_chose(monkeypatch: pytest.MonkeyPatch, meanwhile: Callable[[EntryStore], None]) -> None:
    """Make another writer's MEANWHILE happen between the prune choosing its entries and archiving."""
    from kb.upkeep import review as upkeep

    chosen = upkeep.prune_candidates

    def then_meanwhile(store: EntryStore, *rules: Any) -> upkeep.PrunePlan:
        found = chosen(store, *rules)
        meanwhile(store)
        return found

    monkeypatch.setattr(upkeep, "prune_candidates", then_meanwhile)


def test_a_prune_names_only_what_it_archived(
    runner: CliRunner, clock: Callable[[timedelta], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer archived one chosen entry and deleted another while the prune waited: it said
    "archived" of both, or failed on the deleted one, which the user never named."""
    for key in ("old-gizmo", "gone-gizmo", "taken-gizmo"):
        add(runner, key, f"the {key} jams", "nvidia-smi", "--force")
    clock(timedelta(days=200))

    def meanwhile(store: EntryStore) -> None:
        store.set_status("taken-gizmo", "archived")
        store.purge("gone-gizmo")

    after_the_prune_chose(monkeypatch, meanwhile)
    code, out, err = kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply")
    assert code == 0, err
    archived = [line for line in out.splitlines() if line.startswith("archived ")]
    assert any(line.startswith("archived old-gizmo  ") for line in archived)
    assert f"{len(archived)} archived; undo with" in out
    assert "left taken-gizmo: archived, deleted, used, checked or changed by someone else" in out
    assert "left gone-gizmo: archived, deleted, used, checked or changed by someone else" in out


def test_an_entry_used_or_given_a_guard_while_the_prune_waited_is_left_active(
    runner: CliRunner, clock: Callable[[timedelta], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A teammate met the fault again (or guarded it) between the prune choosing an entry as unused
    and archiving it: the prune archived it anyway, and said "archived … last hit never"."""
    for key in ("old-gizmo", "met-gizmo", "guarded-gizmo"):
        add(runner, key, f"the {key} jams", "nvidia-smi", "--force")
    clock(timedelta(days=200))

    def meanwhile(store: EntryStore) -> None:
        store.record_occurrence("met-gizmo")
        guards = store.get("dataparallel-grads-none").content().guards
        store.update("guarded-gizmo", store.get("guarded-gizmo").content().replace(guards=guards))

    after_the_prune_chose(monkeypatch, meanwhile)
    code, out, err = kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert "old-gizmo" in result["archived"]
    for key in ("met-gizmo", "guarded-gizmo"):
        assert key in result["entries"] and key not in result["archived"]
        assert json.loads(kb("show", key, "--json")[1])["status"] == "active"
    assert "restored old-gizmo" in kb("restore", "--last-prune")[1].splitlines()


def test_a_fault_recorded_again_is_not_unused(runner: CliRunner, clock: Callable[[timedelta], None]) -> None:
    """An entry recorded three times today with `kb add --occurrence` was listed by `kb prune
    --unused-for 180d` as "last hit never"."""
    add(runner, "old-gizmo", "the old gizmo jams")
    clock(timedelta(days=200))
    recorded = kb(
        "add", "--occurrence", "-s", "the old gizmo jams", "-d", "hardware", "-v", "nvidia-smi", "-f", "x"
    )
    assert recorded[0] == 0 and "another occurrence" in recorded[1], recorded
    code, out, _ = kb("prune", "--unused-for", "180d", "--domain", "hardware")
    assert code == 0 and "old-gizmo" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["prune"], "at least one rule"),
        (["prune", "--unused-for", "six months"], "not a duration"),
        (["prune", "--unused-for", "99999999999d"], "longer than a century"),
        (["prune", "--status", "sad"], "--status must be one of"),
        (["review", "--keep"], "need the KEY"),
        (["review", "k", "--keep", "--archive"], "choose one of"),
    ],
)
def test_upkeep_usage_errors(runner: CliRunner, args: list[str], message: str) -> None:
    code, _, err = kb(*args)
    assert code == 2 and message in err and err.count("\n") == 1


def test_stats(runner: CliRunner, clock: Callable[[timedelta], None]) -> None:
    add(runner, "failing", "the doohickey wobbles at speed", 'python3 -c "doohickey_wobble()"')
    kb("check", "failing", "--yes")  # NameError: the check itself is broken
    kb("check", "failing", "--yes")
    search_finds(runner, "failing")
    clock(timedelta(hours=1))  # a search within the same sitting would be the same hit
    search_finds(runner, "failing", "the doohickey wobbles at speed")
    code, out, _ = kb("stats", "--json")
    data = json.loads(out)
    assert code == 0
    assert (
        data["added_this_month"] == 1 and data["by_domain"]["hardware"] >= 1
    )  # yours: the seeds do not count
    assert data["most_hit"][0] == {"key": "failing", "hits": 2}
    assert {"key": "failing", "broke_in_a_row": 2} in data["broken_checks"]
    assert data["review"]["due"] == 0 and data["review"]["interval_days"] == 30
    assert len(data["never_hit_keys"]) == data["never_hit"] > 10  # not the first ten of them
    clock(timedelta(days=40))
    data = json.loads(kb("stats", "--json")[1])
    assert data["added_this_month"] == 0 and data["review"]["due"] > 0
    code, out, _ = kb("stats")
    assert "broken checks     failing (broke 2 in a row)" in out


def test_stats_wraps_between_keys_never_inside_one(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """`shard-` at the end of a line and `checksum` on the next read as two keys."""
    faults = {
        "shard-checksum-mismatch-after-resume": "ShardChecksumError: the resumed shard failed its digest",
        "tokenizer-cache-stale-after-vocab-bump": "TokenizerCacheError: the cached vocabulary is stale",
        "feature-store-lease-expired-mid-join": "FeatureLeaseError: the lease expired during the join",
    }
    keys = list(faults)
    for key, symptom in faults.items():
        add(runner, key, symptom)
        search_finds(runner, key)
        clock(timedelta(hours=1))
    shown = kb("stats", env={"COLUMNS": "80"}).stdout
    assert all(key in shown for key in keys)


def test_the_fault_tree_counts_and_flags_what_recurs(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    code, out, _ = kb("tree", "data")
    assert code == 0 and out.startswith("data  [") and "├── " in out and "Recurring most" not in out
    for _ in range(6):  # six days, six times the same fault
        search_finds(runner, "dataloader-too-many-open-files")
        clock(timedelta(days=1))
    code, out, _ = kb("tree", "data")
    assert "Recurring most (a guard could stop them):" in out
    recurring = out.split("Recurring most")[1]
    assert "Workers" in recurring or "worker" in recurring.lower()
    data = json.loads(kb("tree", "--json")[1])
    assert [root["name"] for root in data][:2] == ["data", "model"]
    assert sum(root["entry_count"] for root in data) >= 70
    assert kb("tree", "--format", "markdown", "data")[1].startswith("- **data**")
    assert kb("tree", "--format", "mermaid")[1].startswith("flowchart")
    code, _, err = kb("tree", "--format", "markdown", "--json")  # JSON came out, the markdown asked for not
    assert code == 2 and "--json is --format json" in err


def test_the_tree_says_how_many_recurring_causes_it_did_not_list(runner: CliRunner) -> None:
    for i in range(7):
        symptom = f"Fault{i}Error: the part number {i} failed its own test"
        add(runner, f"fault-{i}", symptom, "nvidia-smi", "--cause-path", f"cause {i}")
        for _ in range(4):
            assert kb("add", "-s", symptom, "--occurrence")[0] == 0
    out = kb("tree", "hardware")[1]
    listed = out.split("Recurring most (a guard could stop them):\n")[1].splitlines()
    assert len(listed) == 6 and listed[-1] == "  and 2 more, flagged in the tree above"
    assert out.count("← recurring") == 7


def test_dates_are_the_days_of_the_persons_own_clock_everywhere(
    runner: CliRunner, clock: Callable[[timedelta], None], local_zone: Callable[[str], None]
) -> None:
    """In Tokyo at 08:30 on 1 December, kb stats counted an entry of 20 November as added this month
    (November, by UTC's clock); kb show said an entry added at 00:30 UTC on 1 December was created
    on the 1st while kb history, on a California clock, said 16:30 on 30 November; and kb history's
    header named today's zone for every row."""
    clock(datetime(2026, 11, 20, 10, 0, tzinfo=UTC) - START)
    add(runner, "tokyo-batch", "TokyoBatchError: the night batch missed its window")
    clock(datetime(2026, 11, 30, 23, 30, tzinfo=UTC) - datetime(2026, 11, 20, 10, 0, tzinfo=UTC))
    local_zone("Asia/Tokyo")
    assert json.loads(kb("stats", "--json").stdout)["added_this_month"] == 0
    clock(timedelta(hours=1))
    local_zone("America/Los_Angeles")
    add(runner, "west-coast", "WestCoastError: the ferry left without the batch")
    assert "created 2026-11-30" in kb("show", "west-coast").stdout
    assert "2026-11-30 16:30 PST" in kb("history", "west-coast").stdout
    assert "west-coast" not in kb("export", "markdown", "--since", "2026-12-01", "--columns", "key").stdout
    assert "west-coast" in kb("export", "markdown", "--since", "2026-11-30", "--columns", "key").stdout
    local_zone("Europe/Berlin")
    assert "2026-12-01 01:30 CET" in kb("history", "west-coast").stdout
    assert "2026-11-20 11:00 CET" in kb("history", "tokyo-batch").stdout


def test_a_fault_recorded_three_times_is_three_occurrences_in_the_tree(runner: CliRunner) -> None:
    """Each `kb add --occurrence` counts a hit too; the tree added both, five for three."""
    add(
        runner,
        "gizmo-jam",
        "GizmoError: the gizmo jammed at the sprocket",
        "nvidia-smi",
        "--cause-path",
        "gizmo > sprocket",
    )
    for _ in range(2):
        code, _, err = kb("add", "-s", "GizmoError: the gizmo jammed at the sprocket", "--occurrence")
        assert code == 0, err
    tree = json.loads(kb("tree", "hardware", "--json")[1])
    (gizmo,) = [branch for branch in tree[0]["children"] if branch["name"] == "gizmo"]
    assert gizmo["occurred"] == 3  # the entry and its two recorded occurrences
    assert "(hits 2, seen 3x)" in kb("tree", "hardware")[1]


def test_a_search_then_its_recorded_occurrence_is_one_meeting_in_the_tree(runner: CliRunner) -> None:
    """Search, then `kb add --occurrence`: the workflow the README gives. The search's hit and the
    occurrence's counted one meeting twice: "1 entry, 3 occurrences" for a fault met twice."""
    symptom = "NarwhalError: tusk misaligned at layer 7 of the encoder stack"
    add(runner, "narwhal-tusk", symptom, "nvidia-smi", "--cause-path", "narwhal > tusk")
    assert kb("search", symptom)[0] == 0
    assert kb("add", "-s", symptom, "--occurrence")[0] == 0
    tree = json.loads(kb("tree", "hardware", "--json")[1])
    (narwhal,) = [branch for branch in tree[0]["children"] if branch["name"] == "narwhal"]
    assert narwhal["occurred"] == 2  # recorded, then met again (searched and recorded)
    assert "(hits 1, seen 2x)" in kb("tree", "hardware")[1]


def test_a_key_merged_away_says_where_it_went_not_a_key_like_it(runner: CliRunner) -> None:
    """`kb show` of a merged entry's key asked "did you mean 'caterror-…-2'?", another entry."""
    symptom = "CatError: the cat sat on the keyboard"
    add(runner, "cat-on-keys", symptom)
    add(runner, "cat-on-keys-2", symptom)
    add(runner, "dog-ate-checkpoint", "DogError: the dog ate the checkpoint")
    assert kb("review", "cat-on-keys", "--merge-into", "dog-ate-checkpoint")[0] == 0
    for argv in (["show", "cat-on-keys"], ["show", "--json", "cat-on-keys"], ["restore", "cat-on-keys"]):
        code, _, err = kb(*argv)
        assert code == 1 and err == (
            "kb: no entry with key 'cat-on-keys': it was merged into 'dog-ate-checkpoint'\n"
        ), argv
    assert "did you mean 'cat-on-keys-2'?" in kb("show", "cat-on-key")[2]


def test_an_entry_related_to_one_merged_away_shows_where_that_one_went(runner: CliRunner) -> None:
    """`kb show` listed a related key no entry had any more, as if it were there."""
    assert kb("review", "bce-labels-out-of-range", "--merge-into", "cross-entropy-label-out-of-range")[0] == 0
    for argv in (["show"], ["--layer", "personal", "show"]):  # the lean reader and the store
        shown = " ".join(kb(*argv, "bce-labels-object-dtype-nan")[1].split())
        assert "bce-labels-out-of-range (merged into cross-entropy-label-out-of-range)" in shown, argv


def test_the_fault_tree_of_an_unknown_domain(runner: CliRunner) -> None:
    code, _, err = kb("tree", "hardwear")
    assert code == 2 and "did you mean 'hardware'" in err
    code, _, err = kb("tree", "--format", "svg")
    assert code == 2 and "--format must be" in err


def test_the_reminder_looks_at_the_due_list_at_most_once_a_day(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import kb.upkeep.review as upkeep

    kb("where")
    calls: list[int] = []
    real = upkeep.due_for_review

    def counting(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(upkeep, "due_for_review", counting)
    kb("list")
    kb("list")
    assert len(calls) <= 1


def test_a_prune_and_its_undo_record_are_one_transaction(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill between the archive and its record made `kb restore --last-prune` undo the previous prune."""
    import os

    from kb.store.seeding import open_knowledge_base
    from kb.upkeep.review import apply_prune, last_prune

    with open_knowledge_base(os.environ["KB_DB"]) as store:
        assert apply_prune(store, ["cuda-device-side-assert"]) == ("cuda-device-side-assert",)
        assert last_prune(store) == ["cuda-device-side-assert"]

        def killed(*_args: object, **_kwargs: object) -> str:
            raise KeyboardInterrupt

        monkeypatch.setattr("kb.store.entry_store.json.dumps", killed)
        with pytest.raises(KeyboardInterrupt):
            apply_prune(store, ["cross-entropy-label-out-of-range"])
        monkeypatch.undo()
        assert store.get("cross-entropy-label-out-of-range").status == "active"
        assert last_prune(store) == ["cuda-device-side-assert"]


def test_one_message_with_several_causes_is_not_a_duplicate() -> None:
    """kb review flagged 16 seeds as "likely duplicate" of other seeds: one message, several causes."""
    from kb.store.seeding import open_knowledge_base
    from kb.upkeep.review import likely_duplicates

    with open_knowledge_base() as store:
        entries = store.list()
        signatures = store.signatures()
    assert likely_duplicates(signatures, {e.key: e.cause_path for e in entries}) == {}
    paths = {e.key: e.cause_path for e in entries} | {"typed-again": ""}
    again = {**signatures, "typed-again": signatures["cuda-device-side-assert"]}
    assert likely_duplicates(again, paths)["typed-again"] in {
        key for key, forms in signatures.items() if set(forms) & set(signatures["cuda-device-side-assert"])
    }


def test_a_quoted_path_does_not_hide_a_known_fault(runner: CliRunner) -> None:
    """`Too many open files: '/data/shard_0099.arrow'` made a new entry instead of naming the seed."""
    flags = [
        "-s",
        "OSError: [Errno 24] Too many open files: '/data/shard_0099.arrow'",
        "-d",
        "data",
        "-v",
        "ulimit -n",
    ]
    code, _, err = kb("add", *flags, "-f", "raise the limit")
    assert code == 1 and "this looks like 'dataloader-too-many-open-files'" in err


def test_a_scope_no_recent_environment_meets_is_flagged() -> None:
    old_torch = {"python": "3.11.7", "os": "linux", "torch": "2.3.0"}
    newer_torch = {"python": "3.12.1", "os": "linux", "torch": "2.4.1"}
    no_torch = {"python": "3.11.7", "os": "linux"}
    environments = [old_torch, newer_torch, no_torch]
    assert applies_nowhere(["torch>=2.1,<2.2"], environments) == (
        "applies to no recent environment: torch<2.2,>=2.1 (seen 2.3.0, 2.4.1)"
    )
    assert applies_nowhere(["torch>=2.1,<2.2", "os==linux"], [*environments, {"torch": "2.1.2"}]) is None
    assert applies_nowhere(["driver<535"], environments) is None  # no environment knows a driver
    assert applies_nowhere(["torch<2.2"], []) is None and applies_nowhere([], environments) is None


def test_review_flags_an_entry_scoped_to_versions_no_one_runs_any_more(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    python = platform.python_version()
    add(runner, "old-python-only", "the gizmo dumps core", "nvidia-smi", "--applies-to", "python<3.0")
    add(runner, "this-python", "the gizmo hums", "nvidia-smi", "--applies-to", f"python=={python}")
    add(runner, "old-torch-only", "the gizmo hums loudly", "nvidia-smi", "--applies-to", "torch<2.2")
    kb("search", "--env", "the gizmo hums")  # the environment this search ran in is recorded
    clock(timedelta(days=31))
    _, out, _ = kb("review", "--list", "--json")
    reasons = {item["key"]: item["reasons"] for item in json.loads(out)}
    assert f"applies to no recent environment: python<3.0 (seen {python})" in reasons["old-python-only"]
    assert not any("environment" in reason for reason in reasons["this-python"] + reasons["old-torch-only"])
    assert "environments      1 seen in 90 days" in kb("stats")[1]
    clock(timedelta(days=RECENT_ENVIRONMENT_DAYS))  # no one has been seen since
    _, out, _ = kb("review", "--list", "--json")
    reasons = {item["key"]: item["reasons"] for item in json.loads(out)}
    assert not any("environment" in reason for reason in reasons["old-python-only"])
    assert json.loads(kb("stats", "--json")[1])["recent_environments"] == 0


def test_an_archived_entry_is_never_offered_as_the_one_to_merge_into(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """Review suggested an archived entry as the duplicate to merge into, and the merge was refused."""
    add(runner, "gizmo-old", "RuntimeError: the gizmo sprocket jammed at step 40")
    add(runner, "gizmo-new", "RuntimeError: the gizmo sprocket jammed at step 40")
    assert kb("rm", "gizmo-old")[0] == 0
    clock(timedelta(days=31))
    _, out, _ = kb("review", "--list", "--json")
    item = next(i for i in json.loads(out) if i["key"] == "gizmo-new")
    assert not [reason for reason in item["reasons"] if "gizmo-old" in reason]


def test_the_review_list_names_the_duplicate_whole_with_the_merge_that_folds_it(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """Its reasons column is cut to the width, and with it the key a merge needs (`… of fs-ti…`)."""
    add(
        runner, "fs-timeout-on-shared-checkpoint-volume", "RuntimeError: the gizmo sprocket jammed at step 40"
    )
    add(runner, "fs-timeout-again", "RuntimeError: the gizmo sprocket jammed at step 40")
    clock(timedelta(days=31))
    out = kb("review", "--list", env={"COLUMNS": "60"}).stdout
    assert (
        "fs-timeout-again likely duplicates fs-timeout-on-shared-checkpoint-volume: "
        "kb review fs-timeout-again --merge-into fs-timeout-on-shared-checkpoint-volume"
    ) in out or (
        "fs-timeout-on-shared-checkpoint-volume likely duplicates fs-timeout-again: "
        "kb review fs-timeout-on-shared-checkpoint-volume --merge-into fs-timeout-again"
    ) in out


def test_restore_last_prune_before_any_prune_says_there_was_none(runner: CliRunner) -> None:
    """'the last prune archived nothing that is left to restore' spoke of a prune that never ran."""
    for flag, kind in (("--last-prune", "prune of yours"), ("--last-sync", "sync")):
        code, out, _ = kb("restore", flag)
        assert code == 0 and out.strip() == f"no {kind} has archived anything here: nothing to restore"


def test_the_tree_of_an_empty_knowledge_base_says_there_is_none(runner: CliRunner) -> None:
    """`kb tree` on a knowledge base with no entries printed a blank line and exit 0."""
    assert kb("--db", "empty.db", "init", "--empty")[0] == 0
    code, out, _ = kb("--db", "empty.db", "tree")
    assert code == 0 and out.strip() == "no active entries: no fault tree to draw"


def test_each_decision_at_review_is_said_and_the_summary_names_them_all(
    runner: CliRunner, clock: Callable[[timedelta], None], interactive: None
) -> None:
    """Keep and edit printed nothing, and the closing line named only the archives ("Archived this
    review: own-3.") when a merge had been made too."""
    three_of_mine(runner)
    clock(timedelta(days=31))
    first, second, third = due_keys(runner)
    code, out, _ = kb("review", input=f"k\na\nm\n{first}\n")
    assert code == 0, out
    assert f"kept {first}; reviewed now" in out and f"archived {second}; kb restore {second} undoes it" in out
    assert f"merged {third} into {first}" in out
    assert f"This review: kept 1; archived {second}; merged {third}." in out


def test_an_entry_this_review_merged_others_into_is_still_shown_for_a_look(
    runner: CliRunner, clock: Callable[[timedelta], None], interactive: None
) -> None:
    """Two merged into the third: it was skipped as "reviewed meanwhile", as if someone had, while
    nobody had looked at what it holds now."""
    three_of_mine(runner)
    clock(timedelta(days=31))
    first, second, third = due_keys(runner)
    code, out, _ = kb("review", input=f"m\n{third}\nm\n{third}\nk\n")
    assert code == 0, out
    assert "reviewed meanwhile" not in out
    assert "needs a look: " in out and f"took {first}, {second} merged into it in this review" in out
    assert f"This review: kept 1; merged {first}, {second}." in out
    # its reasons are read again: the merges gave it their hits, so it is no longer "never hit"
    taker = out.split("[3/3] needs a look: ", 1)[1].split("\n", 1)[0]
    assert "never hit" not in taker and taker.endswith("merged into it in this review"), taker


def test_an_entry_a_teammate_decided_on_while_the_review_waited_is_not_asked_again(
    runner: CliRunner, clock: Callable[[timedelta], None], interactive: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list is read once, at the start: an entry a teammate kept meanwhile was still shown as
    "needs a look", and one they archived was shown, and kept, as if it were active."""
    import typer

    three_of_mine(runner)
    clock(timedelta(days=31))
    first, second, third = due_keys(runner)
    shown: list[str] = []

    def prompt(text: str, **_: object) -> str:
        shown.append(text)
        if len(shown) > 3:
            raise AssertionError("asked again and again")
        if len(shown) == 1:  # while the first waits, a teammate keeps the second and archives the third
            with open_store(os.environ["KB_DB"]) as theirs:
                theirs.mark_reviewed(second)
                theirs.mark_reviewed(third, status="archived")
        return "k"

    monkeypatch.setattr(typer, "prompt", prompt)
    code, out, err = kb("review")
    assert code == 0, err
    assert len(shown) == 1 and f"kept {first}; reviewed now" in out
    assert f"{second}: reviewed meanwhile, no longer due; skipped" in out
    assert f"{third}: archived meanwhile, no longer due; skipped" in out
    assert "This review: kept 1." in out
    assert json.loads(kb("show", third, "--json").stdout)["status"] == "archived"


def test_an_entry_whose_guards_work_is_never_unused(
    runner: CliRunner, clock: Callable[[timedelta], None], tmp_path: Path
) -> None:
    """A fault its guard stops at commit time never becomes a search or an occurrence: the better
    the guard worked, the more unused its entry looked, and a prune archived it; the next export
    then dropped the guard without a word."""
    guards = tmp_path / "guards.toml"
    guards.write_text(
        '[[guards]]\nkind = "banned-call"\ncall = ["gizmo.jam"]\nbad = "gizmo.jam()"\ngood = "gizmo.run()"\n',
        encoding="utf-8",
    )
    add(runner, "guarded-gizmo", "the guarded gizmo jams", "nvidia-smi", "--guards", str(guards))
    add(runner, "old-gizmo", "the old gizmo jams")
    clock(timedelta(days=200))
    code, out, _ = kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply")
    assert code == 0 and "archived old-gizmo  " in out
    assert "kept guarded-gizmo: unused, but its guards keep the fault away without a search" in out
    assert json.loads(kb("show", "guarded-gizmo", "--json")[1])["status"] == "active"
    dry = json.loads(kb("prune", "--unused-for", "180d", "--domain", "hardware", "--json")[1])
    assert "guarded-gizmo" in dry["kept_guarded"] and "guarded-gizmo" not in dry["entries"]


def test_a_merge_keeps_how_often_both_faults_came_up(runner: CliRunner) -> None:
    """One entry seen twice, another found by one search: the tree counted 4 before the merge and 3
    after it, the merged entry's first occurrence lost."""
    from kb.clock import utc_now
    from kb.store.entry_store import open_store
    from kb.store.index_reader import IndexReader
    from kb.upkeep.fault_tree import TreeEntry

    add(runner, "gpu-a", "the gizmo overheats at 90C")
    add(runner, "gpu-b", "the gizmo runs hot under load", "nvidia-smi -q -d TEMPERATURE")

    def occurred(key: str) -> int:
        with open_store() as store:
            entry = store.get(key)
        return TreeEntry(entry.key, entry.domain, "", entry.symptom, entry.hits, entry.occurrences).occurred

    with open_store() as store:
        store.record_occurrence("gpu-a", "after a reboot")
        location, b = store.location, store.get("gpu-b").id
    assert b is not None
    with IndexReader(location) as reader:
        reader.record_hit(b, utc_now())
    before = occurred("gpu-a") + occurred("gpu-b")
    assert kb("review", "gpu-b", "--merge-into", "gpu-a")[0] == 0
    assert occurred("gpu-a") == before == 4


def test_a_seed_the_user_never_met_is_no_occurrence_in_the_tree(runner: CliRunner) -> None:
    """On a new knowledge base `kb tree data` said `data  [23 entries, 23 occurrences]` and
    `(hits 0, seen 1x)` of each seed: the occurrence a seed ships with is none the user had."""

    def occurred() -> int:
        return sum(root["occurred"] for root in json.loads(kb("tree", "--json")[1]))

    assert occurred() == 0 and "seen 1x" not in kb("tree", "data")[1]
    seed = "dataloader-too-many-open-files"
    assert "· seen 0x ·" in kb("show", seed)[1]  # kb show and kb add count as the tree does
    search_finds(runner, seed)
    assert occurred() == 1
    symptom = json.loads(kb("show", seed, "--json")[1])["symptom"]
    counted = kb("add", "-s", symptom, "--occurrence")
    assert counted[0] == 0 and f"counted another occurrence of {seed} (seen 1x)" in counted[1]
    # the search that found it and the occurrence recorded after it are one meeting
    assert occurred() == 1 and f"{seed}  (hits 1, seen 1x)" in kb("tree", "data")[1]
    assert "· seen 1x ·" in kb("show", seed)[1]
    add(runner, "gizmo-hot", "the gizmo overheats at 90C")
    assert occurred() == 2
    for source in ("bce-labels-out-of-range", seed):  # one never met, one met once
        assert kb("review", source, "--merge-into", "gizmo-hot")[0] == 0
        assert occurred() == 2
    assert "gizmo-hot  (hits 1, seen 2x)" in kb("tree", "hardware")[1]


def test_a_merged_entry_has_a_last_hit_for_the_hit_it_gained(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """A merge counts the source's first occurrence as a hit; the entry kept no date for it, so a
    prune said "last hit never" of an entry with a hit, and archived it as unused since its creation."""
    add(runner, "gizmo-hot", "the gizmo overheats at 90C")
    clock(timedelta(days=100))
    add(runner, "gizmo-warm", "the gizmo runs warm under load", "nvidia-smi -q -d TEMPERATURE")
    assert kb("review", "gizmo-warm", "--merge-into", "gizmo-hot")[0] == 0
    clock(timedelta(days=120))
    shown = json.loads(kb("show", "gizmo-hot", "--json")[1])
    assert shown["hits"] == 1 and shown["last_hit"] is not None
    dry = json.loads(kb("prune", "--unused-for", "180d", "--domain", "hardware", "--json")[1])
    assert "gizmo-hot" not in dry["entries"]  # hit 120 days ago, when gizmo-warm was recorded


@pytest.mark.parametrize("days", ["1000000", "9999999999", "²"])
def test_an_absurd_review_interval_is_a_century(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, days: str
) -> None:
    """KB_REVIEW_DAYS=1000000 made every command fail with an OverflowError from the reminder."""
    monkeypatch.setenv("KB_REVIEW_DAYS", days)
    monkeypatch.delenv("KB_NO_REVIEW_REMINDER", raising=False)
    where = kb("where")
    assert where[0] == 0, where[2]
    interval = json.loads(kb("stats", "--json")[1])["review"]["interval_days"]
    assert interval == (30 if days == "²" else 36_500)


def test_one_entry_kept_leaves_the_reminder_for_those_still_due(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """`kb review gizmo-a --keep` silenced the reminder for 30 days, gizmo-b and gizmo-c due all along."""
    three_of_mine(runner)
    clock(timedelta(days=31))
    assert kb("review", "gizmo-a", "--keep")[0] == 0
    clock(timedelta(days=1))
    reminded = kb("list")[2]
    assert "kb: 2 entries are due for review (last review 1 day ago): kb review" in reminded
    assert sorted(due_keys(runner)) == ["gizmo-b", "gizmo-c"]


def test_restore_last_prune_names_what_it_cannot_bring_back_and_why(
    runner: CliRunner, clock: Callable[[timedelta], None]
) -> None:
    """An entry renamed while pruned, another merged away, were left out of the undo without a word."""
    three_of_mine(runner)
    clock(timedelta(days=200))
    assert kb("prune", "--unused-for", "180d", "--domain", "hardware", "--apply")[0] == 0
    with open_store() as store:
        store.update("gizmo-a", store.get("gizmo-a").content().replace(key="gizmo-jam"))
    assert kb("restore", "gizmo-c")[0] == 0
    assert kb("review", "gizmo-b", "--merge-into", "gizmo-c")[0] == 0
    assert kb("rm", "gizmo-c")[0] == 0  # archived by hand: no longer the prune's
    code, out, err = kb("restore", "--last-prune")
    assert code == 0, err
    assert [line for line in out.splitlines() if "gizmo" in line] == [
        "left gizmo-a: renamed to gizmo-jam since the prune; bring it back with: kb restore gizmo-jam",
        "left gizmo-b: merged into gizmo-c since the prune",
    ]
