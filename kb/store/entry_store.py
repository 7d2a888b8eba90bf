"""The entry store: the one module that opens database sessions.

Every write is one transaction: a command either changes everything it meant to or nothing. SQLite
specifics (WAL, busy timeout, BEGIN IMMEDIATE) live in kb.store.database; this interface is the same for any
SQLAlchemy URL, so a team can move to PostgreSQL without touching the callers.
"""

from __future__ import annotations

import functools
import gc
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

from sqlalchemy import Engine, Table, delete, insert, update
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError
from sqlmodel import Session, col, select

import kb.clock
from kb.entry.check_rule import health_counts
from kb.entry.content import EntryContent, clean_text, closest_key, normalized
from kb.entry.lint import validation_problem
from kb.entry.redaction import redact_text
from kb.errors import (
    EditConflict,
    EntryNotFound,
    InvalidEntry,
    KeyTaken,
    ReadOnlyDatabase,
    StoreChanged,
    StoreUnavailable,
)
from kb.paths import DatabaseLocation, resolve_location
from kb.store import sqlite_file
from kb.store.bulk_write import bulk_insert, indexing, write_index
from kb.store.database import (
    SchemaState,
    hold_lock,
    is_read_only,
    migrate,
    open_engine,
    serialize_schema_work,
)
from kb.store.index_writer import (
    BULK_REINDEX_THRESHOLD,
    index_one,
    rebuild_index,
    reindex,
    set_indexed_status,
    stored_contents,
    unindex,
)
from kb.store.models import (
    CheckRun,
    Entry,
    EntryChange,
    check_run,
    entry_change,
    environment_seen,
    kb_meta,
    search_doc,
    search_miss,
    sync_base,
)
from kb.store.schema import FIRST_USE, server_message
from kb.text.paste import NORMALIZER_VERSION

Clock = Callable[[], datetime]


#: Who the history names for what kb's own seed entries hold.
SEED_AUTHOR = "kb seed"

#: The tail of a check's output worth keeping beside the entry.
CHECK_OUTPUT_KEPT = 4000
SeedAction = Literal["add", "update", "unchanged", "kept"]


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
class RecentMiss:
    query: str
    decisive: str
    searched: datetime


@dataclass(frozen=True)
class SeedItem:
    content: EntryContent
    digest: str


_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")

#: How often a write is tried when it met another writer: a row of theirs, or a server that ended it.
_WRITE_ATTEMPTS = 5
#: SQLSTATEs of a transaction the server ended because it met another: a serialization failure and a
#: deadlock. Running it again is what PostgreSQL's manual prescribes.
_TRANSIENT_STATES = frozenset({"40001", "40P01"})


