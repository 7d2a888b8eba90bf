"""The entry store: every read and write of entries, their history, checks and sync bases.

Every write is one transaction: a command either changes everything it meant to or nothing. It speaks
portable SQL through one connection (kb.store.connection: sqlite3, psycopg, or SQLAlchemy Core for
other URLs) and hands out one record type (kb.store.record.Entry), so a team can move to PostgreSQL
without touching the callers, and a command pays for a driver, not an ORM.
"""

from __future__ import annotations

import functools
import json
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

import kb.clock
from kb.entry.check_rule import health_counts
from kb.entry.content import EntryContent, clean_text, closest_key, normalized
from kb.entry.lint import validation_problem
from kb.entry.redaction import redact_text
from kb.errors import (
    EditConflict,
    EntryArchived,
    EntryNotFound,
    InvalidEntry,
    KeyTaken,
    ReadOnlyDatabase,
    StoreBusy,
    StoreChanged,
    StoreUnavailable,
)
from kb.paths import DatabaseLocation, resolve_location
from kb.patterns import LazyPattern
from kb.store import sqlite_file
from kb.store.bulk_write import gc_paused, indexing
from kb.store.connection import Database, StatementFailed, chunks, decoded, in_list, interrupts_held
from kb.store.entry_rows import (
    delete_entry,
    edit_action,
    entry_ids,
    find_entry,
    first_free_key,
    indexed_by_this_normalizer,
    insert_entries,
    insert_entry,
    is_key_clash,
    removed_by_owner,
    restore_usage,
    save_entry,
    write_meta,
)
from kb.store.index_writer import (
    BULK_REINDEX_THRESHOLD,
    add_indexed,
    index_one,
    rebuild_index,
    reindex,
    set_indexed_status,
    unindex,
)
from kb.store.opening import connected, opened
from kb.store.record import (
    LAST_CHANGE_OF_KEY,
    SELECTED_COLUMNS,
    CheckRun,
    Entry,
    EntryChange,
    RecentMiss,
    SeedItem,
    SeedReport,
    StoreCounts,
    aware_time,
    listing_query,
    moved_to,
    tagged_entries,
    went,
)
from kb.store.schema import FIRST_USE, HIT_WINDOW, SchemaState, form_digest
from kb.text.paste import new_symptom_form

Clock = Callable[[], datetime]


#: Who the history names for what kb's own seed entries hold.
SEED_AUTHOR = "kb seed"

#: The tail of a check's output worth keeping beside the entry.
CHECK_OUTPUT_KEPT = 4000
SeedAction = Literal["add", "update", "unchanged", "kept"]


_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")

#: How often a write is tried when it met another writer: a row of theirs, or a server that ended it.
_WRITE_ATTEMPTS = 5

#: How many write transactions this process has committed: an interrupted command says whether
#: it had saved anything before (kb.cli.console.report_error).
writes_committed = 0
#: SQLSTATEs of a transaction the server ended because it met another: a serialization failure and a
#: deadlock. Running it again is what PostgreSQL's manual prescribes.
_TRANSIENT_STATES = frozenset({"40001", "40P01"})


def _noted_already(conditions: str, recorded: str) -> bool:
    """Whether RECORDED (an entry's conditions: what its author wrote, then one dated paragraph per
    occurrence) holds CONDITIONS as one of its notes. Not as a part of one: "cond 1" after "cond
    10", or "batch size 16" after "batch size 16 on 8 GPUs", was dropped unsaid."""
    if recorded.strip() == conditions:
        return True
    notes = (paragraph.strip() for paragraph in recorded.split("\n\n"))
    return any(_DATED.sub("", note, count=1) == conditions for note in notes)


#: The date kb puts before each occurrence's conditions.
_DATED = LazyPattern(r"^\d{4}-\d{2}-\d{2}: ")


#: SQLSTATE of a lock waited for past lock_timeout (kb.store.connection.Database.bound_lock_waits).
LOCK_NOT_AVAILABLE = "55P03"


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
                import random  # deferred: only a write the server ended is tried again

                time.sleep(random.uniform(0.01, 0.05) * attempt)  # jitter, so the two do not meet again
        raise AssertionError("unreachable")

    return run


#: A merge into an entry later renamed and merged again is followed; a cycle is not.
_MOST_MOVES_FOLLOWED = 10


#: Masked symptom forms, each to the keys of the entries that have it (EntryStore.owners).
KeysByForm = dict[str, list[str]]


