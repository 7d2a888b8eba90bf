"""The one connection every read and write goes through, on each backend (`backend` runs each test on
SQLite and on a real PostgreSQL server), and the record it hands out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from kb.entry.content import EntryContent
from kb.paths import resolve_location
from kb.store.connection import StatementFailed, connect
from kb.store.entry_store import open_store
from kb.store.record import ENTRY_COLUMNS, Entry
from tests.command_line import kb

#: Each test runs on the store's connection and on a search reader's, which on PostgreSQL speaks to
#: libpq itself (kb.store.libpq) rather than import psycopg; on SQLite the two are one.
LEAN = pytest.mark.parametrize("lean", [False, True], ids=["store", "reader"])


@LEAN
def test_json_and_times_come_back_as_they_went_in(backend: str, lean: bool) -> None:
    """Lists and dicts go in as JSON, times as UTC, whatever zone they were given in."""
    with open_store(backend) as store:
        entry_id = store.add(EntryContent(key="probe", domain="data", symptom="OSError: probe")).id
    db = connect(resolve_location(backend), lean)
    values = {"script": "train.py", "note": "ü ✓"}
    at = datetime(2026, 12, 2, 9, 30, 15, 123456, tzinfo=timezone(timedelta(hours=-5)))
    try:
        with db.transaction():
            db.insert(
                "check_run",
                [
                    {
                        "entry_id": entry_id,
                        "at": at,
                        "verdict": "confirmed",
                        "reason": "r",
                        "command": "c",
                        "input_values": values,
                        "exit_code": None,
                        "machine": "m",
                        "output": "",
                    }
                ],
            )
    finally:
        db.close()
    with open_store(backend) as store:
        (run,) = store.check_history("probe")
    assert run.values == values
    assert run.at == at and run.at.tzinfo == UTC


@LEAN
def test_a_failed_write_leaves_nothing_and_says_it_clashed(backend: str, lean: bool) -> None:
    open_store(backend).close()
    db = connect(resolve_location(backend), lean)
    try:
        with pytest.raises(StatementFailed) as failed, db.transaction():
            db.run("INSERT INTO kb_meta (name, value) VALUES ('probe', 'one')")
            db.run("INSERT INTO kb_meta (name, value) VALUES ('probe', 'two')")
        assert failed.value.clash
        assert "\n" not in failed.value.message and not failed.value.message.startswith("ERROR")
        assert db.value("SELECT value FROM kb_meta WHERE name = 'probe'") is None
    finally:
        db.close()


def test_an_entry_read_back_equals_the_one_written(backend: str) -> None:
    content = EntryContent(
        key="frob-socket",
        domain="data",
        symptom="OSError: the frobnicator socket closed",
        validation="ls /tmp",
        fix="retry",
        tags=("io", "loader"),
        applies_to=("torch>=2.1",),
    )
    with open_store(backend) as store:
        added = store.add(content)
        found = store.get("frob-socket")
    assert found == added
    assert found.content() == added.content()
    assert found.created.tzinfo is not None


@LEAN
def test_every_column_of_an_entry_reads_back_as_the_store_reads_it(backend: str, lean: bool) -> None:
    """Numbers, text, JSON, times and NULLs, through either connection."""
    from kb.store.record import SELECTED_COLUMNS

    with open_store(backend) as store:
        store.add(EntryContent(key="frob", domain="data", symptom="OSError: frob", tags=("io",)))
        store.add(EntryContent(key="plain", domain="model", symptom="ValueError: plain"))
        store.set_status("frob", "archived")
    sql = f'SELECT {SELECTED_COLUMNS} FROM entry WHERE "key" IN (:a, :b) ORDER BY "key"'
    params = {"a": "frob", "b": "plain"}
    store_db, reader = connect(resolve_location(backend)), connect(resolve_location(backend), lean)
    try:
        assert [Entry.from_row(row) for row in reader.rows(sql, params)] == [
            Entry.from_row(row) for row in store_db.rows(sql, params)
        ]
        assert reader.value("SELECT COUNT(*) FROM entry WHERE hits = :hits", {"hits": 0}) == 2
        assert reader.value("SELECT value FROM kb_meta WHERE name = :name", {"name": "no such"}) is None
    finally:
        store_db.close()
        reader.close()


def test_a_search_on_a_server_does_not_import_psycopg(backend: str) -> None:
    """psycopg's import was most of a cold search on PostgreSQL; the reader goes through libpq."""
    import os
    import subprocess
    import sys

    if not backend.startswith("postgresql"):
        pytest.skip("a server's reader")
    with open_store(backend) as store:
        store.add(
            EntryContent(key="target-out", domain="data", symptom="IndexError: Target -1 is out of bounds.")
        )
    kb("search", "--db", backend, "warm up: the first search of a new database seeds it, through the store")
    probe = (
        "import sys; from kb.__main__ import main; sys.argv = ['kb', 'search', '--db', sys.argv[1], "
        "'IndexError: Target 5 is out of bounds.']\n"
        "try:\n    main()\n"
        "except SystemExit as ended:\n    print('exit', ended.code, 'psycopg' in sys.modules)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", probe, backend],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=True,
    )
    assert ran.stdout.splitlines()[-1].endswith(" False")
    assert "target-out" in ran.stdout


def test_a_store_used_after_close_connects_again(backend: str) -> None:
    """The TUI's library closes its store on exit while a caller may still hold it."""
    store = open_store(backend)
    keys = store.keys()
    store.close()
    assert store.keys() == keys
    store.close()


@pytest.mark.sqlite_only
def test_the_record_has_every_column_of_the_table() -> None:
    from kb.store.models import EntryTable

    table = EntryTable.__table__  # type: ignore[attr-defined]
    assert tuple(column.name for column in table.columns) == ENTRY_COLUMNS
    assert set(Entry.__annotations__) == set(ENTRY_COLUMNS)


@pytest.mark.sqlite_only
def test_the_postings_indexes_rebuilt_in_bulk_are_the_tables_own() -> None:
    from kb.store.bulk_write import POSTING_INDEXES
    from kb.store.models import search_term

    declared = {
        index.name: tuple(column.name for column in index.columns)
        for index in search_term.indexes
        if index.unique  # the other one is a server's (search_term_by_impact)
    }
    assert declared == POSTING_INDEXES
