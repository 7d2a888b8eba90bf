"""The one record of an entry as the store holds it: its content plus bookkeeping, as plain data.

Every read and write of the store hands out and takes these; the table they live in is defined once,
for migrations, in kb.store.models. Nothing here imports a database library, so a command that reads
or writes one entry pays for no ORM.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

from kb.entry.check_rule import parse_check_rule
from kb.entry.content import EntryContent
from kb.records import Record
from kb.store.connection import decoded

#: Every column of the entry table, in the order the store reads them.
ENTRY_COLUMNS = (
    "id", "key", "domain", "symptom", "symptom_variants", "validation", "fix", "root_cause",
    "cause_path", "tags", "conditions", "environment", "case", "snippet", "source", "related",
    "status", "created", "updated", "reviewed", "hits", "last_hit", "occurrences", "guards",
    "matchers", "last_check_at", "last_check_outcome", "last_check_exit", "last_check_output",
    "seed_digest", "applies_to", "check_rule", "check_broke_in_a_row",
)  # fmt: skip
#: Columns that hold JSON, and the empty value each starts as.
JSON_COLUMNS: Mapping[str, Any] = {
    "symptom_variants": [],
    "tags": [],
    "related": [],
    "guards": [],
    "matchers": [],
    "applies_to": [],
    "check_rule": {},
}
#: Columns that hold a time (always UTC).
TIME_COLUMNS = ("created", "updated", "reviewed", "last_hit", "last_check_at")


#: What a new entry holds in each column it is not given.
NEW_ENTRY: Mapping[str, Any] = {
    "id": None, "validation": "", "fix": "", "root_cause": "", "cause_path": "", "conditions": "",
    "environment": "", "case": "", "snippet": "", "source": "own", "status": "active",
    "reviewed": None, "hits": 0, "last_hit": None, "occurrences": 1, "last_check_at": None,
    "last_check_outcome": None, "last_check_exit": None, "last_check_output": None,
    "seed_digest": None, "check_broke_in_a_row": 0, **JSON_COLUMNS,
}  # fmt: skip


class Entry:
    """One fault: its content (kb.entry.content.EntryContent) plus bookkeeping and what tools attach.

    A plain class, not a dataclass: `kb add`, `kb show` and `kb list` make entries, and importing
    dataclasses (it imports inspect) and making a dataclass (it compiles its methods from source) cost
    those commands more than their own work."""

    __slots__ = ENTRY_COLUMNS

    key: str
    domain: str
    symptom: str
    created: datetime
    updated: datetime
    id: int | None
    symptom_variants: list[str]
    validation: str
    fix: str
    root_cause: str
    cause_path: str
    tags: list[str]
    conditions: str
    environment: str
    case: str
    snippet: str
    source: str
    related: list[str]
    status: str
    reviewed: datetime | None
    hits: int
    last_hit: datetime | None
    occurrences: int
    #: Attached by later tools; empty until they do.
    guards: list[dict[str, Any]]
    matchers: list[dict[str, Any]]
    last_check_at: datetime | None
    last_check_outcome: str | None
    last_check_exit: int | None
    last_check_output: str | None
    #: Digest of the seed file this entry was last loaded from; lets `kb seed` tell untouched from edited.
    seed_digest: str | None
    #: Where the fix holds (kb.entry.constraints).
    applies_to: list[str]
    #: How the check is read (kb.entry.check_rule), and how many of its runs in a row broke: the one
    #: thing a check says about the entry's health.
    check_rule: dict[str, Any]
    check_broke_in_a_row: int

    def __init__(
        self, key: str, domain: str, symptom: str, created: datetime, updated: datetime, **columns: Any
    ) -> None:
        """An entry of KEY, DOMAIN and SYMPTOM, CREATED and UPDATED; every other column as COLUMNS
        gives it (by its name in ENTRY_COLUMNS), or as a new entry holds it (NEW_ENTRY)."""
        unknown = columns.keys() - NEW_ENTRY.keys()
        if unknown:
            raise TypeError(f"an entry has no column {', '.join(sorted(unknown))}")
        self.key = key
        self.domain = domain
        self.symptom = symptom
        self.created = created
        self.updated = updated
        for name, start in NEW_ENTRY.items():
            if name in columns:
                setattr(self, name, columns[name])
            else:  # a list or table of its own, as each entry's is
                setattr(self, name, type(start)() if isinstance(start, (list, dict)) else start)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and all(getattr(self, n) == getattr(other, n) for n in ENTRY_COLUMNS)

    __hash__ = None  # type: ignore[assignment]  # an entry changes: no set or dict key

    def __repr__(self) -> str:
        return f"Entry(key={self.key!r}, domain={self.domain!r}, id={self.id!r}, status={self.status!r})"

    @classmethod
    def new(cls, content: EntryContent, now: datetime) -> "Entry":
        """A new entry holding CONTENT, created now, with no usage yet."""
        entry = cls(key=content.key, domain=content.domain, symptom=content.symptom, created=now, updated=now)
        entry.set_content(content)
        return entry

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> "Entry":
        """The entry a row of ENTRY_COLUMNS holds, as any backend returns it (JSON as text or
        decoded, times as text or datetimes)."""
        values = dict(zip(ENTRY_COLUMNS, row, strict=True))
        for name, empty in JSON_COLUMNS.items():
            value = values[name]
            values[name] = decoded(value) or type(empty)()
        for name in TIME_COLUMNS:
            values[name] = stored_time(values[name])
        return cls(**values)

    def row(self) -> dict[str, Any]:
        """The entry as column values (without the id), for an INSERT or UPDATE."""
        return {name: getattr(self, name) for name in ENTRY_COLUMNS if name != "id"}

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
            applies_to=tuple(self.applies_to),
            status=self.status,
            guards=tuple(dict(guard) for guard in self.guards),
            check_rule=parse_check_rule(self.check_rule, self.key),
        )

    def record(self, usage_kept: bool = True) -> dict[str, Any]:
        """Everything about the entry as JSON-ready data; times are UTC ISO 8601. Its occurrences are
        the times the user met the fault (occurrences_met), as `kb show` says them. Not USAGE_KEPT
        (an entry folder's: kb.store.entry_store.EntryStore.keeps_usage): its usage and dates are
        null, unknown, rather than the 0 hits and the time kb read the folder that its index holds."""
        content = self.content()
        data = content.as_dict()
        data.pop("check_rule")
        data["verdict"] = content.check_rule.as_dict()  # how the check's result is read
        for name in ("created", "updated", "reviewed", "last_hit", "last_check_at"):
            value: datetime | None = getattr(self, name)
            data[name] = _utc(value).strftime("%Y-%m-%dT%H:%M:%SZ") if value else None
        data.update(
            hits=self.hits,
            occurrences=self.occurrences_met,
            guards=self.guards,
            matchers=self.matchers,
            last_check_outcome=self.last_check_outcome,
            last_check_exit=self.last_check_exit,
        )
        if not usage_kept:
            data.update(dict.fromkeys(("created", "updated", "reviewed", "last_hit", "hits", "occurrences")))
        return data

    @property
    def occurrences_met(self) -> int:
        """The times the user met the fault: a seed's stored count holds the one it shipped with, the
        field guide's, which `kb tree` leaves out too (kb show said "seen 1x" of a seed never met)."""
        return self.occurrences - 1 if self.seed_digest is not None else self.occurrences

    def facts(self) -> str:
        """One line of bookkeeping for people: status, usage, dates."""
        from kb.entry.terminal import bookkeeping_line

        reviewed = _local_day(self.reviewed) if self.reviewed else None
        return bookkeeping_line(
            self.status,
            self.hits,
            self.occurrences_met,
            _local_day(self.created),
            _local_day(self.updated),
            reviewed,
            self.last_check_outcome,
        )

    def set_content(self, content: EntryContent) -> None:
        """Hold CONTENT. A new check (its command or the rule that reads it) has not run yet: the
        last verdict and the count of broken runs were about the check the entry had, and kb show,
        kb stats and kb prune would speak of them as this one's (the runs stay in its history)."""
        check = (self.validation, self.check_rule)
        for name, value in content.as_dict().items():
            setattr(self, name, value)
        if (self.validation, self.check_rule) != check:
            self.last_check_at = self.last_check_outcome = self.last_check_exit = None
            self.last_check_output = None
            self.check_broke_in_a_row = 0


class CheckRun(Record):
    """One run of an entry's check, as the store keeps it."""

    at: datetime
    verdict: str
    reason: str
    command: str
    values: Mapping[str, str] = MappingProxyType({})
    exit_code: int | None = None
    machine: str = ""
    output: str = ""


class EntryChange(Record):
    """One change of an entry, as `kb history` shows it: who, when, what, and the version it left
    (for "kept aside": the version a settled conflict did not keep, so that nothing is lost)."""

    number: int  # 1 for the oldest change of this key
    at: datetime
    author: str
    action: str  # a name in CHANGE_ACTIONS
    detail: str
    content: EntryContent | None

    @property
    def went_to(self) -> str | None:
        """The key the entry went to by this change (moved_to())."""
        return moved_to(self.action, self.detail)


class StoreCounts(Record):
    total: int
    by_status: dict[str, int]
    by_domain: dict[str, int]


class SeedReport(Record):
    """What a seed load did, key by key."""

    added: list[str]
    updated: list[str]
    unchanged: list[str]
    kept: list[str]
    removals: list[str]
    #: Seeds the user archived, left archived (kb restore brings one back; a seed load never does).
    archived: list[str]


class RecentMiss(Record):
    query: str
    decisive: str
    searched: datetime


class SeedItem(Record):
    content: EntryContent
    digest: str


#: The last change recorded of a key: where it went, if it was merged or renamed (moved_to()).
LAST_CHANGE_OF_KEY = 'SELECT action, detail FROM entry_change WHERE "key" = :key ORDER BY id DESC LIMIT 1'


def went(rows: Sequence[tuple[Any, ...]]) -> tuple[str, str] | None:
    """What the last change of a key, the ROWS of LAST_CHANGE_OF_KEY, did with it, when it went
    elsewhere: ("merged into", KEY) or ("renamed to", KEY)."""
    if not rows:
        return None
    action, detail = str(rows[0][0]), str(rows[0][1])
    to = moved_to(action, detail)
    return None if to is None else ("merged into" if action == "merged" else "renamed to", to)


def moved_to(action: str, detail: str) -> str | None:
    """The key an entry went to by a change recorded as ACTION with DETAIL: merged into it
    ("into KEY"), or renamed to it ("to KEY"); None for any other change."""
    if action == "merged" and detail.startswith("into "):
        return detail.removeprefix("into ")
    if action == "renamed" and detail.startswith("to "):
        return detail.removeprefix("to ")
    return None


#: What a change did, for people.
CHANGE_ACTIONS = {
    "added": "added",
    "edited": "edited",
    "renamed": "renamed",
    "archived": "archived",
    "restored": "restored",
    "merged": "merged",
    "purged": "purged",
    "imported": "imported",
    "seed-updated": "seed updated",
    "synced": "synced",
    "kept-aside": "kept aside",
    "occurrence": "occurred",
}


# --- choosing entries: one way for the store and for the lean reader --------------------------------

#: Every column of the entry table, for a SELECT.
SELECTED_COLUMNS = ", ".join(f'"{name}"' for name in ENTRY_COLUMNS)


def listing_query(
    domain: str | None, status: str | None, dialect: str = "sqlite"
) -> tuple[str, dict[str, Any]]:
    """The SELECT of the entries of DOMAIN and STATUS (None: any), ordered by domain then key, as
    `kb list` shows them, and its parameters. The order is by code point on every backend (a
    server's collation would sort `a-b` after `ab`): a listing streams in the order it is shown."""
    clauses, params = [], {}
    if domain:
        clauses.append("domain = :domain")
        params["domain"] = domain
    if status:
        clauses.append("status = :status")
        params["status"] = status
    where = f"WHERE {' AND '.join(clauses)} " if clauses else ""
    order = 'domain COLLATE "C", "key" COLLATE "C"' if dialect == "postgresql" else 'domain, "key"'
    return f"SELECT {SELECTED_COLUMNS} FROM entry {where}ORDER BY {order}", params


def tagged_entries(rows: Iterable[Sequence[Any]], tag: str | None) -> Iterator["Entry"]:
    """The entries of ROWS (SELECTED_COLUMNS) tagged TAG, whatever its case (all of them when TAG is
    None or empty), each as its row is read: the one tag filter of every listing."""
    wanted = tag.lower() if tag else None
    for row in rows:
        entry = Entry.from_row(row)
        if wanted is None or wanted in (str(t).lower() for t in entry.tags):
            yield entry


def stored_time(value: Any) -> datetime | None:
    """A time as the database returned it (SQLite: naive UTC text; a server: an aware datetime), as
    an aware UTC datetime."""
    if value is None:
        return None
    return _utc(value if isinstance(value, datetime) else datetime.fromisoformat(str(value)))


def aware_time(value: Any) -> datetime:
    """A stored time that is never empty, as an aware UTC datetime."""
    moment = stored_time(value)
    assert moment is not None
    return moment


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _local_day(moment: datetime) -> str:
    """The day MOMENT (stored in UTC) fell on by this machine's clock, as kb history gives its times:
    an entry added at 00:30 UTC on the 1st was added on the 30th in California."""
    try:
        return _utc(moment).astimezone().date().isoformat()
    except (OverflowError, OSError, ValueError):  # a time the local clock cannot place
        return _utc(moment).date().isoformat()