class _EndedByServer(Exception):
    """The server ended a write transaction that met another one (kb.store.entry_store._retried)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _retried(
    write: Callable[Concatenate[EntryStore, _Params], _Result],
) -> Callable[Concatenate[EntryStore, _Params], _Result]:
    """Run the write method WRITE again when the server ended its transaction (a deadlock, a
    serialization failure): nothing of it was kept, so running it again is safe."""

    @functools.wraps(write)
    def run(store: EntryStore, /, *args: _Params.args, **kwargs: _Params.kwargs) -> _Result:
        for attempt in range(1, _WRITE_ATTEMPTS + 1):
            try:
                return write(store, *args, **kwargs)
            except _EndedByServer as ended:
                if attempt == _WRITE_ATTEMPTS:
                    raise StoreUnavailable(
                        f"cannot write {store.location.display()}: {ended.message} ({attempt} attempts)"
                    ) from None
                time.sleep(random.uniform(0.01, 0.05) * attempt)  # jitter, so the two do not meet again
        raise AssertionError("unreachable")

    return run


class EntryStore:
    """Entries in a database. Build it with open_store(); use it as a context manager."""

    def __init__(
        self,
        engine: Engine,
        location: DatabaseLocation,
        schema: SchemaState,
        clock: Clock,
        read_only: bool = False,
    ) -> None:
        self.engine = engine
        self.location = location
        self.schema = schema
        self._clock = clock
        #: A file kb may not write here (a read-only mount): every read works, every write is refused.
        self.read_only = read_only
        self._author: str | None = None

    @property
    def author(self) -> str:
        """Who the changes made through this store are recorded as (kb.author), asked at the first write."""
        if self._author is None:
            from kb.author import current_author

            self._author = current_author()
        return self._author

    def __enter__(self) -> EntryStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.engine.dispose()

    @property
    def was_created(self) -> bool:
        """True when this open created the database."""
        return self.schema.created

    def first_use_pending(self) -> bool:
        """True until the database was seeded, or declared empty: the moment to load the seed entries."""
        return self.meta(FIRST_USE) is None

    def start_empty(self) -> None:
        """End the first use without seeding (kb init --empty, KB_SEED=0): a team database, a restore."""
        self.set_meta(FIRST_USE, "empty")

    def now(self) -> datetime:
        return self._clock().astimezone(UTC)

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        try:
            with Session(self.engine, expire_on_commit=False) as session:
                yield session
        except DatabaseError as exc:
            raise self._failure(exc, "read") from exc

    @contextmanager
    def _writing(self, clashes_handled: bool = False) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back if it raises. Refused on a
        read-only or damaged database. A transaction the server ended because it met another raises
        _EndedByServer, for _retried; CLASHES_HANDLED: the caller handles an IntegrityError itself."""
        if self.read_only:
            raise ReadOnlyDatabase(self.location.display())
        if self.location.file is not None:
            sqlite_file.refuse_if_damaged(self.location.file, self.location.display())
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(kb_write=True)
                with Session(bind=conn, expire_on_commit=False) as session, session.begin():
                    yield session
        except (OperationalError, DatabaseError) as exc:
            if getattr(exc.orig, "sqlstate", None) in _TRANSIENT_STATES:
                raise _EndedByServer(server_message(exc)) from exc
            if isinstance(exc, IntegrityError) and clashes_handled:
                raise
            raise self._failure(exc, "write") from exc

    def _failure(self, exc: DatabaseError, doing: str) -> StoreUnavailable:
        """The one-line error EXC means: damaged pages, a full disk, a lock held too long."""
        message = server_message(exc)
        if self.location.file is not None:
            damaged = sqlite_file.confirm_damage(self.location.file, self.location.display(), message)
            if damaged is not None:
                return damaged
        return StoreUnavailable(f"cannot {doing} {self.location.display()}: {message}")

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

    def history(self, key: str) -> list[EntryChange]:
        """Every recorded change of KEY, oldest first (also of a key that is gone: merged, purged)."""
        query = select(*entry_change.c).where(entry_change.c.key == key).order_by(entry_change.c.id)
        with self._reading() as session:
            rows = session.execute(query).all()
        return [
            EntryChange(
                number,
                row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC),
                row.author,
                row.action,
                row.detail,
                EntryContent.from_dict(row.content) if row.content else None,
            )
            for number, row in enumerate(rows, 1)
        ]

    def closest_key(self, key: str) -> str | None:
        return closest_key(key, self.keys())

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
        """BASE, or BASE-2, BASE-3 … whichever is free now (add(key_base=) makes sure at the write)."""
        return _first_free(base, set(self.keys()))

    # --- writing ------------------------------------------------------------------------------------

    @_retried
    def add(self, content: EntryContent, key_base: str | None = None) -> Entry:
        """Add CONTENT. KEY_BASE says its key was derived from the symptom rather than chosen: if another
        writer took it meanwhile, the next free KEY_BASE-2, -3 … is used instead of refusing."""
        content = normalized(content)
        now = self.now()
        for attempt in range(1, _WRITE_ATTEMPTS + 1):
            try:
                with self._writing(clashes_handled=True) as session:
                    if key_base is not None:  # writers choosing keys from one base take turns
                        hold_lock(session.connection(), f"key:{key_base}")
                    if session.exec(select(Entry.id).where(Entry.key == content.key)).first() is not None:
                        if key_base is None:
                            raise KeyTaken(content.key)
                        taken = set(
                            session.exec(select(Entry.key).where(col(Entry.key).startswith(key_base)))
                        )
                        content = content.replace(key=_first_free(key_base, taken))
                    entry = _new_entry(content, now)
                    session.add(entry)
                    session.flush()
                    index_one(session, entry)
                    self._record(session, entry.key, "added", entry.content())
                return entry
            except IntegrityError as exc:
                # Only a clash on the entry's key is one; another writer's rows (a server lets two
                # transactions run at once) make this one try again, with a free key if it was derived.
                if _key_clash(exc) and key_base is None:
                    raise KeyTaken(content.key) from exc
                if attempt == _WRITE_ATTEMPTS:
                    raise StoreUnavailable(f"cannot add {content.key}: {server_message(exc)}") from exc
        raise AssertionError("unreachable")

    @_retried
    def update(self, key: str, content: EntryContent, started_from: EntryContent | None = None) -> Entry:
        """Replace KEY's content (possibly renaming it to content.key).

        STARTED_FROM is the version the change was made to (what an editor opened with): if someone
        else changed the entry since, the two changes are merged field by field, and a field both
        changed differently raises EditConflict, saving nothing."""
        content = normalized(content)
        with self._writing() as session:
            entry = self._locked(session, key)
            current = entry.content()
            if started_from is not None and current != normalized(started_from):
                from kb.entry.merging import merge_entry

                merge = merge_entry(normalized(started_from), content, current.replace(key=content.key))
                if merge.content is None:
                    raise EditConflict(key, merge.conflicts)
                content = merge.content
            if content.key != key and session.exec(select(Entry.id).where(Entry.key == content.key)).first():
                raise KeyTaken(content.key)
            if content == current:
                return entry
            entry.set_content(content)
            entry.updated = self.now()
            session.add(entry)
            index_one(session, entry)
            if content.key != key:
                self._record(session, key, "renamed", None, f"to {content.key}")
                self._record(session, content.key, "renamed", content, f"from {key}")
            else:
                self._record(session, key, _edit_action(current, content), content)
        return entry

    @_retried
    def set_status(self, key: str, status: str) -> Entry:
        with self._writing() as session:
            entry = self._locked(session, key)
            if entry.status == status:
                return entry
            entry.status = status
            entry.updated = self.now()
            session.add(entry)
            set_indexed_status(session, entry)
            self._record(session, key, "archived" if status == "archived" else "restored", entry.content())
        return entry

    @_retried
    def purge(self, key: str) -> None:
        with self._writing() as session:
            entry = self._locked(session, key)
            self._record(session, key, "purged", entry.content())
            unindex(session, entry)
            session.delete(entry)

    @_retried
    def sync_seed(
        self, items: Sequence[SeedItem], decide: Callable[[Entry | None, SeedItem], SeedAction]
    ) -> SeedReport:
        """Apply a seed load in one transaction; DECIDE says what happens to each item."""
        report = SeedReport()
        now = self.now()
        with self._writing() as session:
            serialize_schema_work(session.connection())  # two first uses at once load one set of seeds
            existing = {e.key: e for e in session.exec(select(Entry))}
            changed: list[Entry] = []
            seeded: list[tuple[str, str, EntryContent | None, str]] = []
            for item in items:
                current = existing.get(item.content.key)
                action = decide(current, item)
                if action == "add":
                    entry = _new_entry(item.content, now)
                    entry.seed_digest = item.digest
                    session.add(entry)
                    changed.append(entry)
                    report.added.append(item.content.key)
                    seeded.append((item.content.key, "added", item.content, "from the field guides"))
                elif action == "update" and current is not None:
                    current.set_content(item.content.replace(status=current.status))
                    current.seed_digest = item.digest
                    current.updated = now
                    session.add(current)
                    changed.append(current)
                    report.updated.append(item.content.key)
                    self._record(session, current.key, "seed-updated", current.content(), "kb seed")
                elif action == "unchanged":
                    report.unchanged.append(item.content.key)
                else:
                    report.kept.append(item.content.key)
            session.flush()
            reindex(session, changed)
            self._record_many(session, seeded, author=SEED_AUTHOR)
            if session.execute(select(kb_meta.c.name).where(kb_meta.c.name == FIRST_USE)).first() is None:
                session.execute(insert(kb_meta).values(name=FIRST_USE, value="seeded"))
        return report

    @_retried
    def record_check(self, key: str, run: CheckRun) -> Entry:
        """Keep a run of KEY's check: its verdict as the entry's last, and a row of its history with
        the values it took, the machine and the time. Output is redacted (a check such as
        `env | grep CUDA` may print a token). Only a broken check, run after run, is counted against
        the entry (check_broke_in_a_row)."""
        output = redact_text(run.output[-CHECK_OUTPUT_KEPT:])
        with self._writing() as session:
            entry = self._locked(session, key)
            entry.last_check_at = run.at
            entry.last_check_outcome = run.verdict
            entry.last_check_exit = run.exit_code
            entry.last_check_output = output
            if health_counts(run.verdict):
                entry.check_broke_in_a_row += 1
            elif run.verdict in ("confirmed", "ruled out", "inconclusive"):
                entry.check_broke_in_a_row = 0
            session.add(entry)
            session.flush()
            session.execute(
                insert(check_run).values(
                    entry_id=entry.id,
                    at=run.at,
                    verdict=run.verdict,
                    reason=run.reason,
                    command=redact_text(run.command),
                    input_values=dict(run.values),
                    exit_code=run.exit_code,
                    machine=run.machine,
                    output=output,
                )
            )
        return entry

    def check_history(self, key: str, limit: int = 20) -> Sequence[CheckRun]:
        """KEY's latest check runs, newest first."""
        entry_id = self.get(key).id
        with self._reading() as session:
            rows = session.execute(
                select(*check_run.c)
                .where(check_run.c.entry_id == entry_id)
                .order_by(check_run.c.at.desc(), check_run.c.id.desc())
                .limit(limit)
            ).all()
        return [
            CheckRun(
                at=row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC),
                verdict=row.verdict,
                reason=row.reason,
                command=row.command,
                values=dict(row.input_values or {}),
                exit_code=row.exit_code,
                machine=row.machine,
                output=row.output,
            )
            for row in rows
        ]

    @_retried
    def record_occurrence(self, key: str, conditions: str = "") -> Entry:
        """The same fault happened again: count it, and keep how it was reproduced this time."""
        with self._writing() as session:
            entry = self._locked(session, key)
            entry.occurrences += 1
            conditions = redact_text(clean_text(conditions))
            if conditions and conditions not in entry.conditions:
                stamp = self.now().date().isoformat()
                entry.conditions = f"{entry.conditions}\n\n{stamp}: {conditions}".strip()
                index_one(session, entry)
            entry.updated = self.now()
            session.add(entry)
        return entry

    def cause_paths(self, domain: str) -> Counter[str]:
        """How often each cause path is used in DOMAIN: the branches of its fault tree."""
        with self._reading() as session:
            paths = session.exec(
                select(Entry.cause_path).where(Entry.domain == domain, Entry.cause_path != "")
            )
            return Counter(paths)

    def signatures(self) -> dict[str, tuple[str, ...]]:
        """Each entry's masked symptom forms, as the search index holds them."""
        query = select(Entry.key, search_doc.c.signatures).join(search_doc, search_doc.c.entry_id == Entry.id)
        with self._reading() as session:
            return {key: tuple(forms) for key, forms in session.execute(query)}

    def meta(self, name: str) -> str | None:
        """A small fact kb keeps about this database (last review, last reminder, last prune)."""
        with self._reading() as session:
            return session.execute(select(kb_meta.c.value).where(kb_meta.c.name == name)).scalar()

    @_retried
    def set_meta(self, name: str, value: str) -> None:
        with self._writing() as session:
            session.execute(delete(kb_meta).where(kb_meta.c.name == name))
            session.execute(insert(kb_meta).values(name=name, value=value))

    @_retried
    def mark_reviewed(self, key: str, status: str | None = None) -> Entry:
        """Keep (or archive, with STATUS) an entry at review: either way it was reviewed now."""
        with self._writing() as session:
            entry = self._locked(session, key)
            entry.reviewed = self.now()
            if status and status != entry.status:
                entry.status = status
                entry.updated = self.now()
                set_indexed_status(session, entry)
                self._record(session, key, "archived", entry.content(), "at review")
            session.add(entry)
            _stamp_review(session, self.now())
        return entry

    @_retried
    def merge(self, source_key: str, target_key: str) -> Entry:
        """Fold SOURCE into TARGET (its symptom becomes a variant; usage adds up) and delete SOURCE."""
        with self._writing() as session:
            source = self._locked(session, source_key)
            target = self._locked(session, target_key)
            if source.id == target.id:
                raise InvalidEntry("an entry cannot be merged into itself")
            if target.status != "active":
                raise InvalidEntry(f"'{target_key}' is archived; restore it first (kb restore {target_key})")
            merged = merge_contents(target.content(), source.content())
            target.set_content(merged)
            target.hits += source.hits
            target.occurrences += source.occurrences
            target.last_hit = max((t for t in (target.last_hit, source.last_hit) if t), default=None)
            target.updated = target.reviewed = self.now()
            session.add(target)
            self._record(session, source_key, "merged", source.content(), f"into {target_key}")
            self._record(session, target_key, "edited", merged, f"{source_key} merged in")
            unindex(session, source)
            session.delete(source)
            session.flush()
            index_one(session, target)
            _stamp_review(session, self.now())
        return target

    @_retried
    def archive_many(self, keys: Sequence[str], undo_record: str | None = None) -> tuple[str, ...]:
        """Archive KEYS in one transaction (a prune); returns those that were active. With UNDO_RECORD,
        the same transaction keeps them under that kb_meta name ({"at": …, "keys": […]}), so that a
        kill can never leave the archive done and its undo record stale."""
        archived: dict[str, None] = {}
        with self._writing() as session:
            for key in keys:
                entry = self._locked(session, key)
                if entry.status == "active":
                    entry.status = "archived"
                    entry.updated = self.now()
                    session.add(entry)
                    set_indexed_status(session, entry)
                    self._record(session, key, "archived", entry.content(), "pruned")
                    archived[key] = None
            if undo_record:
                record = json.dumps({"at": self.now().isoformat(), "keys": list(archived)})
                session.execute(delete(kb_meta).where(kb_meta.c.name == undo_record))
                session.execute(insert(kb_meta).values(name=undo_record, value=record))
        return tuple(archived)

    @_retried
    def apply_import(
        self,
        adds: Sequence[tuple[EntryContent, dict[str, Any]]],
        updates: Sequence[tuple[EntryContent, dict[str, Any]]],
        recorded: bool = True,
    ) -> None:
        """Add and overwrite entries in one transaction; USAGE (from a backup) is restored as it was.
        Each is RECORDED in the history (not in an index built from files, which has none).

        New entries go in as one bulk insert: building an ORM object per row costs more than the
        whole rest of an import of thousands of entries. A large import indexes the contents it was
        given, in worker processes that run while the entries are being written, rather than
        reading them back afterwards.
        """
        now = self.now()
        try:
            with gc_paused(), self._writing(clashes_handled=True) as session:
                if adds:  # planned before this transaction: another import may have added them since
                    stored = set(session.exec(select(Entry.key)))
                    if any(content.key in stored for content, _ in adds):
                        raise StoreChanged("another writer added some of these entries meanwhile")
                if recorded:
                    self._record_many(
                        session, [(content.key, "imported", content, "") for content, _ in (*adds, *updates)]
                    )
                if adds and len(adds) + len(updates) > BULK_REINDEX_THRESHOLD:
                    self._import_in_bulk(session, adds, updates, now)
                    return
                if adds:
                    _insert_entries(session, adds, now)
                changed = [self._overwritten(session, content, usage, now) for content, usage in updates]
                session.flush()
                added = [content.key for content, _ in adds]
                fresh = list(session.exec(select(Entry).where(col(Entry.key).in_(added)))) if added else []
                reindex(session, [*fresh, *changed])
        except IntegrityError as exc:  # a server without the write lock: the same clash, found later
            raise StoreChanged("another writer added some of these entries meanwhile") from exc

    def _import_in_bulk(
        self,
        session: Session,
        adds: Sequence[tuple[EntryContent, dict[str, Any]]],
        updates: Sequence[tuple[EntryContent, dict[str, Any]]],
        now: datetime,
    ) -> None:
        """Write a large import and rebuild the whole index, from the contents in hand: the stored
        entries it leaves alone, then the ones it overwrites or adds."""
        overwritten = {content.key for content, _ in updates}
        contents = [content for _, content in stored_contents(session) if content.key not in overwritten]
        contents += [content for content, _ in (*updates, *adds)]
        with indexing(contents) as indexes:
            _insert_entries(session, adds, now)
            for content, usage in updates:
                self._overwritten(session, content, usage, now)
            session.flush()
            ids: dict[str, int] = dict(session.execute(select(Entry.key, Entry.id)).all())
            write_index(
                session, ((ids[c.key], c.status, index) for c, index in zip(contents, indexes, strict=True))
            )

    def _overwritten(
        self, session: Session, content: EntryContent, usage: dict[str, Any], now: datetime
    ) -> Entry:
        entry = self._locked(session, content.key)
        entry.set_content(content)
        entry.updated = now
        _restore_usage(entry, usage)
        session.add(entry)
        return entry

    def sync_bases(self, folder: str) -> dict[str, tuple[EntryContent | None, Any]]:
        """What every entry synced with FOLDER (its identity) last agreed on, by key, and the conflict
        shown and not settled yet (as kb.exchange.folder_sync recorded it), if any."""
        query = select(sync_base.c.key, sync_base.c.content, sync_base.c.conflict).where(
            sync_base.c.folder == folder
        )
        with self._reading() as session:
            return {
                key: (EntryContent.from_dict(content) if content else None, conflict)
                for key, content, conflict in session.execute(query)
            }

    @_retried
    def move_sync_bases(self, old: str, new: str) -> None:
        """Keep the bases of the folder OLD under its new name NEW, unless NEW has some already."""
        with self._writing() as session:
            if session.execute(select(sync_base.c.key).where(sync_base.c.folder == new).limit(1)).first():
                return
            session.execute(update(sync_base).where(sync_base.c.folder == old).values(folder=new))

    @_retried
    def apply_sync(
        self,
        folder: str,
        writes: Sequence[EntryContent],
        agreed: Mapping[str, EntryContent],
        conflicts: Mapping[str, tuple[EntryContent | None, Any]],
        kept_aside: Sequence[tuple[str, EntryContent, str]] = (),
        source: str = "",
        undo_record: tuple[str, Sequence[str]] | None = None,
        planned_from: Mapping[str, EntryContent | None] | None = None,
    ) -> None:
        """One transaction: WRITES into the knowledge base (a new entry, or the content and status of
        the entry with that key, its usage kept), recorded as synced from SOURCE; then FOLDER's new
        bases, AGREED by key, and the CONFLICTS left for the user (the base they keep, and what was
        shown); and the versions KEPT_ASIDE by settled conflicts (key, content, why), in the history.
        UNDO_RECORD (name, keys): keep the keys under that kb_meta name, to be undone in one step.
        PLANNED_FROM: kb's version of each written entry when the sync was planned; one changed since
        (a kb edit meanwhile) raises StoreChanged and writes nothing, rather than overwrite it."""
        now = self.now()
        with self._writing() as session:
            changes: list[tuple[str, str, EntryContent | None, str]] = []
            for content in map(normalized, writes):
                entry = _find_locked(session, content.key)
                now_held = entry.content() if entry is not None else None
                if (
                    planned_from is not None
                    and content.key in planned_from
                    and now_held != planned_from[content.key]
                ):
                    raise StoreChanged(
                        f"'{content.key}' changed in kb while the sync ran; nothing of it was stored:"
                        " sync again"
                    )
                if entry is None:
                    entry = _new_entry(content, now)
                before = entry.content() if entry.id is not None else None
                entry.set_content(content)
                entry.updated = now
                session.add(entry)
                session.flush()
                index_one(session, entry)
                action = "synced" if before is None else _edit_action(before, content)
                action = "synced" if action == "edited" else action
                changes.append((content.key, action, content, source))
            changes += [(key, "kept-aside", content, why) for key, content, why in kept_aside]
            self._record_many(session, changes)
            if undo_record is not None:
                name, keys = undo_record
                record = json.dumps({"at": self.now().isoformat(), "keys": list(keys)})
                session.execute(delete(kb_meta).where(kb_meta.c.name == name))
                session.execute(insert(kb_meta).values(name=name, value=record))
            keys = [*agreed, *conflicts]
            if keys:
                session.execute(
                    delete(sync_base).where(sync_base.c.folder == folder, col(sync_base.c.key).in_(keys))
                )
            rows = [
                {"folder": folder, "key": key, "content": content.as_dict(), "conflict": None}
                for key, content in agreed.items()
            ] + [
                {
                    "folder": folder,
                    "key": key,
                    "content": base.as_dict() if base else None,
                    "conflict": shown,
                }
                for key, (base, shown) in conflicts.items()
            ]
            if rows:
                session.execute(insert(sync_base), rows)

    def last_miss(self) -> RecentMiss | None:
        """The most recent search that found nothing confident."""
        query = select(search_miss.c.query, search_miss.c.decisive, search_miss.c.searched)
        with self._reading() as session:
            row = session.execute(query.order_by(search_miss.c.id.desc()).limit(1)).first()
        return RecentMiss(row[0], row[1], row[2]) if row else None

    def environments_seen(self, since: datetime) -> tuple[dict[str, str], ...]:
        """The facts of each environment seen since SINCE (kb.machine), the latest first."""
        query = select(environment_seen.c.facts).where(environment_seen.c.last_seen >= since)
        with self._reading() as session:
            rows = session.execute(query.order_by(environment_seen.c.last_seen.desc())).scalars()
            return tuple(json.loads(facts) for facts in rows)

    def ensure_index(self) -> bool:
        """Rebuild the search index if it was made by another normalizer version. True if it did."""
        with self._reading() as session:
            if _indexed_by_this_normalizer(session):
                return False
        return self._rebuild_index()

    @_retried
    def _rebuild_index(self) -> bool:
        with self._writing() as session:
            serialize_schema_work(session.connection())  # another kb may have just rebuilt it
            if _indexed_by_this_normalizer(session):
                return False
            rebuild_index(session)
        return True

    def _record(
        self, session: Session, key: str, action: str, content: EntryContent | None, detail: str = ""
    ) -> None:
        """Record a change of KEY in the transaction that makes it (kb history)."""
        self._record_many(session, [(key, action, content, detail)])

    def _record_many(
        self,
        session: Session,
        changes: Sequence[tuple[str, str, EntryContent | None, str]],
        author: str | None = None,
    ) -> None:
        if changes:
            now, author = self.now(), author or self.author
            session.execute(
                insert(entry_change),
                [
                    {
                        "key": key,
                        "at": now,
                        "author": author,
                        "action": action,
                        "detail": detail,
                        "content": content.as_dict() if content is not None else None,
                    }
                    for key, action, content, detail in changes
                ],
            )

    def _locked(self, session: Session, key: str) -> Entry:
        """KEY's entry, locked until the transaction ends (_find_locked); EntryNotFound without one."""
        entry = _find_locked(session, key)
        if entry is None:
            raise EntryNotFound(key, self.closest_key(key))
        return entry


