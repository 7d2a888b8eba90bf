"""The database tables, as SQLModel declares them: what a new database is created with, and what
the migrations (kb.store.database) lead every older one to. Only creating or migrating a database
imports this (~0.4 s); the store reads and writes through kb.store.connection, handing out
kb.store.record.Entry, whose fields are these columns (a test checks they agree).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, PrimaryKeyConstraint, Table
from sqlmodel import AutoString, Field, SQLModel
from sqlmodel.sql.sqltypes import UTCDateTime

from kb.store.schema import DUE_FOR_REVIEW_COLUMNS, POSTING_ORDER


class EntryTable(SQLModel, table=True):
    """The entry table: one row per fault (kb.store.record.Entry holds one)."""

    __tablename__ = "entry"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, unique=True)
    domain: str = Field(index=True)
    symptom: str
    symptom_variants: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    validation: str = ""
    fix: str = ""
    root_cause: str = ""
    cause_path: str = ""
    tags: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    conditions: str = ""
    environment: str = ""
    case: str = ""
    snippet: str = ""
    source: str = "own"
    related: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="active", index=True)

    created: datetime
    updated: datetime
    reviewed: datetime | None = None
    hits: int = 0
    last_hit: datetime | None = None
    occurrences: int = 1

    # Attached by later tools; empty until they do.
    guards: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    matchers: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    last_check_at: datetime | None = None
    last_check_outcome: str | None = None
    last_check_exit: int | None = None
    last_check_output: str | None = None

    #: Digest of the seed file this entry was last loaded from; lets `kb seed` tell untouched from edited.
    seed_digest: str | None = None
    #: Where the fix holds (kb.entry.constraints); last, where migration m007_entry_applies_to adds it.
    applies_to: list[str] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]")
    )
    #: How the check is read (kb.entry.check_rule), and how many of its runs in a row broke: the one
    #: thing a check says about the entry's health (m009_check_verdicts).
    check_rule: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}")
    )
    check_broke_in_a_row: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )


#: `kb list` and `kb export` stream the entries in their order, by domain then key by code point, so
#: that the first line is printed before the last entry is read (m011_entries_in_listing_order). A
#: server's index of text follows its collation: there the order is collated "C".
_ENTRY = EntryTable.__table__  # type: ignore[attr-defined]
Index("entry_in_listing_order", _ENTRY.c.domain, _ENTRY.c.key).ddl_if(dialect="sqlite")
Index("entry_in_listing_order_c", _ENTRY.c.domain.collate("C"), _ENTRY.c.key.collate("C")).ddl_if(
    dialect="postgresql"
)
#: The once-a-day review reminder counts the entries due without reading their rows
#: (m013_entries_due_for_review).
Index("entry_due_for_review", *(_ENTRY.c[name] for name in DUE_FOR_REVIEW_COLUMNS))


#: Every run of an entry's check: its verdict, the values it took, the machine, the time
#: (m009_check_verdicts).
check_run = Table(
    "check_run",
    SQLModel.metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("at", UTCDateTime, nullable=False),
    Column("verdict", AutoString, nullable=False),
    Column("reason", AutoString, nullable=False),
    Column("command", AutoString, nullable=False),
    Column("input_values", JSON, nullable=False),
    Column("exit_code", Integer, nullable=True),
    Column("machine", AutoString, nullable=False),
    Column("output", AutoString, nullable=False),
)


#: Every change of every entry, by key, never deleted with the entry (m010_entry_history): who made
#: it (kb.author), when, what it was, and the version it left.
entry_change = Table(
    "entry_change",
    SQLModel.metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", AutoString, nullable=False, index=True),
    Column("at", UTCDateTime, nullable=False),
    Column("author", AutoString, nullable=False),
    Column("action", AutoString, nullable=False),
    Column("detail", AutoString, nullable=False),
    Column("content", JSON, nullable=True),
)


#: Applied schema migrations, by name; the schema version is how many have been applied (kb.store.database).
kb_migration = Table(
    "kb_migration",
    SQLModel.metadata,
    Column("name", AutoString, primary_key=True),
    Column("applied", UTCDateTime, nullable=False),
)


# The search index is derived data that only the store reads and writes, in bulk: plain Core tables
# (on the same metadata, so a fresh database gets them) cost far less to import than model classes.

search_doc = Table(
    "search_doc",
    SQLModel.metadata,
    Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True),
    Column("status", AutoString, nullable=False),
    Column("length", Float, nullable=False),
    Column("signatures", JSON, nullable=False),
    Column("exception_types", JSON, nullable=False),
    #: How many precise matchers the entry has: every search tries the few that have some.
    Column("rules", Integer, nullable=False, server_default="0"),
    Index("search_doc_with_rules", "rules"),
)

#: One row per (term, entry): the term's weighted frequency in the entry and the entry's length, which
#: BM25 scores, and its status, which searches filter on, so that a search reads nothing else. The
#: impact, tf / (tf + k1*(1 - b + b*len/avg)) with the average length of the last full build, orders a
#: term's postings best first (kb.search.top_k); a search rescales it to the current average. The
#: table itself is in that order, on SQLite: an import writes one tree ordered by term instead of
#: two (m014_postings_keyed_by_impact).
search_term = Table(
    "search_term",
    SQLModel.metadata,
    Column("term", AutoString, nullable=False),
    Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), nullable=False),
    Column("weight", Float, nullable=False),
    Column("length", Float, nullable=False),
    Column("impact", Float, nullable=False),
    Column("status", AutoString, nullable=False),
    PrimaryKeyConstraint("term", "impact", "entry_id"),
    #: An entry's own postings, with what scores them: to reindex it, and for a search to complete
    #: the scores of the entries it settles on (kb.search.top_k). Unique: no entry holds a term twice.
    Index("search_term_by_entry", "entry_id", "term", "weight", "length", unique=True),
    sqlite_with_rowid=False,
)
#: A server keeps the table in no order: there an index holds the postings best first, with all a
#: search reads of them.
Index("search_term_by_impact", *(search_term.c[name] for name in POSTING_ORDER)).ddl_if(dialect="postgresql")

#: Which entries have each masked symptom form, by the form's digest (kb.store.schema.form_digest):
#: an import asks which stored entries share the forms of those it brings, and reads only those
#: (m012_symptom_forms_by_digest), in a knowledge base of any size.
search_form = Table(
    "search_form",
    SQLModel.metadata,
    Column("digest", AutoString, primary_key=True),
    Column("entry_id", Integer, ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True),
    Index("search_form_by_entry", "entry_id"),
    sqlite_with_rowid=False,
)

search_df = Table(
    "search_df",
    SQLModel.metadata,
    Column("term", AutoString, primary_key=True),
    Column("df", Integer, nullable=False),
    sqlite_with_rowid=False,
)

#: Searches that found nothing confident, remembered so `kb add --from-last` can offer them.
search_miss = Table(
    "search_miss",
    SQLModel.metadata,
    Column("id", Integer, primary_key=True),
    Column("query", AutoString, nullable=False),
    Column("decisive", AutoString, nullable=False),
    Column("searched", UTCDateTime, nullable=False),
)

#: Small facts about the database itself: the normalizer version of its signatures, and the search
#: index's statistics (kb.store.index_writer), which a search reads instead of counting.
kb_meta = Table(
    "kb_meta",
    SQLModel.metadata,
    Column("name", AutoString, primary_key=True),
    Column("value", AutoString, nullable=False),
)


#: Per entry folder that `kb sync` keeps (by its real path) and per entry key: the content both sides
#: last agreed on (null: none yet, both added it), and, while a conflict waits for the user, the
#: digests of the two versions it was shown with (so that editing one of them is the resolution).
sync_base = Table(
    "sync_base",
    SQLModel.metadata,
    Column("folder", AutoString, primary_key=True),
    Column("key", AutoString, primary_key=True),
    Column("content", JSON, nullable=True),
    Column("conflict", JSON, nullable=True),
)


#: The environments kb has judged entries in, each once under the digest of its facts (a JSON object:
#: python, os, cuda, driver and every installed distribution's version; kb.machine), with when it
#: was first and last seen. `kb review` reads the recent ones.
environment_seen = Table(
    "environment_seen",
    SQLModel.metadata,
    Column("digest", AutoString, primary_key=True),
    Column("facts", AutoString, nullable=False),
    Column("first_seen", UTCDateTime, nullable=False),
    Column("last_seen", UTCDateTime, nullable=False),
)