class EntryStore:
    """Entries in a database. Build it with open_store(); use it as a context manager."""

    def __init__(
        self,
        db: Database,
        location: DatabaseLocation,
        schema: SchemaState,
        clock: Clock,
        read_only: bool = False,
    ) -> None:
        self._db: Database | None = db
        self.location = location
        self.schema = schema
        self._clock = clock
        #: A file kb may not write here (a read-only mount): every read works, every write is refused.
        self.read_only = read_only
        self._author: str | None = None
        #: Called after each write transaction commits, before the write returns: an entry folder
        #: written through a scratch index (kb.layers.folder_index.folder_store) writes its files.
        self.after_write: Callable[[], None] | None = None
        #: False for that scratch index: an entry folder keeps no usage (hits, occurrences).
        self.keeps_usage = True
        #: The keys whose last write merged a change someone made to the entry meanwhile (in this
        #: database, or in the file of a folder layer), so that a command can say so.
        self.merged_meanwhile: set[str] = set()
        #: How long a write waits for a lock another writer holds, when a caller bounded it.
        self._lock_wait_ms: int | None = None

    def wait_for_locks_at_most(self, ms: int) -> None:
        """Give up a write after MS waiting for a lock another process or session holds (StoreBusy),
        not after the 30 s a person's command waits: for a caller that must answer soon."""
        self._lock_wait_ms = ms
        self.db.wait_for_locks_at_most(ms)

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

    @property
    def db(self) -> Database:
        """The store's connection; a store used again after close() connects again."""
        if self._db is None:
            self._db = connected(self.location)
            if self._lock_wait_ms is not None:
                self._db.wait_for_locks_at_most(self._lock_wait_ms)
        return self._db

    def close(self) -> None:
        """Let the connection go (a later use opens another)."""
        if self._db is not None:
            self._db.close()
            self._db = None

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
    def _reading(self) -> Iterator[Database]:
        try:
            yield self.db
        except StatementFailed as exc:
            raise self._failure(exc, "read") from exc

    @contextmanager
    def _writing(self, clashes_handled: bool = False) -> Iterator[Database]:
        """One transaction: committed when the block ends, rolled back if it raises. Refused on a
        read-only or damaged database. A transaction the server ended because it met another raises
        _EndedByServer, for _retried; CLASHES_HANDLED: the caller handles a clash (StatementFailed
        with .clash) itself."""
        if self.read_only:
            raise ReadOnlyDatabase(self.location.display())
        if self.location.file is not None:
            sqlite_file.refuse_if_damaged(self.location.file, self.location.display())
        self.merged_meanwhile = set()
        global writes_committed
        with ExitStack() as saving:
            try:
                with self.db.transaction():
                    yield self.db
                    saving.enter_context(interrupts_held())  # the commit, and the count of it
            except StatementFailed as exc:
                if exc.sqlstate in _TRANSIENT_STATES:
                    raise _EndedByServer(exc.message) from exc
                if exc.clash and clashes_handled:
                    raise
                raise self._failure(exc, "write") from exc
            writes_committed += 1
            if self.after_write is not None:  # an entry folder's files: the write is not done before
                self.after_write()

    def _failure(self, exc: StatementFailed, doing: str) -> StoreUnavailable:
        """The one-line error EXC means: damaged pages, a full disk, a lock held too long."""
        message = exc.message
        if self.location.file is not None:
            damaged = sqlite_file.confirm_damage(self.location.file, self.location.display(), message)
            if damaged is not None:
                return damaged
            full = sqlite_file.confirm_full_disk(self.location.file, self.location.display(), message, doing)
            if full is not None:
                return full
        if self.location.is_sqlite and "database is locked" in message:
            return StoreBusy(f"cannot {doing} {self.location.display()}: {message}")
        if exc.sqlstate == LOCK_NOT_AVAILABLE:
            return StoreBusy(
                f"cannot {doing} {self.location.display()}: another session held a lock this change needs"
                f" for longer than kb waits ({message}); nothing of it was saved"
            )
        return StoreUnavailable(f"cannot {doing} {self.location.display()}: {message}")

    # --- reading ------------------------------------------------------------------------------------

    def find(self, key: str) -> Entry | None:
        with self._reading() as db:
            row = db.first(f'SELECT {SELECTED_COLUMNS} FROM entry WHERE "key" = :key', {"key": key})
        return Entry.from_row(row) if row is not None else None

    def each(
        self, domain: str | None = None, tag: str | None = None, status: str | None = "active"
    ) -> Iterator[Entry]:
        """The entries list() returns, in its order, read as they are used: memory stays flat in the
        size of the knowledge base, and the first one arrives before the last is read."""
        with self._reading() as db:
            yield from tagged_entries(db.stream(*listing_query(domain, status, db.dialect)), tag)

    def unreviewed(self, cutoff: datetime) -> tuple[int, list[Entry]]:
        """The active entries last reviewed (or, never reviewed, created) before CUTOFF, counted in
        the database: how many of them a person wrote, changed, hit, checked or reviewed, and the
        seed entries among them nobody did, whose content alone can tell (kb.upkeep.review.met)."""
        touched = "hits > 0 OR last_check_at IS NOT NULL OR reviewed IS NOT NULL OR occurrences > 1"
        since = "status = 'active' AND COALESCE(reviewed, created) <= :cutoff"
        with self._reading() as db:
            count = db.value(
                f"SELECT COUNT(*) FROM entry WHERE {since} AND (seed_digest IS NULL OR {touched})",
                {"cutoff": cutoff},
            )
            untouched_seeds = f"{since} AND seed_digest IS NOT NULL AND NOT ({touched})"
            rows = db.rows(
                f"SELECT {SELECTED_COLUMNS} FROM entry WHERE {untouched_seeds}", {"cutoff": cutoff}
            )
        return int(count or 0), [Entry.from_row(row) for row in rows]

    def found(self, keys: Iterable[str]) -> dict[str, Entry]:
        """The entries of KEYS that exist (any status), by key: one query per chunk of keys, so that
        what it reads follows KEYS and not the size of the knowledge base."""
        found: dict[str, Entry] = {}
        with self._reading() as db:
            for chunk in chunks(sorted(set(keys))):
                listed, params = in_list("k", chunk)
                rows = db.rows(f'SELECT {SELECTED_COLUMNS} FROM entry WHERE "key" IN ({listed})', params)
                found.update((entry.key, entry) for entry in map(Entry.from_row, rows))
        return found

    def get(self, key: str) -> Entry:
        entry = self.find(key)
        if entry is None:
            raise self._not_found(key)
        return entry

    def _not_found(self, key: str) -> EntryNotFound:
        """No entry KEY: where it went, if a merge or a rename took it, else the key like it."""
        went_elsewhere = self.went(key)
        if went_elsewhere is not None:
            return EntryNotFound(key, went=went_elsewhere)
        return EntryNotFound(key, self.closest_key(key))

    def went(self, key: str) -> tuple[str, str] | None:
        """Where the entry KEY went, when a merge or a rename took it (kb.store.record.went())."""
        with self._reading() as db:
            return went(db.rows(LAST_CHANGE_OF_KEY, {"key": key}))

    def keys(self) -> list[str]:
        with self._reading() as db:
            # sorted here, by code point as SQLite sorts: a server's collation (ICU, en_US) skips the
            # hyphens, and "did you mean" named another key than on SQLite
            return sorted(str(row[0]) for row in db.rows('SELECT "key" FROM entry'))

    def history(self, key: str) -> list[EntryChange]:
        """Every recorded change of KEY, oldest first (also of a key that is gone: merged, purged)."""
        with self._reading() as db:
            rows = db.rows(
                'SELECT at, author, action, detail, content FROM entry_change WHERE "key" = :key ORDER BY id',
                {"key": key},
            )
        return [
            EntryChange(
                number,
                aware_time(at),
                author,
                action,
                detail,
                EntryContent.from_dict(content) if (content := decoded(stored)) else None,
            )
            for number, (at, author, action, detail, stored) in enumerate(rows, 1)
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
        with self._reading() as db:
            rows = db.rows(*listing_query(domain, status, db.dialect))
        entries = list(tagged_entries(rows, tag))
        if unvalidated:
            entries = [e for e in entries if validation_problem(e.validation) is not None]
        return entries

    def counts(self) -> StoreCounts:
        with self._reading() as db:
            rows = db.rows("SELECT status, domain FROM entry")
        return StoreCounts(
            total=len(rows),
            by_status=dict(Counter(status for status, _ in rows)),
            by_domain=dict(Counter(domain for status, domain in rows if status == "active")),
        )

    def version(self) -> tuple[int, str]:
        """How many entries there are and when the latest one changed or was reviewed: it moves when
        any writer, this process or another, adds, edits, archives, restores, removes or keeps (at a
        review) an entry. A face that keeps what it read (the TUI's list and counts) reads them again
        when it moves."""
        with self._reading() as db:
            count, latest, reviewed = db.rows("SELECT count(*), max(updated), max(reviewed) FROM entry")[0]
        return int(count), f"{latest} {reviewed}"

    def unique_key(self, base: str) -> str:
        """BASE, or BASE-2, BASE-3 … whichever is free now (add(key_base=) makes sure at the write)."""
        return first_free_key(base, set(self.keys()))

    # --- writing ------------------------------------------------------------------------------------

    @_retried
    def add(
        self,
        content: EntryContent,
        key_base: str | None = None,
        unless: tuple[str, Callable[[], None]] | None = None,
    ) -> Entry:
        """Add CONTENT. KEY_BASE says its key was derived from the symptom rather than chosen: if another
        writer took it meanwhile, the next free KEY_BASE-2, -3 … is used instead of refusing.
        UNLESS (a lock's name, a check): writers of the same lock take turns, and the check runs in
        the transaction once this one's turn came, before the insert; what it raises stops the add.
        A check made before the transaction (is this fault known already?) could not see an add
        started at the same moment, and both added their copy."""
        content = normalized(content)
        now = self.now()
        for attempt in range(1, _WRITE_ATTEMPTS + 1):
            try:
                with self._writing(clashes_handled=True) as db:
                    if unless is not None:
                        turn, check = unless
                        db.hold_lock(turn)
                        check()
                    if key_base is not None:  # writers choosing keys from one base take turns
                        db.hold_lock(f"key:{key_base}")
                    if db.first('SELECT id FROM entry WHERE "key" = :key', {"key": content.key}) is not None:
                        if key_base is None:
                            raise KeyTaken(content.key)
                        taken = {
                            str(row[0])
                            for row in db.rows(
                                'SELECT "key" FROM entry WHERE substr("key", 1, :n) = :base',
                                {"n": len(key_base), "base": key_base},
                            )
                        }
                        content = content.replace(key=first_free_key(key_base, taken))
                    entry = Entry.new(content, now)
                    insert_entry(db, entry)
                    index_one(db, entry)
                    self._record(db, entry.key, "added", entry.content())
                return entry
            except StatementFailed as exc:
                # Only a clash on the entry's key is one; another writer's rows (a server lets two
                # transactions run at once) make this one try again, with a free key if it was derived.
                if is_key_clash(exc) and key_base is None:
                    raise KeyTaken(content.key) from exc
                if attempt == _WRITE_ATTEMPTS:
                    raise StoreUnavailable(f"cannot add {content.key}: {exc.message}") from exc
        raise AssertionError("unreachable")

    @_retried
    def update(self, key: str, content: EntryContent, started_from: EntryContent | None = None) -> Entry:
        """Replace KEY's content (possibly renaming it to content.key).

        STARTED_FROM is the version the change was made to (what an editor opened with): if someone
        else changed the entry since, the two changes are merged field by field, and a field both
        changed differently raises EditConflict, saving nothing."""
        content = normalized(content)
        with self._writing() as db:
            entry = self._locked(db, key)
            current = entry.content()
            if started_from is not None and current != normalized(started_from):
                from kb.entry.merging import merge_entry

                merge = merge_entry(normalized(started_from), content, current.replace(key=content.key))
                if merge.content is None:
                    raise EditConflict(key, merge.conflicts)
                content = merge.content
                self.merged_meanwhile.add(content.key)
            if content.key != key and db.first(
                'SELECT id FROM entry WHERE "key" = :key', {"key": content.key}
            ):
                raise KeyTaken(content.key)
            if content == current:
                return entry
            entry.set_content(content)
            entry.updated = self.now()
            save_entry(db, entry)
            index_one(db, entry)
            if content.key != key:
                self._record(db, key, "renamed", None, f"to {content.key}")
                self._record(db, content.key, "renamed", content, f"from {key}")
            else:
                self._record(db, key, edit_action(current, content), content)
        return entry

    @_retried
    @_retried
    def restore_many(self, keys: Sequence[str]) -> tuple[str, ...]:
        """Restore the archived ones of KEYS in one transaction (the undo of a prune or a sync, all
        of it or none: one entry at a time, `kb restore --last-sync | head -3` restored four of 400
        when the pipe closed); returns them, in order."""
        restored: dict[str, None] = {}
        with self._writing() as db:
            for key in keys:
                entry = find_entry(db, key, locked=True)
                if entry is not None and entry.status != "active" and key not in restored:
                    self._put_in_status(db, entry, "active")
                    restored[key] = None
        return tuple(restored)

    def set_status(self, key: str, status: str) -> bool:
        """Put KEY in STATUS; False when it was in it already (another kb rm got there first)."""
        with self._writing() as db:
            entry = self._locked(db, key)
            if entry.status == status:
                return False
            self._put_in_status(db, entry, status)
        return True

    def _put_in_status(self, db: Database, entry: Entry, status: str, detail: str = "") -> None:
        """ENTRY archived or restored (STATUS) inside the transaction DB, and its history says so."""
        entry.status = status
        entry.updated = self.now()
        save_entry(db, entry)
        set_indexed_status(db, entry)
        action = "archived" if status == "archived" else "restored"
        self._record(db, entry.key, action, entry.content(), detail)

    @_retried
    def purge(self, key: str, as_shown: Entry | None = None) -> None:
        """Delete KEY for good (its history keeps what it said). AS_SHOWN: the entry as the person
        who agreed to delete it saw it; changed since (a teammate's edit), nothing is deleted."""
        with self._writing() as db:
            entry = self._locked(db, key)
            if as_shown is not None and entry.content() != as_shown.content():
                raise StoreChanged(
                    f"'{key}' was changed after you were asked (an edit or a sync): not deleted;"
                    " read it again, then delete it as it is now"
                )
            self._record(db, key, "purged", entry.content())
            unindex(db, entry)
            delete_entry(db, entry)

    @_retried
    def sync_seed(
        self,
        items: Sequence[SeedItem],
        decide: Callable[[Entry | None, SeedItem], SeedAction],
        bring_back: Collection[str] = (),
    ) -> SeedReport:
        """Apply a seed load in one transaction; DECIDE says what happens to each item. A seed whose
        key its owner took out of the knowledge base (removed_by_owner) stays out, as an edit stays,
        unless its key is in BRING_BACK."""
        report = SeedReport([], [], [], [], [], [])
        now = self.now()
        with self._writing() as db:
            db.hold_lock("schema")  # two first uses at once load one set of seeds
            existing = {
                e.key: e for e in map(Entry.from_row, db.rows(f"SELECT {SELECTED_COLUMNS} FROM entry"))
            }
            missing = [item.content.key for item in items if item.content.key not in existing]
            removed = removed_by_owner(db, missing).difference(bring_back)
            changed: list[Entry] = []
            seeded: list[tuple[str, str, EntryContent | None, str]] = []
            for item in items:
                current = existing.get(item.content.key)
                if item.content.key in removed:
                    report.removals.append(item.content.key)
                    continue
                action = decide(current, item)
                if action == "update" and current is not None:
                    # Read unlocked, as every entry was: a hit, a check or an edit a teammate saved
                    # since would be written over. The entry it updates is read again, locked.
                    current = find_entry(db, item.content.key, locked=True)
                    if current is None:  # purged meanwhile: a removal, which the seed does not undo
                        report.removals.append(item.content.key)
                        continue
                    action = decide(current, item)
                if action == "add":
                    entry = Entry.new(item.content, now)
                    entry.seed_digest = item.digest
                    insert_entry(db, entry)
                    changed.append(entry)
                    report.added.append(item.content.key)
                    seeded.append((item.content.key, "added", item.content, "from the field guides"))
                elif action == "update" and current is not None:
                    current.set_content(item.content.replace(status=current.status))
                    current.seed_digest = item.digest
                    current.updated = now
                    save_entry(db, current)
                    changed.append(current)
                    report.updated.append(item.content.key)
                    self._record(db, current.key, "seed-updated", current.content(), "kb seed")
                elif action == "unchanged":
                    if current is not None and current.seed_digest is None:
                        # The seed as shipped, come back without its mark (an export imported into
                        # a team's database): marked now, so that a later seed reaches it. The mark
                        # alone is written: an edit made since is no seed's (its text no longer has
                        # the digest), and a later seed keeps it as an edit.
                        db.run(
                            "UPDATE entry SET seed_digest = :digest WHERE id = :id AND seed_digest IS NULL",
                            {"digest": item.digest, "id": current.id},
                        )
                    archived = current is not None and current.status == "archived"
                    (report.archived if archived else report.unchanged).append(item.content.key)
                else:
                    report.kept.append(item.content.key)
            reindex(db, changed)
            self._record_many(db, seeded, author=SEED_AUTHOR)
            if db.first("SELECT name FROM kb_meta WHERE name = :name", {"name": FIRST_USE}) is None:
                db.run("INSERT INTO kb_meta (name, value) VALUES (:name, 'seeded')", {"name": FIRST_USE})
        return report

    @_retried
    def record_check(self, key: str, run: CheckRun, as_read: Entry | None = None) -> Entry:
        """Keep a run of KEY's check: its verdict as the entry's last, and a row of its history with
        the values it took, the machine and the time. Output is redacted (a check such as
        `env | grep CUDA` may print a token). Only a broken check, run after run, is counted against
        the entry (check_broke_in_a_row).

        AS_READ is the entry as it was when the check was read from it: if its check or its rule
        changed since (a teammate's edit while the check ran), the verdict is about a check the
        entry no longer has, and nothing is kept (StoreChanged)."""
        output = redact_text(run.output[-CHECK_OUTPUT_KEPT:])
        with self._writing() as db:
            entry = self._locked(db, key)
            if as_read is not None and (entry.validation, entry.check_rule) != (
                as_read.validation,
                as_read.check_rule,
            ):
                raise StoreChanged(
                    f"the check of '{key}' was changed while it ran (an edit or a sync): a verdict on"
                    " the check it had is not kept on the check it has now"
                )
            entry.last_check_at = run.at
            entry.last_check_outcome = run.verdict
            entry.last_check_exit = run.exit_code
            entry.last_check_output = output
            if health_counts(run.verdict):
                entry.check_broke_in_a_row += 1
            elif run.verdict in ("confirmed", "ruled out", "inconclusive"):
                entry.check_broke_in_a_row = 0
            save_entry(db, entry)
            db.insert(
                "check_run",
                [
                    {
                        "entry_id": entry.id,
                        "at": run.at,
                        "verdict": run.verdict,
                        "reason": run.reason,
                        "command": redact_text(run.command),
                        "input_values": dict(run.values),
                        "exit_code": run.exit_code,
                        "machine": run.machine,
                        "output": output,
                    }
                ],
            )
        return entry

    def check_history(self, key: str, limit: int = 20) -> Sequence[CheckRun]:
        """KEY's latest check runs, newest first."""
        entry_id = self.get(key).id
        with self._reading() as db:
            rows = db.rows(
                "SELECT at, verdict, reason, command, input_values, exit_code, machine, output"
                " FROM check_run WHERE entry_id = :id ORDER BY at DESC, id DESC LIMIT :limit",
                {"id": entry_id, "limit": limit},
            )
        return [
            CheckRun(
                at=aware_time(at),
                verdict=verdict,
                reason=reason,
                command=command,
                values=dict(decoded(values) or {}),
                exit_code=exit_code,
                machine=machine,
                output=output,
            )
            for at, verdict, reason, command, values, exit_code, machine, output in rows
        ]

    @_retried
    def record_occurrence(self, key: str, conditions: str = "", symptom: str = "") -> Entry:
        """The same fault happened again: count it, and keep how it was reproduced this time (on the
        entry KEY was merged into or renamed to, if a teammate did so since the search that chose
        KEY: the returned entry says which). It
        counts as a hit too: the entry answered the fault again, and a prune must not call it unused.
        A search that found it within HIT_WINDOW and the record that follows are one meeting (`kb
        tree` counted it twice): the record takes over the search's hit. The search's is the last
        hit when it is not the entry's last change (a record sets both to the same time).
        A store that keeps no usage (an entry folder's) keeps the conditions and the message, no count.

        SYMPTOM, the message as it read this time, becomes a symptom variant when no form of the
        entry reads like it, numbers, addresses and paths aside (a quoted name may be the fault, so
        it counts): the person said it is this fault, and the next paste that reads like it should
        find the entry as surely as the first."""
        with self._writing() as db:
            entry = self._locked_where_it_went(db, key)
            key = entry.key
            now = self.now()
            if self.keeps_usage:
                last = entry.last_hit
                searched = last is not None and last != entry.updated and last >= now - HIT_WINDOW
                entry.occurrences += 1
                entry.hits += 0 if searched else 1
                entry.last_hit = now
            conditions = redact_text(clean_text(conditions))
            changes = []
            if conditions and not _noted_already(conditions, entry.conditions):
                stamp = now.date().isoformat()
                entry.conditions = f"{entry.conditions}\n\n{stamp}: {conditions}".strip()
                changes.append("its reproduce conditions")
            variant = redact_text(clean_text(symptom))
            if variant and new_symptom_form(variant, (entry.symptom, *entry.symptom_variants)):
                entry.symptom_variants = [*entry.symptom_variants, variant]
                changes.append("the symptom as it read this time")
            entry.updated = now
            save_entry(db, entry)
            if changes:
                index_one(db, entry)
                # The entry changed: a change kb history shows as such.
                self._record(db, key, "occurrence", entry.content(), f"{' and '.join(changes)} added")
        return entry

    def cause_paths(self, domain: str) -> Counter[str]:
        """How often each cause path is used in DOMAIN: the branches of its fault tree."""
        with self._reading() as db:
            rows = db.rows(
                "SELECT cause_path FROM entry WHERE domain = :domain AND cause_path != ''", {"domain": domain}
            )
        return Counter(str(row[0]) for row in rows)

    def owners(self, forms: Iterable[str]) -> KeysByForm:
        """Each of FORMS (masked symptom forms) that entries have, to the keys of those entries, in
        key order. Each form is looked up by its digest (search_form): an import of a thousand
        entries asks this of a hundred thousand stored ones, and reads only what it asks for."""
        by_digest = {form_digest(form): form for form in set(forms)}
        found: list[tuple[str, str]] = []
        with self._reading() as db:
            for chunk in chunks(sorted(by_digest)):
                listed, params = in_list("d", chunk)
                rows = db.rows(
                    f'SELECT f.digest, e."key" FROM search_form f JOIN entry e ON e.id = f.entry_id '
                    f"WHERE f.digest IN ({listed})",
                    params,
                )
                found += [(by_digest[str(digest)], str(key)) for digest, key in rows]
        owners: KeysByForm = {}
        for form, key in sorted(found):
            owners.setdefault(form, []).append(key)
        return owners

    def signatures(self) -> dict[str, tuple[str, ...]]:
        """Each entry's masked symptom forms, as the search index holds them."""
        with self._reading() as db:
            rows = db.rows('SELECT e."key", d.signatures FROM entry e JOIN search_doc d ON d.entry_id = e.id')
        return {str(key): tuple(decoded(forms)) for key, forms in rows}

    def meta(self, name: str) -> str | None:
        """A small fact kb keeps about this database (last review, last reminder, last prune)."""
        with self._reading() as db:
            value = db.value("SELECT value FROM kb_meta WHERE name = :name", {"name": name})
        return None if value is None else str(value)

    @_retried
    def set_meta(self, name: str, value: str) -> None:
        with self._writing() as db:
            write_meta(db, name, value)

    @_retried
    def mark_reviewed(self, key: str, status: str | None = None) -> Entry:
        """Keep (or archive, with STATUS) an entry at review: either way it was reviewed now. An entry
        archived meanwhile (another window, a sync) is neither kept nor archived again: InvalidEntry
        says so, rather than a review that reports a decision the entry no longer stands for."""
        with self._writing() as db:
            entry = self._locked(db, key)
            if entry.status == "archived":
                raise EntryArchived(
                    entry.key,
                    f"'{entry.key}' is already archived"
                    if status == "archived"
                    else f"'{entry.key}' is archived: nothing to keep",
                )
            entry.reviewed = self.now()
            if status and status != entry.status:
                entry.status = status
                entry.updated = self.now()
                set_indexed_status(db, entry)
                self._record(db, key, "archived", entry.content(), "at review")
            save_entry(db, entry)
            write_meta(db, "last_review", self.now().isoformat())
        return entry

    @_retried
    def merge(self, source_key: str, target_key: str) -> Entry:
        """Fold SOURCE into TARGET (its symptom becomes a variant; usage adds up) and delete SOURCE."""
        with self._writing() as db:
            source = self._locked(db, source_key)
            target = self._locked(db, target_key)
            if source.id == target.id:
                raise InvalidEntry("an entry cannot be merged into itself")
            if target.status != "active":
                raise EntryArchived(target.key, f"'{target.key}' is archived: nothing can be merged into it")
            from kb.entry.merging import merge_contents

            merged = normalized(merge_contents(target.content(), source.content()))
            target.set_content(merged)
            # Each recorded occurrence after an entry's first counts as a hit (kb.upkeep.fault_tree
            # reads occurrences back out of hits): SOURCE's first is one such now, and without it
            # `kb tree` counted the merged fault one time fewer than the two had. A seed's first is
            # the one it shipped with, no occurrence the user had: it is left out, not counted.
            shipped = source.occurrences - source.occurrences_met
            target.hits += source.hits + 1 - shipped
            target.occurrences += source.occurrences_met
            # The hit SOURCE's first occurrence became happened when SOURCE was recorded: without
            # its date a merged entry with hits read "last hit never" to a prune and to stats.
            first = None if shipped else source.created
            hit_at = (t for t in (target.last_hit, source.last_hit, first) if t)
            target.last_hit = max(hit_at, default=None)
            target.updated = target.reviewed = self.now()
            save_entry(db, target)
            self._record(db, source_key, "merged", source.content(), f"into {target_key}")
            self._record(db, target_key, "edited", merged, f"{source_key} merged in")
            unindex(db, source)
            delete_entry(db, source)
            index_one(db, target)
            write_meta(db, "last_review", self.now().isoformat())
        return target

    @_retried
    def archive_many(
        self,
        keys: Sequence[str],
        undo_record: str | None = None,
        still_chosen: Callable[[Entry], bool] | None = None,
    ) -> tuple[str, ...]:
        """Archive KEYS in one transaction (a prune); returns those that were active (one archived or
        deleted since the caller chose it is left out), and that STILL_CHOSEN accepts as each is now,
        locked. With UNDO_RECORD, the same transaction keeps them under that kb_meta name ({"at": …,
        "keys": […]}), so that a kill can never leave the archive done and its undo record stale."""
        archived: dict[str, None] = {}
        with self._writing() as db:
            for key in keys:
                entry = find_entry(db, key, locked=True)
                if (
                    entry is not None
                    and entry.status == "active"
                    and (still_chosen is None or still_chosen(entry))
                ):
                    self._put_in_status(db, entry, "archived", "pruned")
                    archived[key] = None
            if undo_record:
                undo = {"at": self.now().isoformat(), "keys": list(archived)}
                write_meta(db, undo_record, json.dumps(undo))
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

        New entries go in as one bulk insert. A large import indexes the contents it was given, in
        worker processes that run while the entries are being written, rather than reading them
        back afterwards.
        """
        now = self.now()
        try:
            with gc_paused(), self._writing(clashes_handled=True) as db:
                # Planned before this transaction: another import may have added some of them since.
                # Imports take turns on a server (as every writer does on SQLite), so that one that
                # waited sees what the other committed here, and plans again, instead of colliding.
                db.hold_lock("import")
                if entry_ids(db, [content.key for content, _ in adds]):
                    raise StoreChanged("another writer added some of these entries meanwhile")
                if recorded:
                    self._record_many(
                        db, [(content.key, "imported", content, "") for content, _ in (*adds, *updates)]
                    )
                if adds and len(adds) + len(updates) > BULK_REINDEX_THRESHOLD:
                    self._import_in_bulk(db, adds, updates, now)
                    return
                insert_entries(db, adds, now)
                changed = [self._overwritten(db, content, usage, now) for content, usage in updates]
                fresh = [e for content, _ in adds if (e := find_entry(db, content.key)) is not None]
                reindex(db, [*fresh, *changed])
        except StatementFailed as exc:  # a server without the write lock: the same clash, found later
            raise StoreChanged("another writer added some of these entries meanwhile") from exc

    def _import_in_bulk(
        self,
        db: Database,
        adds: Sequence[tuple[EntryContent, dict[str, Any]]],
        updates: Sequence[tuple[EntryContent, dict[str, Any]]],
        now: datetime,
    ) -> None:
        """Write a large import and index what it brings, from the contents in hand (indexed in
        worker processes while the entries are written): the stored entries it leaves alone are
        neither read nor indexed again."""
        contents = [content for content, _ in (*updates, *adds)]
        with indexing(contents) as indexes:
            insert_entries(db, adds, now)
            replaced = [self._overwritten(db, content, usage, now).id for content, usage in updates]
            ids = entry_ids(db, [content.key for content in contents])
            add_indexed(
                db,
                ((ids[c.key], c.status, index) for c, index in zip(contents, indexes, strict=True)),
                [entry_id for entry_id in replaced if entry_id is not None],
            )

    def _overwritten(
        self, db: Database, content: EntryContent, usage: dict[str, Any], now: datetime
    ) -> Entry:
        entry = self._locked(db, content.key)
        entry.set_content(content)
        entry.updated = now
        restore_usage(entry, usage)
        save_entry(db, entry)
        return entry

    def sync_bases(self, folder: str) -> dict[str, tuple[EntryContent | None, Any]]:
        """What every entry synced with FOLDER (its identity) last agreed on, by key, and the conflict
        shown and not settled yet (as kb.exchange.folder_sync recorded it), if any."""
        with self._reading() as db:
            rows = db.rows(
                'SELECT "key", content, conflict FROM sync_base WHERE folder = :folder', {"folder": folder}
            )
        return {
            str(key): (
                EntryContent.from_dict(found) if (found := decoded(content)) else None,
                decoded(conflict),
            )
            for key, content, conflict in rows
        }

    @_retried
    def move_sync_bases(self, old: str, new: str) -> None:
        """Keep the bases of the folder OLD under its new name NEW, unless NEW has some already."""
        with self._writing() as db:
            if db.first("SELECT 1 FROM sync_base WHERE folder = :new LIMIT 1", {"new": new}):
                return
            db.run("UPDATE sync_base SET folder = :new WHERE folder = :old", {"new": new, "old": old})

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
        with self._writing() as db:
            changes: list[tuple[str, str, EntryContent | None, str]] = []
            for content in map(normalized, writes):
                entry = find_entry(db, content.key, locked=True)
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
                    entry = Entry.new(content, now)
                    before = None
                    insert_entry(db, entry)
                else:
                    before = entry.content()
                    entry.set_content(content)
                    entry.updated = now
                    save_entry(db, entry)
                index_one(db, entry)
                action = "synced" if before is None else edit_action(before, content)
                action = "synced" if action == "edited" else action
                changes.append((content.key, action, content, source))
            changes += [(key, "kept-aside", content, why) for key, content, why in kept_aside]
            self._record_many(db, changes)
            if undo_record is not None:
                name, keys = undo_record
                write_meta(db, name, json.dumps({"at": self.now().isoformat(), "keys": list(keys)}))
            keys = [*agreed, *conflicts]
            for chunk in chunks(keys):
                listed, params = in_list("k", chunk)
                db.run(
                    f'DELETE FROM sync_base WHERE folder = :folder AND "key" IN ({listed})',
                    {**params, "folder": folder},
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
            db.insert("sync_base", rows)

    def last_miss(self) -> RecentMiss | None:
        """The most recent search that found nothing confident: this user's, on a server a team
        shares (kb.store.misses_here)."""
        if not self.location.is_sqlite:
            from kb.store.misses_here import last_miss

            found = last_miss(self.location)
            return RecentMiss(*found) if found else None
        with self._reading() as db:
            row = db.first("SELECT query, decisive, searched FROM search_miss ORDER BY id DESC LIMIT 1")
        return RecentMiss(row[0], row[1], aware_time(row[2])) if row else None

    def environments_seen(self, since: datetime) -> tuple[dict[str, str], ...]:
        """The facts of each environment seen since SINCE (kb.machine), the latest first."""
        with self._reading() as db:
            rows = db.rows(
                "SELECT facts FROM environment_seen WHERE last_seen >= :since ORDER BY last_seen DESC",
                {"since": since},
            )
        return tuple(json.loads(facts) for (facts,) in rows)

    def ensure_index(self, notice: Callable[[str], None] | None = None) -> bool:
        """Rebuild the search index if it was made by another normalizer version, or emptied by a
        migration; NOTICE is told first, since that takes minutes at 100,000 entries. True if it did."""
        with self._reading() as db:
            if indexed_by_this_normalizer(db):
                return False
            count = int(db.value("SELECT COUNT(*) FROM entry") or 0)
        if notice is not None and count:
            notice(f"rebuilding the search index of {count:,} entries for this version of kb (once)")
        return self._rebuild_index()

    @_retried
    def _rebuild_index(self) -> bool:
        with self._writing() as db:
            db.hold_lock("schema")  # another kb may have just rebuilt it
            if indexed_by_this_normalizer(db):
                return False
            rebuild_index(db)
        return True

    @_retried
    def reindex(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Rebuild the whole search index from the stored entries, as maintenance (`kb reindex`):
        writes keep the index exact, and this also normalises every impact by today's average entry
        length. PROGRESS(done, total) is told as entries are indexed. Returns how many there are."""
        with self._writing() as db:
            db.hold_lock("schema")
            return rebuild_index(db, progress)

    def _record(
        self, db: Database, key: str, action: str, content: EntryContent | None, detail: str = ""
    ) -> None:
        """Record a change of KEY in the transaction that makes it (kb history)."""
        self._record_many(db, [(key, action, content, detail)])

    def _record_many(
        self,
        db: Database,
        changes: Sequence[tuple[str, str, EntryContent | None, str]],
        author: str | None = None,
    ) -> None:
        if changes:
            now, author = self.now(), author or self.author
            db.insert(
                "entry_change",
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

    def _locked_where_it_went(self, db: Database, key: str) -> Entry:
        """_locked(KEY), or, when KEY is gone, the entry its history says it was merged into or
        renamed to (followed as far as it went); EntryNotFound for a key purged or never there."""
        followed = key
        for _ in range(_MOST_MOVES_FOLLOWED):
            entry = find_entry(db, followed, locked=True)
            if entry is not None:
                return entry
            last = db.first(LAST_CHANGE_OF_KEY, {"key": followed})
            moved = moved_to(str(last[0]), str(last[1])) if last is not None else None
            if moved is None:
                break
            followed = moved
        return self._locked(db, key)

    def _locked(self, db: Database, key: str) -> Entry:
        """KEY's entry, locked until the transaction ends (find_entry); EntryNotFound without one."""
        entry = find_entry(db, key, locked=True)
        if entry is None:
            went_elsewhere = went(db.rows(LAST_CHANGE_OF_KEY, {"key": key}))
            if went_elsewhere is not None:
                raise EntryNotFound(key, went=went_elsewhere)
            raise EntryNotFound(
                key, closest_key(key, [str(row[0]) for row in db.rows('SELECT "key" FROM entry')])
            )
        return entry


def open_store(
    spec: str | None = None, clock: Clock | None = None, notice: Callable[[str], None] | None = None
) -> EntryStore:
    """Open (creating and upgrading as needed) the store at --db / KB_DB / the default location
    (kb.store.opening).

    CLOCK defaults to the real time, looked up at call time so that tests can move it forward.
    NOTICE is told, in a line, of work that takes a while before the store is ready (a rebuild of
    the search index after an upgrade).
    """
    clock = clock or kb.clock.utc_now
    location = resolve_location(spec)
    db, schema, read_only = opened(location, clock)
    store = EntryStore(db, location, schema, clock, read_only)
    try:
        store.ensure_index(notice)
    except BaseException:
        store.close()
        raise
    return store
