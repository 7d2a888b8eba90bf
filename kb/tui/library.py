"""The knowledge base as `kb tui` uses it: the CLI's core functions, behind one object.

The TUI is a face like the CLI: it parses a keystroke, calls one method here, and shows the result.
Every method is the same core call a CLI command makes (kb.search.lookup.search, EntryStore,
kb.upkeep.review, kb.upkeep.fault_tree.forest_of, kb.verify.runner.run_check,
kb.capture.adding.save_entry), so the two faces cannot drift apart; nothing here is a step of its own.

Threads: the TUI searches in worker threads while the main thread paints. A search opens its own
sqlite3 connection (kb.store.index_reader), and the store's engine hands each thread its own connection,
so nothing here is shared between threads except the store object, which opens lazily under a lock.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.domains import resolve_domain
from kb.errors import EntryArchived, EntryNotFound, KbError
from kb.paths import DatabaseLocation, resolve_location
from kb.search.lookup import SearchOptions, search

if TYPE_CHECKING:
    from pathlib import Path

    from kb.entry.content import EntryContent
    from kb.exchange.folder_sync import ShownConflict, Side, SyncReport, SyncStep
    from kb.store.entry_store import EntryStore
    from kb.store.record import Entry, StoreCounts
    from kb.upkeep.fault_tree import Branch
    from kb.upkeep.review import ReviewItem
    from kb.verify.runner import CheckResult
    from kb.verify.triage import Draft

#: More than a terminal shows, so that scrolling finds the rest.
RESULT_LIMIT = 50


@dataclass(frozen=True)
class Row:
    """One line of the result list."""

    key: str
    domain: str
    symptom: str
    score: float | None = None  # None when browsing: no query, no score
    confident: bool = False


@dataclass(frozen=True)
class Found:
    """What a search (or browsing, for an empty query) shows."""

    rows: list[Row]
    query: str
    confident: bool
    likely_domain: str | None = None
    #: A word or two: a subject whose entries are listed, never one fault.
    subject: bool = False
    #: The known faults that each raise the pasted message, when nothing decides between them.
    one_of: tuple[str, ...] = ()
    #: Every row holds every word of the subject (lookup.SearchResponse.named_whole).
    named_whole: bool = True
    #: How far the checks of one_of give a verdict (lookup.SearchResponse.one_of_apart).
    one_of_apart: str = ""


class Library:
    def __init__(self, spec: str | None = None, prefix: str = "kb ") -> None:
        self.spec = spec
        #: How to type a kb command on this knowledge base (`kb `, `kb --layer team `), for the
        #: hints the screen gives: they must act on what it shows.
        self.prefix = prefix
        self.location: DatabaseLocation = resolve_location(spec)
        self._store: EntryStore | None = None
        self._opening = threading.Lock()
        #: Browsing lists every entry; at 10,000 that is worth keeping until something is written,
        #: here or by another process (the store's version() then moves).
        self._browsed: dict[str | None, Found] = {}
        self._browsed_at: tuple[int, str] | None = None

    # --- the store, opened once ---------------------------------------------------------------------

    def store(self) -> EntryStore:
        """The full store: creates, migrates, seeds and indexes the database the first time."""
        with self._opening:
            if self._store is None:
                from kb.store.seeding import open_knowledge_base  # deferred: the store, off the first frame

                self._store = open_knowledge_base(self.spec)
            return self._store

    def _prepare(self) -> None:
        self.store()

    def unsearched_layers(self) -> list[str]:
        """The layers `kb search` reads besides this knowledge base (a team's, the project's .kb/),
        which the TUI's search does not: its answers are this knowledge base's alone."""
        from kb.layers.config import reading_layers

        try:
            return [layer.name for layer in reading_layers(self.spec)[1:]]
        except (KbError, OSError):  # a config kb cannot read: kb search says what is wrong with it
            return []

    def close(self) -> None:
        with self._opening:
            if self._store is not None:
                self._store.close()
                self._store = None

    # --- finding ------------------------------------------------------------------------------------

    def find(self, text: str, domain: str | None = None, record: bool = False) -> Found:
        """`kb search TEXT`, ranked the same way. RECORD leaves the usage record a search leaves."""
        if not text.strip():
            return self.browse(domain)
        options = SearchOptions(limit=RESULT_LIMIT, domain=domain, record_usage=record)
        response = search(text, self.location, options, prepare=self._prepare)
        rows = [
            Row(
                str(s.candidate.record["key"]),
                str(s.candidate.record["domain"]),
                str(s.candidate.record["symptom"]),
                s.score,
                s.confident,
            )
            for s in response.results
        ]
        guess = response.domain_guess.domain if response.domain_guess else None
        shared = tuple(str(s.candidate.record["key"]) for s in response.one_of)
        apart = response.one_of_apart() if shared else ""
        return Found(
            rows, text, response.confident, guess, response.query.short, shared, response.named_whole, apart
        )

    def browse(self, domain: str | None = None) -> Found:
        """Every active entry (of DOMAIN), by domain and key: what an empty search box shows."""
        domain = resolve_domain(domain) if domain else None
        version = self.version()
        if version != self._browsed_at:
            self._browsed.clear()
            self._browsed_at = version
        if domain not in self._browsed:
            rows = [Row(e.key, e.domain, e.symptom) for e in self.store().list(domain=domain)]
            self._browsed[domain] = Found(rows, "", confident=False)
        return self._browsed[domain]

    def entry(self, key: str) -> Entry:
        return self.store().get(key)

    def version(self) -> tuple[int, str]:
        """The store's version (EntryStore.version): what was read before is stale when it moves."""
        return self.store().version()

    def counts(self) -> StoreCounts:
        return self.store().counts()

    # --- the fault trees and the review --------------------------------------------------------------

    def forest(self, domain: str | None = None) -> list[Branch]:
        """`kb tree`: domain → cause path → entries, with the branch counts."""
        from kb.upkeep.fault_tree import forest_of

        return forest_of(self.store(), domain)

    def due(self) -> list[ReviewItem]:
        """`kb review`: the entries due, most in need of attention first."""
        from kb.upkeep.review import due_now

        return due_now(self.store())

    def keep(self, key: str) -> Entry:
        try:
            return self.store().mark_reviewed(key)
        except EntryArchived as archived:  # its undo acts on the knowledge base the screen shows
            raise archived.acting_on(self.prefix) from None

    def archive(self, key: str) -> Entry:
        self._browsed.clear()
        try:
            return self.store().mark_reviewed(key, status="archived")
        except EntryArchived as archived:
            raise archived.acting_on(self.prefix) from None

    def merge(self, key: str, into: str) -> str:
        """Fold KEY into INTO; what came of it, in a line (kb.upkeep.review.merged_said())."""
        from kb.upkeep.review import merge_entries

        store = self.store()
        self._browsed.clear()
        return merge_entries(store, key, store.get(into).key, self.prefix)

    # --- writing entries ----------------------------------------------------------------------------

    def save(
        self,
        content: EntryContent,
        replacing: str | None = None,
        force: bool = False,
        started_from: EntryContent | None = None,
        unless_known: bool = False,
    ) -> Entry:
        """Add CONTENT, or replace the entry REPLACING with it, as `kb add` and `kb edit` do; an edit
        that began from STARTED_FROM merges a change someone made meanwhile, or is refused. A new entry
        without a key gets one from its symptom, the next free one when it is written. UNLESS_KNOWN: a
        new entry is not added if one already describes its symptom (AddedMeanwhile), checked once
        its turn to write came, as `kb add` checks."""
        from kb.capture.adding import save_entry, unless_added_meanwhile

        self._browsed.clear()
        store = self.store()
        new = replacing is None
        key_base = None
        if new and not content.key:  # derived here, in the form's worker, and made unique as it is written
            from kb.entry.content import key_for

            key_base = key_for(content.symptom, content.cause_path, content.tags, content.domain)
            content = content.replace(key=key_base)
        unless = unless_added_meanwhile(store, content.symptom) if unless_known and new else None
        return save_entry(
            store,
            content,
            replacing=replacing,
            force=force,
            key_base=key_base,
            started_from=started_from,
            unless=unless,
        )

    def merged_meanwhile(self, key: str) -> bool:
        """Whether the last save of KEY merged a change someone made to it meanwhile."""
        return key in self.store().merged_meanwhile

    # --- drafts --------------------------------------------------------------------------------------

    def drafts(self) -> tuple[list[Draft], list[str]]:
        """The draft entries waiting for a person (kb.verify.triage.pending_drafts)."""
        from kb.verify.triage import pending_drafts

        return pending_drafts()

    def edited_by(self, draft: Draft) -> Entry | None:
        """The entry, as it is now, that DRAFT is an unsaved edit of, or None for a draft of a new
        entry. An edit the store refused (someone changed the entry meanwhile, the server went away)
        is kept as KEY-STAMP.md, by `kb edit` and by this screen alike."""
        from kb.paths import draft_name

        try:
            return self.store().get(draft_name(draft.path))
        except EntryNotFound:
            return None

    def keep_as_draft(self, content: EntryContent, key: str) -> Path:
        """Keep CONTENT, an edit of KEY the store refused, as a draft (KEY-STAMP.md) that p opens as
        an edit of KEY as it is then: what `kb edit` keeps of a refused edit."""
        from kb.capture.editor import save_draft
        from kb.entry.file import render_entry_file

        return save_draft(render_entry_file(content), key)

    def discard_draft(self, path: Path) -> None:
        from kb.verify.triage import discard_draft

        discard_draft(path)

    # --- sync conflicts ------------------------------------------------------------------------------

    def open_conflicts(self) -> list[tuple[Path, SyncStep]]:
        """The conflicts waiting in the folders kb synced with, as `kb sync DIR` shows them."""
        from kb.exchange.folder_sync import open_conflicts

        return open_conflicts(self.store())

    def synced_folders_gone(self) -> list[str]:
        """The folders kb synced with that are no longer where they were (a moved checkout): their
        conflicts, if any, are not among open_conflicts()."""
        import os

        from kb.exchange.folder_sync import synced_folders

        return sorted(path for path in set(synced_folders(self.store()).values()) if not os.path.isdir(path))

    def settle(
        self, folder: Path, key: str, choices: dict[str, Side], shown: ShownConflict | None = None
    ) -> SyncReport:
        """Sync FOLDER, settling KEY's conflict field by field: `kb sync DIR KEY --take FIELD=SIDE …`.
        SHOWN: the conflict as the dialog showed it; a folder version changed since is not taken."""
        from kb.exchange.folder_sync import sync_folder
        from kb.layers.trust import refuse_an_unread_project_folder, trust_kept

        self._browsed.clear()
        seen = {key: shown} if shown is not None else {}
        refuse_an_unread_project_folder(str(folder), "settling a conflict (a kb sync)")
        with trust_kept(str(folder)):
            return sync_folder(self.store(), folder, only=(key,), choices={key: choices}, seen=seen)

    # --- running a validation, only when asked -------------------------------------------------------

    def check_values(self, paste: str) -> dict[str, str]:
        """The values PASTE names for a check's inputs (its port, file, module), those that may
        stand in a command."""
        from kb.text.paste import paste_values

        return paste_values(paste) if paste.strip() else {}

    def check_command(self, key: str, values: dict[str, str]) -> str:
        """KEY's check exactly as it will run with VALUES."""
        from kb.verify.triage import filled_check

        return filled_check(self.store().get(key).content().as_dict(), values)

    def check(
        self, key: str, values: dict[str, str] | None = None, timeout: float = 60.0, agreed: str | None = None
    ) -> CheckResult:
        """`kb check KEY --yes`: run the check with VALUES for its inputs and record its verdict on
        the entry. The caller has asked the person first, showing AGREED; nothing calls this on its
        own, and a check that changed since it was shown does not run (run_check)."""
        from kb.verify.runner import run_check

        return run_check(self.store(), key, timeout, values, agreed=agreed)