def _find_locked(session: Session, key: str) -> Entry | None:
    """KEY's entry, or None, locked until the transaction ends: on a server, two writers changing one
    entry at once would otherwise both start from the same counts, and one's change would be lost."""
    return session.exec(select(Entry).where(Entry.key == key).with_for_update()).first()


def _edit_action(before: EntryContent, after: EntryContent) -> str:
    """What changing BEFORE into AFTER was, for the history: an archive, a restore, or an edit."""
    if before.replace(status=after.status) == after and before.status != after.status:
        return "archived" if after.status == "archived" else "restored"
    return "edited"


def _indexed_by_this_normalizer(session: Session) -> bool:
    stored = session.execute(select(kb_meta.c.value).where(kb_meta.c.name == "normalizer_version")).scalar()
    return stored == str(NORMALIZER_VERSION)


def _new_entry(content: EntryContent, now: datetime) -> Entry:
    """A new entry holding CONTENT, created now, with no usage yet."""
    entry = Entry(key=content.key, domain=content.domain, symptom=content.symptom, created=now, updated=now)
    entry.set_content(content)
    return entry


def _entry_row(content: EntryContent, usage: dict[str, Any], now: datetime) -> dict[str, Any]:
    """A row of the entry table: the content, the defaults, then whatever usage a backup carried."""
    row: dict[str, Any] = {
        **content.as_dict(),
        "created": now,
        "updated": now,
        "reviewed": None,
        "hits": 0,
        "last_hit": None,
        "occurrences": 1,
        "matchers": [],
        "last_check_at": None,
        "last_check_outcome": None,
        "last_check_exit": None,
        "last_check_output": None,
        "seed_digest": None,
    }
    row.update(
        {
            name: value
            for name, value in usage.items()
            if value is not None or name not in ("created", "updated")
        }
    )
    return row


