"""Hostile files at `kb import`: each is refused with `file:line: field: reason`, and nothing is written.

The corpus lives in tests/hostile/imports/, one file per way a shared backup, entry folder or wiki
table can be wrong. Hypothesis then puts arbitrary JSON in every field of a backup line: whatever an
import accepts, every command that reads it afterwards must still work.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.command_line import kb

CORPUS = Path(__file__).resolve().parents[1] / "hostile" / "imports"

#: What each file's one-line error must say: where, and which field.
EXPECTED = {
    "hits-not-a-number.jsonl": ":1: hits: input should be a valid integer",
    "hits-infinite.jsonl": ":1: hits: input should be a valid integer",
    "hits-too-large.jsonl": ":1: hits: input should be less than or equal to",
    "hits-beyond-a-servers-integer.jsonl": ":1: hits: input should be less than or equal to 2147483647",
    "hits-negative.jsonl": ":1: hits: input should be greater than or equal to 0",
    "occurrences-word.jsonl": ":1: occurrences: input should be a valid integer",
    "occurrences-null.jsonl": ":1: occurrences: input should be a valid integer",
    "fix-a-number.jsonl": ":1: fix: input should be a valid string",
    "fix-a-list.jsonl": ":1: fix: input should be a valid string",
    "tags-a-string.jsonl": ":1: tags: input should be a valid list",
    "tags-of-numbers.jsonl": ":1: tags.0: input should be a valid string",
    "symptom-lone-surrogate.jsonl": ":1: symptom: holds a lone surrogate",
    "symptom-missing.jsonl": ":1: symptom: field required",
    "matcher-catastrophic.jsonl": ":1: matchers.0: regex '(a+)+$' can backtrack without end",
    "matcher-empty.jsonl": ":1: matchers.0: a matcher needs 'contains' or 'regex'",
    "unknown-field.jsonl": ":1: colour: not a field",
    "time-not-a-time.jsonl": ":1: created: not an ISO 8601 time",
    "outcome-unknown.jsonl": ":1: last_check_outcome: input should be 'confirmed'",
    "exit-too-large.jsonl": ":1: last_check_exit: input should be less than or equal to",
    "guards-not-a-list.jsonl": ":1: guards: input should be a valid list",
    "guard-catastrophic.jsonl": ":1: entry 'hostile-entry': guard 1 (regex): pattern can backtrack without",
    "guard-overlapping-alternatives.jsonl": ":1: entry 'hostile-entry': guard 1 (regex): pattern can",
    "number-5000-digits.jsonl": ":1: a number longer than any entry holds",
    "entry-number-5000-digits.md": ":2: the front matter holds a number longer than any entry field",
    "key-traversal.jsonl": ":1: key '../../etc/passwd' is not a slug",
    "domain-unknown.jsonl": ":1: unknown domain '/abs/path'",
    "not-an-object.jsonl": ":1: each line must be one JSON object",
    "not-json.jsonl": ":1: not JSON",
    "not-utf8.jsonl": ":1: not UTF-8",
    "format-from-the-future.jsonl": ":1: kb_format: input should be 1",
    "second-line-bad.jsonl": ":2: hits: input should be a valid integer",
    "front-matter-never-closed.md": ":1: the front matter is never closed",
    "entry-tags-a-number.md": ":4: 'tags' must be a list of strings",
    "entry-unknown-key.md": ":4: unknown front matter key 'colour'",
    "entry-no-symptom.md": ": no '## Symptom' section",
    "entry-symptom-twice.md": ":10: section '## Symptom' appears twice",
    "entry-nested-too-deeply.md": ":2: the front matter is nested too deeply",
    "entry-dotted-key-5000-parts.md": ":4: a dotted key with this many parts",
    "table-no-domain.md": ":3: cannot tell the fault domain",
    "notes-no-entries.md": " holds no entries kb can read",
}


def database_rows(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT key, hits, occurrences, updated FROM entry ORDER BY key").fetchall()


def test_every_file_in_the_corpus_has_its_expected_error() -> None:
    assert sorted(p.name for p in CORPUS.iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_hostile_file_is_refused_in_one_line_and_nothing_is_written(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    db = tmp_path / "kb.db"
    before = database_rows(db)
    for options in ([], ["--on-conflict", "overwrite"]):
        result = kb("import", str(CORPUS / name), *options)
        assert result.exit_code == 1, result.output
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert result.stderr.startswith(f"kb: {CORPUS / name}")
        assert EXPECTED[name] in result.stderr
    assert database_rows(db) == before


def test_a_folder_with_one_hostile_file_imports_nothing(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    good = {"key": "a-good-entry", "domain": "data", "symptom": "OSError: a good one"}
    (folder / "a-good.jsonl").write_text(json.dumps(good) + "\n")
    (folder / "b-bad.jsonl").write_text((CORPUS / "tags-a-string.jsonl").read_text())
    before = database_rows(tmp_path / "kb.db")
    result = kb("import", str(folder))
    assert result.exit_code == 1 and "b-bad.jsonl:1: tags:" in result.stderr
    assert database_rows(tmp_path / "kb.db") == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
FIELDS = st.sampled_from(
    [
        "symptom", "fix", "validation", "tags", "related", "symptom_variants", "status", "domain", "guards",
        "hits", "occurrences", "matchers", "created", "last_hit", "last_check_outcome", "last_check_exit",
        "last_check_output", "seed_digest", "cause_path",
    ]
)  # fmt: skip


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=FIELDS, value=JSON)
@example(field="matchers", value=[{"\n": None}])  # a field named by a newline: the refusal stays one line
def test_whatever_an_import_accepts_every_command_can_read(
    runner: CliRunner, tmp_path: Path, field: str, value: object
) -> None:
    line = {"key": "generated-entry", "domain": "data", "symptom": "OSError: generated", field: value}
    backup = tmp_path / "generated.jsonl"
    backup.write_text(json.dumps(line) + "\n")
    result = kb("import", str(backup), "--on-conflict", "overwrite")
    if result.exit_code != 0:
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        assert f"{backup}:1: " in result.stderr
        return
    for command in (["stats"], ["tree"], ["list"], ["show", "generated-entry"], ["search", "OSError"]):
        after = kb(*command)
        assert after.exit_code in (0, 1), (command, after.output)
