"""The engine and the schema: connecting, SQLite's concurrency settings, and named migrations.

An empty database gets the current schema from the models and is stamped with every migration's
name. An existing database runs only the migrations it has not seen, in order, each in its own
transaction. So `MIGRATIONS` is append-only: a migration, once released, never changes, and a
database from any earlier kb upgrades losslessly (tests/store/test_migrations.py checks fresh == upgraded).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlalchemy.pool import StaticPool

from kb.errors import NotADatabase, ReadOnlyDatabase, SchemaTooNew, StoreUnavailable
from kb.paths import DatabaseLocation
from kb.store import sqlite_file
from kb.store.connection import (
    ADVISORY_LOCK,
    LOCK_SPACE,
    SQLITE_CACHE_KIB,
    Database,
    SqliteDatabase,
    decoded,
)
from kb.store.schema import (
    DUE_FOR_REVIEW_COLUMNS,
    FIRST_USE,
    OLD_OUTCOMES,
    POSTING_ORDER,
    SQLITE_BUSY_TIMEOUT_MS,
    SchemaState,
    form_digest,
    server_engine,
    server_message,
)

Migration = Callable[[Connection], None]

MIGRATION_TABLE = "kb_migration"


def m001_create_entry(conn: Connection) -> None:
    """The first released schema, written out so it never drifts with the models."""
    metadata = MetaData()
    Table(
        "entry",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("key", String, nullable=False, index=True, unique=True),
        Column("domain", String, nullable=False, index=True),
        Column("symptom", String, nullable=False),
        Column("symptom_variants", JSON, nullable=False),
        Column("validation", String, nullable=False),
        Column("fix", String, nullable=False),
        Column("root_cause", String, nullable=False),
        Column("cause_path", String, nullable=False),
        Column("tags", JSON, nullable=False),
        Column("conditions", String, nullable=False),
        Column("environment", String, nullable=False),
        Column("case", String, nullable=False),
        Column("snippet", String, nullable=False),
        Column("source", String, nullable=False),
        Column("related", JSON, nullable=False),
        Column("status", String, nullable=False, index=True),
        Column("created", DateTime(timezone=True), nullable=False),
        Column("updated", DateTime(timezone=True), nullable=False),
        Column("reviewed", DateTime(timezone=True), nullable=True),
        Column("hits", Integer, nullable=False),
        Column("last_hit", DateTime(timezone=True), nullable=True),
        Column("occurrences", Integer, nullable=False),
        Column("guards", JSON, nullable=False),
        Column("matchers", JSON, nullable=False),
        Column("last_check_at", DateTime(timezone=True), nullable=True),
        Column("last_check_outcome", String, nullable=True),
        Column("last_check_exit", Integer, nullable=True),
        Column("last_check_output", String, nullable=True),
        Column("seed_digest", String, nullable=True),
    )
    Table(
        MIGRATION_TABLE,
        metadata,
        Column("name", String, primary_key=True),
        Column("applied", DateTime(timezone=True), nullable=False),
    )
    metadata.create_all(conn)


def m002_add_search_index(conn: Connection) -> None:
    """Tables for search computed at write time; the store fills them when it next opens."""
    metadata = MetaData()
    Table("entry", metadata, Column("id", Integer, primary_key=True))
    Table(
        "search_doc",
        metadata,
        Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True),
        Column("status", String, nullable=False),
        Column("length", Float, nullable=False),
        Column("signatures", JSON, nullable=False),
        Column("exception_types", JSON, nullable=False),
    )
    Table(
        "search_term",
        metadata,
        Column("term", String, primary_key=True),
        Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True),
        Column("weight", Float, nullable=False),
        sqlite_with_rowid=False,
    )
    Table(
        "search_df",
        metadata,
        Column("term", String, primary_key=True),
        Column("df", Integer, nullable=False),
        sqlite_with_rowid=False,
    )
    Table(
        "search_miss",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("query", String, nullable=False),
        Column("decisive", String, nullable=False),
        Column("searched", DateTime(timezone=True), nullable=False),
    )
    Table(
        "kb_meta",
        metadata,
        Column("name", String, primary_key=True),
        Column("value", String, nullable=False),
    )
    for table in metadata.sorted_tables:
        if table.name != "entry":
            table.create(conn)


def m003_index_terms_by_entry(conn: Connection) -> None:
    """An index of search terms by entry: editing or adding an entry in a large knowledge base read
    every posting to find its own (about 0.1 s per add at 100,000 entries)."""
    conn.execute(text("CREATE INDEX search_term_by_entry ON search_term (entry_id)"))


def m004_postings_in_impact_order(conn: Connection) -> None:
    """Postings that carry their entry's length, status and BM25 impact, readable best first: a
    search at 100,000 entries read every posting of its common words (200,000 rows and more), each
    joined to search_doc. Entries with precise matchers get an index of their own. The postings are derived
    data: the table is rebuilt empty, and the store reindexes on opening, as for a new normalizer."""
    conn.execute(text("DROP TABLE search_term"))
    metadata = MetaData()
    Table("entry", metadata, Column("id", Integer, primary_key=True))
    postings = Table(
        "search_term",
        metadata,
        Column("term", String, primary_key=True),
        Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True),
        Column("weight", Float, nullable=False),
        Column("length", Float, nullable=False),
        Column("impact", Float, nullable=False),
        Column("status", String, nullable=False),
        Index("search_term_by_impact", "term", "impact", "entry_id", "status", "weight", "length"),
        Index("search_term_by_entry", "entry_id", "term", "weight", "length"),
        sqlite_with_rowid=False,
    )
    postings.create(conn)
    conn.execute(text("ALTER TABLE search_doc ADD COLUMN rules INTEGER NOT NULL DEFAULT 0"))
    conn.execute(text("CREATE INDEX search_doc_with_rules ON search_doc (rules)"))
    conn.execute(text("DELETE FROM kb_meta WHERE name = 'normalizer_version'"))


def m005_first_use_recorded(conn: Connection) -> None:
    """A marker for the end of first use (kb.store.schema.FIRST_USE): before it, a first command
    killed while seeding left an empty knowledge base that was never seeded. A database that holds
    entries is past its first use; an empty one is seeded on its next command."""
    if conn.execute(text("SELECT 1 FROM entry LIMIT 1")).first() is not None:
        conn.execute(text("INSERT INTO kb_meta (name, value) VALUES (:name, 'seeded')"), {"name": FIRST_USE})


def m006_sync_bases(conn: Connection) -> None:
    """The version of each entry that the knowledge base and an entry folder last agreed on (kb sync):
    the base of a three-way merge, so that a change on one side is told from a change on the other."""
    metadata = MetaData()
    Table(
        "sync_base",
        metadata,
        Column("folder", String, primary_key=True),
        Column("key", String, primary_key=True),
        Column("content", JSON, nullable=True),
        Column("conflict", JSON, nullable=True),
    ).create(conn)


def m007_entry_applies_to(conn: Connection) -> None:
    """An entry's applies_to constraints (kb.entry.constraints): where its fix holds. Existing
    entries hold everywhere, as before."""
    conn.execute(text("ALTER TABLE entry ADD COLUMN applies_to JSON NOT NULL DEFAULT '[]'"))


def m008_environments_seen(conn: Connection) -> None:
    """The environments kb has judged entries in (kb run, pytest --kb, IPython, kb search --env), each
    once, with when it was last seen: `kb review` flags an entry whose applies_to none of the recent
    ones meets any more."""
    metadata = MetaData()
    Table(
        "environment_seen",
        metadata,
        Column("digest", String, primary_key=True),
        Column("facts", String, nullable=False),
        Column("first_seen", DateTime(timezone=True), nullable=False),
        Column("last_seen", DateTime(timezone=True), nullable=False),
    ).create(conn)


def m009_check_verdicts(conn: Connection) -> None:
    """Checks give verdicts (kb.verify.verdict): each entry's check rule, the history of its runs
    (verdict, the values used, the machine, the time), and how many runs in a row broke. The last
    recorded outcome of each entry becomes a verdict (OLD_OUTCOMES) and the first row of its history."""
    conn.execute(text("ALTER TABLE entry ADD COLUMN check_rule JSON NOT NULL DEFAULT '{}'"))
    conn.execute(text("ALTER TABLE entry ADD COLUMN check_broke_in_a_row INTEGER NOT NULL DEFAULT 0"))
    metadata = MetaData()
    Table("entry", metadata, Column("id", Integer, primary_key=True))
    runs = Table(
        "check_run",
        metadata,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), nullable=False, index=True),
        Column("at", DateTime(timezone=True), nullable=False),
        Column("verdict", String, nullable=False),
        Column("reason", String, nullable=False),
        Column("command", String, nullable=False),
        Column("input_values", JSON, nullable=False),
        Column("exit_code", Integer, nullable=True),
        Column("machine", String, nullable=False),
        Column("output", String, nullable=False),
    )
    runs.create(conn)
    for old, verdict in OLD_OUTCOMES.items():
        conn.execute(
            text("UPDATE entry SET last_check_outcome = :verdict WHERE last_check_outcome = :old"),
            {"verdict": verdict, "old": old},
        )
    conn.execute(
        text(
            "INSERT INTO check_run "
            "(entry_id, at, verdict, reason, command, input_values, exit_code, machine, output) "
            "SELECT id, last_check_at, last_check_outcome, 'recorded before checks had verdicts', "
            "validation, '{}', last_check_exit, '', COALESCE(last_check_output, '') FROM entry "
            "WHERE last_check_at IS NOT NULL AND last_check_outcome IS NOT NULL"
        )
    )


def m010_entry_history(conn: Connection) -> None:
    """Every change of an entry from now on, with its author and time and the version it left
    (kb history): a settled conflict, an archive or a merge keeps what a person wrote findable."""
    metadata = MetaData()
    Table(
        "entry_change",
        metadata,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("key", String, nullable=False, index=True),
        Column("at", DateTime(timezone=True), nullable=False),
        Column("author", String, nullable=False),
        Column("action", String, nullable=False),
        Column("detail", String, nullable=False),
        Column("content", JSON, nullable=True),
    ).create(conn)


def m011_entries_in_listing_order(conn: Connection) -> None:
    """An index in the order `kb list` and `kb export` show entries (domain, then key, by code point),
    which they stream: the first line no longer waits for every entry to be read and sorted."""
    if conn.dialect.name == "sqlite":
        conn.execute(text('CREATE INDEX entry_in_listing_order ON entry (domain, "key")'))
    elif conn.dialect.name == "postgresql":
        conn.execute(
            text('CREATE INDEX entry_in_listing_order_c ON entry (domain COLLATE "C", "key" COLLATE "C")')
        )


def m012_symptom_forms_by_digest(conn: Connection) -> None:
    """Each entry's masked symptom forms in a table of their own, by digest: an import finds the
    stored entries that share a form it brings by looking the form up, where it read every entry's
    forms before (a quarter of a second at 100,000 entries, for each import)."""
    metadata = MetaData()
    Table("entry", metadata, Column("id", Integer, primary_key=True))
    forms = Table(
        "search_form",
        metadata,
        Column("digest", String, primary_key=True),
        Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True),
        Index("search_form_by_entry", "entry_id"),
        sqlite_with_rowid=False,
    )
    forms.create(conn)
    rows = {
        (form_digest(form), int(entry_id))
        for entry_id, signatures in conn.execute(text("SELECT entry_id, signatures FROM search_doc"))
        for form in decoded(signatures)
    }
    if rows:
        conn.execute(
            forms.insert(), [{"digest": digest, "entry_id": entry} for digest, entry in sorted(rows)]
        )


def m013_entries_due_for_review(conn: Connection) -> None:
    """An index that holds what the once-a-day review reminder asks of each entry, so that it counts
    the entries due without reading their rows (0.17 s at 100,000 entries before)."""
    conn.execute(text(f"CREATE INDEX entry_due_for_review ON entry ({', '.join(DUE_FOR_REVIEW_COLUMNS)})"))


def m014_postings_keyed_by_impact(conn: Connection) -> None:
    """The postings table keyed in the order a search reads it (term, impact, entry), which on SQLite
    makes the table itself the index that was beside it: an import of 1,000 entries into 100,000 wrote
    each new posting into two trees ordered by term, a page per term in each. Derived data, as for
    m004: the table is rebuilt empty and the store reindexes on opening."""
    conn.execute(text("DROP TABLE search_term"))
    metadata = MetaData()
    Table("entry", metadata, Column("id", Integer, primary_key=True))
    postings = Table(
        "search_term",
        metadata,
        Column("term", String, nullable=False),
        Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), nullable=False),
        Column("weight", Float, nullable=False),
        Column("length", Float, nullable=False),
        Column("impact", Float, nullable=False),
        Column("status", String, nullable=False),
        PrimaryKeyConstraint("term", "impact", "entry_id"),
        Index("search_term_by_entry", "entry_id", "term", "weight", "length", unique=True),
        sqlite_with_rowid=False,
    )
    if conn.dialect.name == "postgresql":
        Index("search_term_by_impact", *(postings.c[name] for name in POSTING_ORDER))
    postings.create(conn)
    conn.execute(text("DELETE FROM kb_meta WHERE name = 'normalizer_version'"))


# Append only: MIGRATIONS[n] takes a database from version n to n + 1.
MIGRATIONS: list[Migration] = [
    m001_create_entry,
    m002_add_search_index,
    m003_index_terms_by_entry,
    m004_postings_in_impact_order,
    m005_first_use_recorded,
    m006_sync_bases,
    m007_entry_applies_to,
    m008_environments_seen,
    m009_check_verdicts,
    m010_entry_history,
    m011_entries_in_listing_order,
    m012_symptom_forms_by_digest,
    m013_entries_due_for_review,
    m014_postings_keyed_by_impact,
]

SCHEMA_VERSION = len(MIGRATIONS)


def open_engine(location: DatabaseLocation, db: Database | None = None) -> Engine:
    """An engine for LOCATION, with SQLite set up so concurrent kb processes wait instead of failing,
    and a file kb may not write opened read-only (kb.store.sqlite_file). A database in memory exists
    only in the connection DB holds, so the engine borrows that one."""
    if not location.is_sqlite:
        return server_engine(location.url, location.display())
    timeout = SQLITE_BUSY_TIMEOUT_MS / 1000
    if location.file is None and isinstance(db, SqliteDatabase):
        held = db.conn
        engine = create_engine("sqlite://", creator=lambda: held, poolclass=StaticPool)
        _tune_sqlite(engine)
        return engine
    if location.path is not None:
        sqlite_file.check_path(location)
        if sqlite_file.is_read_only(location):
            file = str(location.path)
            engine = create_engine("sqlite://", creator=lambda: sqlite_file.connect(file, timeout))
            _tune_sqlite(engine)
            return engine
    engine = create_engine(location.url, connect_args={"timeout": timeout})
    _tune_sqlite(engine)
    return engine


def _tune_sqlite(engine: Engine) -> None:
    """WAL lets readers work beside a writer; BEGIN IMMEDIATE makes writers queue on the busy timeout.

    A deferred transaction that reads and then writes can fail at once with "database is locked"
    when another process committed in between; taking the write lock up front avoids that.
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # let SQLAlchemy's "begin" event issue BEGIN
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        with contextlib.suppress(sqlite3.OperationalError):  # read-only: keep the journal mode, still read
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute(f"PRAGMA cache_size = -{SQLITE_CACHE_KIB}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("kb_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def migrate(
    engine: Engine, location: DatabaseLocation, now: datetime | None = None, read_only: bool = False
) -> SchemaState:
    """Bring the database at ENGINE to the current schema. Raises StoreUnavailable or SchemaTooNew.
    READ_ONLY: the database can only be read; it must be current already."""
    from sqlmodel import SQLModel  # deferred: only opening a store for writing pays for the ORM

    import kb.store.models  # noqa: F401  (registers the tables on SQLModel.metadata)

    if read_only:
        return _check_current(engine, location)
    stamp = (now or datetime.now(UTC)).replace(tzinfo=None)
    try:
        with engine.connect() as conn:
            conn = conn.execution_options(kb_write=True)
            with conn.begin():
                serialize_schema_work(conn)
                tables = set(inspect(conn).get_table_names())
                if not tables:
                    try:
                        SQLModel.metadata.create_all(conn)
                    except DatabaseError as exc:
                        if _not_permitted(exc):  # a teammate's first command, before the owner's
                            raise StoreUnavailable(
                                f"{location.display()} holds no kb tables yet, and this role may not"
                                " create them: the role that owns kb's schema must run kb once"
                                " (kb init, or kb init --empty), then this one works"
                            ) from exc
                        raise
                    names = [m.__name__ for m in MIGRATIONS]
                    _record(conn, names, stamp)
                    return SchemaState(SCHEMA_VERSION, created=True, applied=tuple(names))
                if MIGRATION_TABLE not in tables:
                    where = location.display()
                    raise StoreUnavailable(
                        f"{where} is a database but not a kb database (no {MIGRATION_TABLE})"
                    )
                done = _applied(conn)
            known = [m.__name__ for m in MIGRATIONS]
            if done - set(known):
                raise SchemaTooNew(location.display(), len(done), SCHEMA_VERSION)
            applied: list[str] = []
            for migration in MIGRATIONS:
                if migration.__name__ in done:
                    continue
                try:
                    with conn.begin():
                        serialize_schema_work(conn)
                        if migration.__name__ in _applied(conn):  # another kb ran it meanwhile
                            continue
                        migration(conn)
                        _record(conn, [migration.__name__], stamp)
                except DatabaseError as exc:
                    if _not_permitted(exc):  # a teammate's role may write rows, not change tables
                        raise StoreUnavailable(
                            f"{location.display()} has schema version {len(done)} and needs an upgrade"
                            f" to {SCHEMA_VERSION}, which this role may not make: the role that owns"
                            " kb's tables must run kb once (kb where), then this one works"
                        ) from exc
                    raise
                applied.append(migration.__name__)
            return SchemaState(SCHEMA_VERSION, created=False, applied=tuple(applied))
    except StoreUnavailable:
        raise
    except (OperationalError, DatabaseError) as exc:
        raise _explained(exc, location) from exc


def _not_permitted(exc: DatabaseError) -> bool:
    """Whether the server refused EXC's statement for the role's privileges (SQLSTATE 42501, or
    42501's "must be owner of table")."""
    return getattr(getattr(exc, "orig", None), "sqlstate", None) == "42501"


def serialize_schema_work(conn: Connection) -> None:
    """Make the rest of CONN's transaction wait for any other kb doing the same: the schema's
    creation and migrations, seeding, and rebuilding the index, so that two people opening a new
    database at once create one schema and load one set of seeds."""
    hold_lock(conn, "schema")


def hold_lock(conn: Connection, name: str) -> None:
    """Hold the lock called NAME until CONN's transaction ends. On PostgreSQL that is a
    transaction-level advisory lock, in a space of kb's own; on SQLite a write transaction (BEGIN
    IMMEDIATE) holds the whole database already."""
    if conn.dialect.name == "postgresql":
        conn.execute(text(ADVISORY_LOCK), {"space": LOCK_SPACE, "name": name})


def _applied(conn: Connection) -> set[str]:
    return {row[0] for row in conn.execute(text(f"SELECT name FROM {MIGRATION_TABLE}"))}


def _check_current(engine: Engine, location: DatabaseLocation) -> SchemaState:
    where = location.display()
    try:
        with engine.connect() as conn:
            if MIGRATION_TABLE not in inspect(conn).get_table_names():
                raise ReadOnlyDatabase(where)
            done = _applied(conn)
    except (OperationalError, DatabaseError) as exc:
        raise _explained(exc, location) from exc
    known = [m.__name__ for m in MIGRATIONS]
    if done - set(known):
        raise SchemaTooNew(where, len(done), SCHEMA_VERSION)
    if done != set(known):
        raise StoreUnavailable(
            f"{where} has schema version {len(done)} and needs an upgrade to {SCHEMA_VERSION}, which a"
            " read-only file cannot take: open it once with kb where it can be written"
        )
    return SchemaState(SCHEMA_VERSION, created=False, applied=())


def _record(conn: Connection, names: list[str], stamp: datetime) -> None:
    for name in names:
        conn.execute(
            text(f"INSERT INTO {MIGRATION_TABLE} (name, applied) VALUES (:n, :a)").bindparams(
                bindparam("a", type_=DateTime(timezone=True))  # not sqlite3's adapter, deprecated in 3.12
            ),
            {"n": name, "a": stamp},
        )


def _explained(exc: Exception, location: DatabaseLocation) -> StoreUnavailable:
    """The one-line error a database error at LOCATION means to a user."""
    message = server_message(exc)
    where = location.display()
    if "no schema has been selected" in message:
        return StoreUnavailable(  # PostgreSQL skips a schema the role may not use as one that is not there
            f"{where}: the search_path names no schema this role may use: it does not exist (CREATE SCHEMA …)"
            " or the role lacks USAGE on it (GRANT USAGE ON SCHEMA … TO the role)"
        )
    if "file is not a database" in message:
        return NotADatabase(where)
    if location.file is not None:
        damaged = sqlite_file.confirm_damage(location.file, where, message)
        if damaged is not None:
            return damaged
        full = sqlite_file.confirm_full_disk(location.file, where, message, "open")
        if full is not None:
            return full
    if "unable to open" in message or "readonly" in message or "read-only" in message:
        return StoreUnavailable(
            f"cannot write the database at {where}: {message}; choose a writable place with --db or KB_DB"
        )
    return StoreUnavailable(f"cannot use the database at {where}: {message}")
