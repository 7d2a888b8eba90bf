"""The database tables. Data only: the store decides how rows are read and written.

Importing this module costs the ORM (~0.3 s), so only the write paths and `kb` commands that need
the full store import it; `kb --help` and the read-only fast paths never do.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

from kb.entry import EntryContent


class Entry(SQLModel, table=True):
    """One fault: its content (see kb.entry.EntryContent) plus bookkeeping and what later tools attach."""

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

    def content(self) -> EntryContent:
        return EntryContent(
            key=self.key,
            domain=self.domain,
            symptom=self.symptom,
            symptom_variants=tuple(self.symptom_variants),
            validation=self.validation,
            fix=self.fix,
            root_cause=self.root_cause,
            cause_path=self.cause_path,
            tags=tuple(self.tags),
            conditions=self.conditions,
            environment=self.environment,
            case=self.case,
            snippet=self.snippet,
            source=self.source,
            related=tuple(self.related),
            status=self.status,
        )

    def record(self) -> dict[str, Any]:
        """Everything about the entry as JSON-ready data; times are UTC ISO 8601."""
        data = self.content().as_dict()
        for name in ("created", "updated", "reviewed", "last_hit", "last_check_at"):
            value: datetime | None = getattr(self, name)
            data[name] = value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if value else None
        data.update(
            hits=self.hits,
            occurrences=self.occurrences,
            guards=self.guards,
            matchers=self.matchers,
            last_check_outcome=self.last_check_outcome,
            last_check_exit=self.last_check_exit,
        )
        return data

    def facts(self) -> str:
        """One line of bookkeeping for people: status, usage, dates."""
        reviewed = self.reviewed.date().isoformat() if self.reviewed else "never"
        check = f" · last check {self.last_check_outcome}" if self.last_check_outcome else ""
        return (
            f"{self.status} · hits {self.hits} · seen {self.occurrences}x · created {self.created.date()}"
            f" · updated {self.updated.date()} · reviewed {reviewed}{check}"
        )

    def set_content(self, content: EntryContent) -> None:
        for name, value in content.as_dict().items():
            setattr(self, name, value)


class Migration(SQLModel, table=True):
    """One applied schema migration, by name. The schema version is how many have been applied."""

    __tablename__ = "kb_migration"

    name: str = Field(primary_key=True)
    applied: datetime


class SearchDoc(SQLModel, table=True):
    """Per entry: what search reads besides its terms. Rebuilt when NORMALIZER_VERSION changes."""

    __tablename__ = "search_doc"

    entry_id: int = Field(foreign_key="entry.id", primary_key=True, ondelete="CASCADE")
    status: str
    length: float
    signatures: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    exception_types: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class SearchTerm(SQLModel, table=True):
    """The posting list: which entries hold a term, with its field-weighted frequency."""

    __tablename__ = "search_term"
    __table_args__ = {"sqlite_with_rowid": False}

    term: str = Field(primary_key=True)
    entry_id: int = Field(foreign_key="entry.id", primary_key=True, ondelete="CASCADE")
    weight: float


class SearchDf(SQLModel, table=True):
    """How many entries hold each term: the document frequency behind IDF."""

    __tablename__ = "search_df"
    __table_args__ = {"sqlite_with_rowid": False}

    term: str = Field(primary_key=True)
    df: int


class SearchMiss(SQLModel, table=True):
    """A search that found nothing confident, remembered so `kb add` can offer it as the symptom."""

    __tablename__ = "search_miss"

    id: int | None = Field(default=None, primary_key=True)
    query: str
    decisive: str
    searched: datetime


class Meta(SQLModel, table=True):
    """Small facts about the database itself, such as the normalizer version of its signatures."""

    __tablename__ = "kb_meta"

    name: str = Field(primary_key=True)
    value: str