def _restore_usage(entry: Entry, usage: dict[str, Any]) -> None:
    for name, value in usage.items():
        if value is not None or name not in ("created", "updated"):
            setattr(entry, name, value)


def _stamp_review(session: Session, now: datetime) -> None:
    session.execute(delete(kb_meta).where(kb_meta.c.name == "last_review"))
    session.execute(insert(kb_meta).values(name="last_review", value=now.isoformat()))


def merge_contents(target: EntryContent, source: EntryContent) -> EntryContent:
    """TARGET with what SOURCE knew: its symptom and variants as variants, its tags, its stories."""

    def joined(first: str, second: str) -> str:
        return first if not second or second in first else f"{first}\n\n{second}".strip()

    return target.replace(
        symptom_variants=(*target.symptom_variants, source.symptom, *source.symptom_variants),
        tags=(*target.tags, *source.tags),
        related=tuple(k for k in (*target.related, *source.related) if k not in (target.key, source.key)),
        conditions=joined(target.conditions, source.conditions),
        case=joined(target.case, source.case),
        environment=joined(target.environment, source.environment),
    )


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector for a bulk job.

    Parsing or writing thousands of entries allocates millions of short-lived objects, which keeps
    triggering collections that find almost nothing (they cost a tenth of an import). Garbage
    without cycles is freed by reference counting meanwhile; the collector sees to the rest after.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _key_clash(exc: IntegrityError) -> bool:
    """True when EXC is the unique key of the entry table, on SQLite or PostgreSQL."""
    message = str(exc.orig).lower()
    return "entry.key" in message or "ix_entry_key" in message or "(key)=" in message


def _first_free(base: str, taken: set[str]) -> str:
    """BASE, or BASE-2, BASE-3 … whichever is not TAKEN."""
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _insert_entries(
    session: Session, adds: Sequence[tuple[EntryContent, dict[str, Any]]], now: datetime
) -> None:
    if adds:
        entry_table: Table = Entry.__table__  # type: ignore[attr-defined]
        bulk_insert(session, entry_table, [_entry_row(content, usage, now) for content, usage in adds])


def open_store(spec: str | None = None, clock: Clock | None = None) -> EntryStore:
    """Open (creating and upgrading as needed) the store at --db / KB_DB / the default location.

    CLOCK defaults to the real time, looked up at call time so that tests can move it forward.
    """
    clock = clock or kb.clock.utc_now
    location = resolve_location(spec)
    engine = open_engine(location)
    read_only = location.is_sqlite and is_read_only(location)
    try:
        schema = migrate(engine, location, clock(), read_only)
    except BaseException:
        engine.dispose()
        raise
    store = EntryStore(engine, location, schema, clock, read_only)
    try:
        store.ensure_index()
    except BaseException:
        store.close()
        raise
    return store
