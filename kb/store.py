"""The entry store: the one module that opens database sessions.

Every write is one transaction: a command either changes everything it meant to or nothing. SQLite
specifics (WAL, busy timeout, BEGIN IMMEDIATE) live in kb.db; this interface is the same for any
SQLAlchemy URL, so a team can move to PostgreSQL without touching the callers.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, col, select

from kb.db import SchemaState, migrate, open_engine
from kb.entry import EntryContent, normalized
from kb.errors import EntryNotFound, KeyTaken, StoreUnavailable
from kb.lint import validation_problem
from kb.models import Entry
from kb.paths import DatabaseLocation, resolve_location

Clock = Callable[[], datetime]
SeedAction = Literal["add", "update", "unchanged", "kept"]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class StoreCounts:
    total: int
    by_status: dict[str, int]
    by_domain: dict[str, int]


@dataclass
class SeedReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SeedItem:
    content: EntryContent
    digest: str


class EntryStore:
    """Entries in a database. Build it with open_store(); use it as a context manager."""

    def __init__(self, engine: Engine, location: DatabaseLocation, schema: SchemaState, clock: Clock) -> None:
        self.engine = engine
        self.location = location
        self.schema = schema
        self._clock = clock

    def __enter__(self) -> EntryStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.engine.dispose()

    @property
    def was_created(self) -> bool:
        """True when this open created the database: the moment to load the seed entries."""
        return self.schema.created

    def now(self) -> datetime:
        return self._clock().astimezone(UTC)

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(kb_write=True)
                with Session(bind=conn, expire_on_commit=False) as session, session.begin():
                    yield session
        except OperationalError as exc:
            raise StoreUnavailable(f"cannot write {self.location.display()}: {exc.orig}") from exc

    # --- reading ------------------------------------------------------------------------------------

    def find(self, key: str) -> Entry | None:
        with self._reading() as session:
            return session.exec(select(Entry).where(Entry.key == key)).first()

    def get(self, key: str) -> Entry:
        entry = self.find(key)
        if entry is None:
            raise EntryNotFound(key, self.closest_key(key))
        return entry

    def keys(self) -> list[str]:
        with self._reading() as session:
            return list(session.exec(select(Entry.key).order_by(Entry.key)))

    def closest_key(self, key: str) -> str | None:
        keys = self.keys()
        close = difflib.get_close_matches(key, keys, n=1, cutoff=0.5)
        if close:
            return close[0]
        containing = [k for k in keys if key and key in k]
        return containing[0] if containing else None

    def list(
        self,
        domain: str | None = None,
        tag: str | None = None,
        status: str | None = "active",
        unvalidated: bool = False,
    ) -> list[Entry]:
        """Entries ordered by domain then key. status=None lists every status."""
        query = select(Entry)
        if domain:
            query = query.where(Entry.domain == domain)
        if status:
            query = query.where(Entry.status == status)
        with self._reading() as session:
            entries = list(session.exec(query.order_by(col(Entry.domain), col(Entry.key))))
        if tag:
            wanted = tag.lower()
            entries = [e for e in entries if wanted in (t.lower() for t in e.tags)]
        if unvalidated:
            entries = [e for e in entries if validation_problem(e.validation) is not None]
        return entries

    def counts(self) -> StoreCounts:
        with self._reading() as session:
            rows = list(session.exec(select(Entry.status, Entry.domain)))
        return StoreCounts(
            total=len(rows),
            by_status=dict(Counter(status for status, _ in rows)),
            by_domain=dict(Counter(domain for status, domain in rows if status == "active")),
        )

    def unique_key(self, base: str) -> str:
        """BASE, or BASE-2, BASE-3 … whichever is free."""
        taken = set(self.keys())
        if base not in taken:
            return base
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    # --- writing ------------------------------------------------------------------------------------

    def add(self, content: EntryContent) -> Entry:
        content = normalized(content)
        now = self.now()
        entry = Entry(
            key=content.key, domain=content.domain, symptom=content.symptom, created=now, updated=now
        )
        entry.set_content(content)
        try:
            with self._writing() as session:
                if session.exec(select(Entry.id).where(Entry.key == content.key)).first() is not None:
                    raise KeyTaken(content.key)
                session.add(entry)
        except IntegrityError as exc:  # another process took the key between our check and insert
            raise KeyTaken(content.key) from exc
        return entry

    def update(self, key: str, content: EntryContent) -> Entry:
        """Replace KEY's content (possibly renaming it to content.key)."""
        content = normalized(content)
        with self._writing() as session:
            entry = self._locked(session, key)
            if content.key != key and session.exec(select(Entry.id).where(Entry.key == content.key)).first():
                raise KeyTaken(content.key)
            entry.set_content(content)
            entry.updated = self.now()
            session.add(entry)
        return entry

    def set_status(self, key: str, status: str) -> Entry:
        with self._writing() as session:
            entry = self._locked(session, key)
            entry.status = status
            entry.updated = self.now()
            session.add(entry)
        return entry

    def purge(self, key: str) -> None:
        with self._writing() as session:
            session.delete(self._locked(session, key))

    def sync_seed(
        self, items: Sequence[SeedItem], decide: Callable[[Entry | None, SeedItem], SeedAction]
    ) -> SeedReport:
        """Apply a seed load in one transaction; DECIDE says what happens to each item."""
        report = SeedReport()
        now = self.now()
        with self._writing() as session:
            existing = {e.key: e for e in session.exec(select(Entry))}
            for item in items:
                current = existing.get(item.content.key)
                action = decide(current, item)
                if action == "add":
                    entry = Entry(
                        key=item.content.key,
                        domain=item.content.domain,
                        symptom=item.content.symptom,
                        created=now,
                        updated=now,
                    )
                    entry.set_content(item.content)
                    entry.seed_digest = item.digest
                    session.add(entry)
                    report.added.append(item.content.key)
                elif action == "update" and current is not None:
                    current.set_content(item.content.replace(status=current.status))
                    current.seed_digest = item.digest
                    current.updated = now
                    session.add(current)
                    report.updated.append(item.content.key)
                elif action == "unchanged":
                    report.unchanged.append(item.content.key)
                else:
                    report.kept.append(item.content.key)
        return report

    def _locked(self, session: Session, key: str) -> Entry:
        entry = session.exec(select(Entry).where(Entry.key == key)).first()
        if entry is None:
            raise EntryNotFound(key, self.closest_key(key))
        return entry


def open_store(spec: str | None = None, clock: Clock = utc_now) -> EntryStore:
    """Open (creating and upgrading as needed) the store at --db / KB_DB / the default location."""
    location = resolve_location(spec)
    engine = open_engine(location)
    try:
        schema = migrate(engine, location, clock())
    except BaseException:
        engine.dispose()
        raise
    return EntryStore(engine, location, schema, clock)
