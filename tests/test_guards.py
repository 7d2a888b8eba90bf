"""Guard specs on entries: every seeded guard catches its bad example and lets its good one pass."""

from __future__ import annotations

from typing import Any

import pytest

from kb.entry import EntryContent, normalized
from kb.entry_file import parse_entry_file, render_entry_file
from kb.errors import InvalidEntry
from kb.guard_checker import check_source
from kb.seed import read_seed_entries

GUARDED = [content for content in read_seed_entries() if content.guards]


def rule(content: EntryContent, guard: dict[str, Any]) -> dict[str, Any]:
    """The checker's rule for one guard of an entry: the guard's fields, the entry's words."""
    fields = {name: value for name, value in guard.items() if name not in ("bad", "good")}
    return {**fields, "key": content.key, "symptom": content.symptom, "fix": content.fix.splitlines()[0]}


def test_ten_or_more_seed_faults_carry_a_guard() -> None:
    assert len(GUARDED) >= 10


@pytest.mark.parametrize("content", GUARDED, ids=lambda c: c.key)
def test_each_guard_catches_its_bad_example_and_passes_its_good_one(content: EntryContent) -> None:
    for guard in content.guards:
        rules = [rule(content, guard)]
        bad = check_source(str(guard["bad"]) + "\n", rules, "bad.py")
        assert [finding.key for finding in bad] == [content.key], guard["bad"]
        assert check_source(str(guard["good"]) + "\n", rules, "good.py") == [], guard["good"]


def test_guards_round_trip_through_the_entry_file() -> None:
    for content in GUARDED:
        assert parse_entry_file(render_entry_file(content)).guards == content.guards


@pytest.mark.parametrize(
    ("guard", "message"),
    [
        ({"kind": "telepathy", "bad": "x", "good": "y"}, "has kind 'telepathy'"),
        ({"kind": "regex", "pattern": "x", "good": "y"}, "needs a 'bad' example"),
        ({"kind": "regex", "pattern": "x", "bad": "x", "good": " "}, "needs a 'good' example"),
    ],
)
def test_a_guard_without_its_examples_or_kind_is_refused(guard: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidEntry, match=message):
        normalized(EntryContent(key="k", domain="data", symptom="s", guards=(guard,)))
