"""Schema versions: a version-1 database upgrades to exactly what a fresh one is, losing nothing."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect

from kb.errors import SchemaTooNew, StoreUnavailable
from kb.store.database import MIGRATIONS, SCHEMA_VERSION
from kb.store.entry_store import open_store

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def schema_of(database: Path | str) -> dict[str, Any]:
    """The tables, columns, indexes and keys of DATABASE: an SQLite file, or a server's URL."""
    engine = create_engine(database if isinstance(database, str) else f"sqlite:///{database}")
    inspector = inspect(engine)
    schema = {
        table: {
            "columns": [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)],
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"])) for i in inspector.get_indexes(table)
            ),
            "pk": inspector.get_pk_constraint(table)["constrained_columns"],
            "fks": sorted(
                (fk["referred_table"], tuple(fk["constrained_columns"]), str(fk["options"]))
                for fk in inspector.get_foreign_keys(table)
            ),
        }
        for table in inspector.get_table_names()
    }
    engine.dispose()
    return schema


def load_v1_fixture(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.executescript((FIXTURES / "kb_v1.sql").read_text(encoding="utf-8"))


def test_a_version_1_database_upgrades_to_the_fresh_schema(tmp_path: Path) -> None:
    fresh, upgraded = tmp_path / "fresh.db", tmp_path / "v1.db"
    open_store(str(fresh)).close()
    load_v1_fixture(upgraded)
    with open_store(str(upgraded)) as store:
        assert not store.was_created
        assert store.schema.version == SCHEMA_VERSION
    assert schema_of(upgraded) == schema_of(fresh)


def test_upgrading_keeps_every_entry_and_its_history(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    load_v1_fixture(path)
    with open_store(str(path)) as store:
        entry = store.get("torch-load-map-location")
        archived = store.get("old-archived-fault")
    assert entry.tags == ["torch.load", "设备序号"]
    assert (entry.hits, entry.occurrences) == (3, 2)
    assert entry.last_hit is not None and entry.last_hit.isoformat() == "2026-11-03T11:00:00+00:00"
    assert archived.status == "archived"
    assert archived.symptom == "log lines vanish | after `import datasets`"
    # Before verdicts, exit 1 was "failed"; it said nothing about the fault, so it is inconclusive now.
    assert (archived.last_check_outcome, archived.last_check_exit) == ("inconclusive", 1)
    with open_store(str(path)) as store:
        history = store.check_history("old-archived-fault")
    assert [(run.verdict, run.reason) for run in history] == [
        ("inconclusive", "recorded before checks had verdicts")
    ]


@pytest.mark.sqlite_only
def test_migrations_are_recorded_without_sqlite3s_datetime_adapter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python 3.12 deprecated sqlite3's default datetime adapter (a warning on every first run, an
    error in a later Python): the record of each migration is written as SQLAlchemy writes a date."""
    from datetime import datetime

    adapters: dict[Any, Any] = sqlite3.adapters
    monkeypatch.delitem(adapters, (datetime, sqlite3.PrepareProtocol), raising=False)
    fresh, upgraded = tmp_path / "fresh.db", tmp_path / "v1.db"
    open_store(str(fresh)).close()
    load_v1_fixture(upgraded)
    open_store(str(upgraded)).close()
    for database in (fresh, upgraded):
        with sqlite3.connect(database) as conn:
            stamps = [row[0] for row in conn.execute("SELECT applied FROM kb_migration")]
        assert stamps and all(datetime.fromisoformat(stamp) for stamp in stamps)


def test_every_migration_is_named_in_order() -> None:
    names = [m.__name__ for m in MIGRATIONS]
    assert names == sorted(names)
    assert all(name.startswith(f"m{n:03d}_") for n, name in enumerate(names, 1))


def test_a_schema_newer_than_this_kb_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    open_store(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO kb_migration (name, applied) VALUES ('m999_from_the_future', '2030-01-01')")
    with pytest.raises(SchemaTooNew, match="newer than this kb understands"):
        open_store(str(path))


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes\n")
    with pytest.raises(StoreUnavailable, match="not an SQLite database"):
        open_store(str(path))
    assert path.read_text() == "just some notes\n"


@pytest.mark.sqlite_only
def test_a_named_pipe_is_refused_rather_than_waited_on(tmp_path: Path) -> None:
    """`--db` naming a FIFO hung until Ctrl-C: reading its header waits for a writer."""
    import os

    path = tmp_path / "pipe.db"
    os.mkfifo(path)
    with pytest.raises(StoreUnavailable, match="is not a regular file"):
        open_store(str(path))


def test_an_sqlite_database_that_is_not_kb_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE things (id INTEGER)")
    with pytest.raises(StoreUnavailable, match="not a kb database"):
        open_store(str(path))


def test_a_path_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(StoreUnavailable, match="does not exist"):
        open_store(str(blocker / "sub" / "kb.db"))


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "kb.db")) as store:
        assert store.db.value("PRAGMA journal_mode") == "wal"
        assert (store.db.value("PRAGMA busy_timeout") or 0) >= 5000


def test_the_fast_path_knows_every_migration() -> None:
    from kb.store.schema import MIGRATION_NAMES

    assert tuple(m.__name__ for m in MIGRATIONS) == MIGRATION_NAMES


def test_a_new_normalizer_version_rebuilds_the_search_index(tmp_path: Path) -> None:
    from kb.store.seeding import open_knowledge_base
    from kb.text.paste import NORMALIZER_VERSION

    path = tmp_path / "kb.db"
    open_knowledge_base(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE kb_meta SET value = 'old' WHERE name = 'normalizer_version'")
        conn.execute("DELETE FROM search_term")
    with open_store(str(path)):
        pass
    with sqlite3.connect(path) as conn:
        version = conn.execute("SELECT value FROM kb_meta WHERE name = 'normalizer_version'").fetchone()[0]
        terms = conn.execute("SELECT COUNT(*) FROM search_term").fetchone()[0]
    assert version == str(NORMALIZER_VERSION) and terms > 1000


def test_the_index_stays_exact_through_edits(tmp_path: Path) -> None:
    """Document frequencies kept up to date write by write equal a full rebuild."""
    from kb.entry.content import EntryContent
    from kb.store.index_writer import rebuild_index

    path = tmp_path / "kb.db"
    with open_store(str(path)) as store:
        store.add(
            EntryContent(key="a", domain="data", symptom="DataLoader worker hangs", validation="ulimit -n")
        )
        store.add(EntryContent(key="b", domain="data", symptom="worker killed by signal", validation="dmesg"))
        store.update("a", EntryContent(key="a", domain="data", symptom="loader stalls", validation="ps"))
        store.purge("b")
        store.add(EntryContent(key="c", domain="hardware", symptom="GPU lost", validation="nvidia-smi"))
    with sqlite3.connect(path) as conn:
        incremental = sorted(conn.execute("SELECT term, df FROM search_df"))
    with open_store(str(path)) as store, store._writing() as session:
        rebuild_index(session)
    with sqlite3.connect(path) as conn:
        assert sorted(conn.execute("SELECT term, df FROM search_df")) == incremental


def test_an_upgraded_database_with_entries_is_past_its_first_use(tmp_path: Path) -> None:
    """m005: a database that holds entries is never seeded again; an empty one is, on its next command."""
    path = tmp_path / "v1.db"
    load_v1_fixture(path)
    with open_store(str(path)) as store:
        assert not store.first_use_pending()
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM entry")
        conn.execute("DELETE FROM kb_migration WHERE name = 'm005_first_use_recorded'")
        conn.execute("DELETE FROM kb_meta WHERE name = 'first_use'")
    with open_store(str(path)) as store:
        assert store.first_use_pending()


def test_a_version_1_database_on_postgresql_upgrades_to_the_fresh_schema(
    postgres_database_factory: Callable[[str | None], str],
) -> None:
    """Every migration after the first, run on a real server, gives what a fresh database has."""
    from datetime import UTC, datetime

    from sqlalchemy import text

    from kb.store.database import m001_create_entry

    fresh, upgraded = postgres_database_factory(None), postgres_database_factory(None)
    open_store(fresh).close()
    engine = create_engine(upgraded)
    with engine.begin() as conn:
        m001_create_entry(conn)
        conn.execute(
            text("INSERT INTO kb_migration (name, applied) VALUES ('m001_create_entry', :now)"),
            {"now": datetime.now(UTC)},
        )
    engine.dispose()
    with open_store(upgraded) as store:
        assert store.schema.applied == tuple(m.__name__ for m in MIGRATIONS[1:])
    assert schema_of(upgraded) == schema_of(fresh)
