"""Who changed what, when (kb history), and saves that never overwrite a change made meanwhile, on
SQLite and on a real PostgreSQL server (every test here runs on both)."""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.errors import EditConflict
from kb.store.entry_store import open_store
from tests.command_line import kb

KEY = "cross-entropy-label-out-of-range"


def test_every_change_is_recorded_with_its_author_and_kept_after_the_entry_is_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with open_store() as store:
        monkeypatch.setenv("KB_AUTHOR", "alice")
        before = store.get(KEY).content()
        store.update(KEY, before.replace(fix="check the labels first"))
    with open_store() as store:
        monkeypatch.setenv("KB_AUTHOR", "bob")
        store.set_status(KEY, "archived")
        store.set_status(KEY, "active")
        store.purge(KEY)
        changes = store.history(KEY)
    assert [(c.author, c.action) for c in changes] == [
        ("kb seed", "added"),
        ("alice", "edited"),
        ("bob", "archived"),
        ("bob", "restored"),
        ("bob", "purged"),
    ]
    assert changes[1].content is not None and changes[1].content.fix == "check the labels first"
    assert changes[0].content == before  # what the seed said, findable after the purge


def test_two_people_editing_one_entry_at_once_lose_nothing() -> None:
    """Both opened the entry in their editor; one changed the fix, the other the root cause. Both saw
    "saved" and one field was lost."""
    with open_store() as alice, open_store() as bob:
        opened = alice.get(KEY).content()
        assert bob.get(KEY).content() == opened
        alice.update(KEY, opened.replace(fix="alice's fix"), started_from=opened)
        bob.update(KEY, opened.replace(root_cause="bob's cause"), started_from=opened)
        saved = alice.get(KEY).content()
        assert (saved.fix, saved.root_cause) == ("alice's fix", "bob's cause")
        # Both changing one field differently: the second save is refused, nothing overwritten.
        with pytest.raises(EditConflict) as refused:
            bob.update(KEY, opened.replace(fix="bob's fix"), started_from=opened)
        assert refused.value.fields == ("fix",)
        assert alice.get(KEY).fix == "alice's fix"


def test_kb_history_shows_who_changed_which_fields_and_any_version_in_full(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KB_AUTHOR", "carol")
    assert kb("edit", KEY, "--applies-to", "torch>=2.0").exit_code == 0
    shown = kb("history", KEY)
    assert shown.exit_code == 0
    lines = shown.stdout.splitlines()
    assert "kb seed" in lines[1] and "added" in lines[1]
    assert "carol" in lines[2] and "edited" in lines[2] and "applies_to" in lines[2]
    first = kb("history", KEY, "--version", "1")
    assert first.exit_code == 0 and first.stdout.startswith("+++\n") and "torch>=2.0" not in first.stdout
    missing = kb("history", KEY, "--version", "9")
    assert missing.exit_code == 2 and "versions: 1, 2" in missing.stderr
    unknown = kb("history", "cross-entropy-label")
    assert unknown.exit_code == 1 and "did you mean" in unknown.stderr


def test_the_line_that_shows_a_version_in_full_names_the_team_layer_it_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`kb --layer team history KEY` ended "see one in full: kb history KEY --version N", which reads
    the personal knowledge base instead: 'no entry', or the history of another entry of that key."""
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[[layer]]\nname = "team"\ndatabase = "{os.environ["KB_DB"]}"\n')
    monkeypatch.setenv("KB_DB", str(tmp_path / "personal.db"))
    shown = kb("--layer", "team", "history", KEY)
    assert shown.exit_code == 0
    assert shown.stdout.endswith(f"see one in full: kb --layer team history {KEY} --version N\n")
    assert kb("--layer", "team", "history", KEY, "--version", "1").stdout.startswith("+++\n")


def test_kb_edit_refuses_a_save_over_a_change_made_meanwhile_and_keeps_yours(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The editor stays open for minutes; a teammate saves the same field meanwhile."""
    script = tmp_path / "editor.py"
    script.write_text(
        "import sys, pathlib\n"
        "from kb.store.entry_store import open_store\n"
        f"with open_store() as store:\n"
        f"    entry = store.get({KEY!r}).content()\n"
        "    store.update(entry.key, entry.replace(fix='the teammate fix'))\n"
        "path = pathlib.Path(sys.argv[1])\n"
        "text = path.read_text()\n"
        "start = text.index('## Fix')\n"
        "end = text.index('##', start + 3)\n"
        "path.write_text(text[:start] + '## Fix\\n\\nmy fix\\n\\n' + text[end:])\n"
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    result = kb("edit", KEY)
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "changed by someone else while you edited it, in fix" in result.stderr
    kept = Path(result.stderr.split("your version is in ", 1)[1].split(";", 1)[0])
    assert "my fix" in kept.read_text()
    with open_store() as store:
        assert store.get(KEY).fix == "the teammate fix"


def test_a_rename_says_what_else_it_changed() -> None:
    """The new key's history starts at the rename: what it changed is read against the old key's."""
    with open_store() as store:
        content = store.get(KEY).content()
        store.update(KEY, content.replace(key="labels-out-of-range", domain="training"))
    shown = kb("history", "labels-out-of-range")[1]
    assert f"renamed       from {KEY}; key, domain" in shown
    with open_store() as store:  # another entry under the old key does not change what the rename did
        store.add(content.replace(symptom="another fault", fix="another fix", domain="model"))
    assert f"renamed       from {KEY}; key, domain\n" in kb("history", "labels-out-of-range")[1]


def test_a_version_the_listing_numbers_but_holds_no_entry_says_where_the_entry_went() -> None:
    """`kb history OLD` lists "2 renamed to NEW" and ends "see one in full: --version N"; --version 2
    answered "'OLD' has no version 2 (versions: 1)", as if the listing were wrong."""
    with open_store() as store:
        content = store.get(KEY).content()
        store.update(KEY, content.replace(key="labels-out-of-range"))
    listed = kb("history", KEY).stdout
    assert "  2  " in listed and "to labels-out-of-range" in listed
    code, out, err = kb("history", KEY, "--version", "2")
    assert (code, out) == (2, "")
    assert err == (
        f"kb: version 2 of '{KEY}' is its rename to labels-out-of-range, which holds the entry from"
        " then on: kb history labels-out-of-range\n"
    )
    assert kb("history", KEY, "--version", "7").stderr == f"kb: '{KEY}' has no version 7 (versions: 1)\n"


def test_the_history_says_its_times_in_the_readers_own_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The listing printed UTC times unlabelled: at 10:00 in Berlin a change made a minute ago read
    as made at 09:00."""
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+05:30 all year: no daylight saving to race
    time.tzset()
    try:
        changes = json.loads(kb("history", KEY, "--json").stdout)["changes"]
        listed = kb("history", KEY).stdout.splitlines()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    stored = datetime.strptime(changes[0]["at"], "%Y-%m-%dT%H:%M:%SZ")
    assert listed[0] == f"history of {KEY}, oldest first, times by this machine's clock:"
    assert (stored + timedelta(hours=5, minutes=30)).strftime("%Y-%m-%d %H:%M IST") in listed[1]


def test_an_occurrence_that_adds_its_conditions_is_a_change_in_the_history(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb add --occurrence --conditions …` changes the entry: kb history says who, when, and that."""
    monkeypatch.setenv("KB_AUTHOR", "dana")
    symptom = kb("show", KEY, "--json").stdout.split('"symptom": ')[1].split(",\n")[0].strip('"')
    added = kb("add", "-s", symptom, "-d", "deployment", "--occurrence", "--conditions", "again on node 7")
    assert added.exit_code == 0, added.stderr
    lines = kb("history", KEY).stdout.splitlines()
    assert "dana" in lines[-2] and "occurred" in lines[-2] and "conditions" in lines[-2]
    again = kb("add", "-s", symptom, "-d", "deployment", "--occurrence")  # counted, nothing written
    assert again.exit_code == 0 and kb("history", KEY).stdout.splitlines() == lines
