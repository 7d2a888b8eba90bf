"""Keeping the knowledge base alive, as the first-aid handbook asks of a personal one: the monthly
review, pruning, stats, the reminder.

A review steps through the entries not reviewed for a while (30 days by default), those that most
need attention first: never used, a check that failed or went stale, a likely duplicate, a missing
validation or fix, a fix scoped (applies_to) to versions no environment seen lately still runs.
Each decision is written as it is made, so stopping half-way loses nothing.
Pruning archives by rule, dry-run first, never deletes, and is undone with `kb restore`.
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from kb.entry.constraints import holds, parse_constraint
from kb.entry.content import EntryContent
from kb.entry.lint import validation_problem
from kb.entry.visible import plural
from kb.errors import EntryArchived, StoreUnavailable, UsageError
from kb.patterns import LazyPattern
from kb.records import Record
from kb.store.entry_store import EntryStore
from kb.store.record import Entry
from kb.upkeep.reminder import REMINDER_OFF_ENV, reminder_pending

REVIEW_DAYS = 30
STALE_CHECK_DAYS = 90
#: The environments kb judged entries in (kb.machine) within this long are the ones still run.
RECENT_ENVIRONMENT_DAYS = 90
REVIEW_DAYS_ENV = "KB_REVIEW_DAYS"

#: How much each reason to look at an entry weighs when ordering the review.
ATTENTION = {
    "no validation that runs": 5,
    "its check broke": 4,
    "likely duplicate": 3,
    "never hit": 3,
    "applies to no recent environment": 3,
    "no fix": 2,
    "check is stale": 1,
    "never checked": 1,
    "no root cause": 1,
}


def attention_weight(reason: str) -> int:
    """What REASON weighs: `likely duplicate of X` weighs as `likely duplicate`."""
    return next(weight for name, weight in ATTENTION.items() if reason.startswith(name))


def review_interval() -> timedelta:
    """30 days, unless KB_REVIEW_DAYS says otherwise; at most MAX_DURATION_DAYS, beyond which no
    entry is older (and a date that many days back is before year 1: every command's reminder
    failed on it)."""
    raw = os.environ.get(REVIEW_DAYS_ENV, "").strip()
    if not (raw.isascii() and raw.isdigit()) or int(raw) == 0:
        return timedelta(days=REVIEW_DAYS)
    return timedelta(days=min(int(raw), MAX_DURATION_DAYS))


@dataclass(frozen=True)
class ReviewItem:
    key: str
    domain: str
    symptom: str
    reasons: tuple[str, ...]
    attention: int
    #: When the entry was last reviewed, or, never reviewed, created.
    last_reviewed: datetime
    #: The entry this one likely duplicates, which a merge would fold it into.
    duplicate_of: str | None = None
    #: Whether it was ever reviewed (last_reviewed is then its creation).
    ever_reviewed: bool = True
    #: When it fell due: a review interval after last_reviewed (None: not computed, a hand-made item).
    due_since: datetime | None = None


def due_for_review(
    entries: Sequence[Entry],
    signatures: dict[str, tuple[str, ...]],
    now: datetime,
    interval: timedelta,
    environments: Sequence[Mapping[str, str]] = (),
) -> list[ReviewItem]:
    """The active entries the user has met (met()) and not reviewed within INTERVAL, the ones needing
    most attention first. ENVIRONMENTS: those seen recently, against which each entry's applies_to is
    judged. Only an active entry is offered as the one another duplicates: an archived one cannot
    take a merge."""
    active = {entry.key for entry in entries if entry.status == "active"}
    signatures = {key: forms for key, forms in signatures.items() if key in active}
    duplicates = likely_duplicates(signatures, {entry.key: entry.cause_path for entry in entries})
    items = []
    for entry in entries:
        last = entry.reviewed or entry.created
        # met() last: for an untouched seed it renders the entry to know whether it was edited
        if entry.status != "active" or now - last < interval or not met(entry):
            continue
        reasons = attention_reasons(entry, now, duplicates.get(entry.key), environments)
        score = sum(attention_weight(reason) for reason in reasons)
        duplicate = duplicates.get(entry.key)
        items.append(
            ReviewItem(
                entry.key,
                entry.domain,
                entry.symptom,
                reasons,
                score,
                last,
                duplicate,
                entry.reviewed is not None,
                last + interval,
            )
        )
    items.sort(key=lambda item: (-item.attention, item.last_reviewed, item.key))
    return items


def reasons_now(store: EntryStore, item: ReviewItem, entry: Entry, took: Sequence[str]) -> tuple[str, ...]:
    """Why ENTRY, due as ITEM, needs a look once this review merged TOOK into it: its reasons read
    again (it gained their hits and may have a fix now), the duplicates it took no longer one."""
    now = store.now()
    recent = store.environments_seen(now - timedelta(days=RECENT_ENVIRONMENT_DAYS))
    duplicate = None if item.duplicate_of in took else item.duplicate_of
    merged = f"took {', '.join(took)} merged into it in this review"
    return (*attention_reasons(entry, now, duplicate, recent), merged)


def met(entry: Entry) -> bool:
    """Whether the user has met ENTRY: written or changed it, had it answer a search, checked or
    reviewed it. A seed nobody touched is the field guide's knowledge, not the user's to review: a
    new user's first review was the whole seed set."""
    from kb.store.seeding import content_digest

    if entry.seed_digest is None:
        return True
    touched = entry.hits or entry.last_check_at or entry.reviewed or entry.occurrences > 1
    return bool(touched) or content_digest(entry.content()) != entry.seed_digest


def due_now(store: EntryStore) -> list[ReviewItem]:
    """What `kb review` steps through today, with the interval KB_REVIEW_DAYS sets. Nothing in an
    entry folder: it keeps no usage and no review dates, and the dates of its index are when the
    index was built, which would make every entry due a month after."""
    if not store.keeps_usage:
        return []
    now = store.now()
    recent = store.environments_seen(now - timedelta(days=RECENT_ENVIRONMENT_DAYS))
    return due_for_review(store.list(), store.signatures(), now, review_interval(), recent)


def attention_reasons(
    entry: Entry, now: datetime, duplicate_of: str | None, environments: Sequence[Mapping[str, str]] = ()
) -> tuple[str, ...]:
    reasons = []
    if validation_problem(entry.validation):
        reasons.append("no validation that runs")
    if check_is_broken(entry):
        reasons.append(f"its check broke {plural(entry.check_broke_in_a_row, 'time')} in a row")
    if duplicate_of:
        reasons.append(f"likely duplicate of {duplicate_of}")
    if entry.hits == 0:
        reasons.append("never hit")
    if not entry.fix:
        reasons.append("no fix")
    outgrown = applies_nowhere(entry.applies_to, environments)
    if outgrown:
        reasons.append(outgrown)
    if entry.last_check_at is None:
        reasons.append("never checked")
    elif now - entry.last_check_at > timedelta(days=STALE_CHECK_DAYS):
        reasons.append("check is stale")
    if not entry.root_cause:
        reasons.append("no root cause")
    return tuple(reasons)


def applies_nowhere(applies_to: Sequence[str], environments: Sequence[Mapping[str, str]]) -> str | None:
    """Why a fix scoped by APPLIES_TO may be history: of ENVIRONMENTS, those that know the facts it
    names all fail it ("applies to no recent environment: torch<2.2 (seen 2.3.0, 2.4.1)"). None
    while any of them meets it, or none can tell (a CPU job knows no driver; a JAX job has no torch).
    The entry is then a candidate for archiving, once the fix is in every release the team runs."""
    if not applies_to:
        return None
    constraints = [parse_constraint(text) for text in applies_to]
    failed: dict[str, set[str]] = defaultdict(set)
    judged = False
    for facts in environments:
        verdicts = [holds(constraint, facts) for constraint in constraints]
        if False not in verdicts:
            if True in verdicts:
                return None  # it meets every constraint it knows of
            continue
        judged = True
        for constraint, verdict in zip(constraints, verdicts, strict=True):
            if verdict is False:
                failed[constraint.text].add(facts[constraint.name])
    if not judged:
        return None
    seen = "; ".join(f"{text} (seen {', '.join(sorted(values))})" for text, values in failed.items())
    return f"applies to no recent environment: {seen}"


def merge_entries(store: EntryStore, key: str, into: str, prefix: str = "kb ") -> str:
    """Fold KEY into INTO (EntryStore.merge: its symptoms become INTO's variants, its usage adds up,
    KEY is gone) and say, in a line, what came of it (merged_said()). PREFIX: how to type a kb
    command on STORE's knowledge base (`kb --db X `), for the commands the line names."""
    source = store.get(key).content()
    try:
        merged = store.merge(key, into)
    except EntryArchived as archived:
        raise archived.acting_on(prefix) from None
    return merged_said(source, merged.content(), prefix)


#: What a merge keeps of the target alone, by field, as people call it.
_TARGETS_OWN = {"fix": "fix", "root_cause": "root cause", "snippet": "snippet", "validation": "check"}


def merged_said(source: EntryContent, target: EntryContent, prefix: str = "kb ") -> str:
    """What merging SOURCE into TARGET did (kb.entry.merging.merge_contents()): where both had a fix,
    a root cause, a snippet or a check and SOURCE's said otherwise, TARGET keeps its own, and the
    line says where SOURCE's words are now (its history): a merge is no archive, and `kb restore`
    does not bring SOURCE back. TARGET is the entry after the merge; PREFIX as merge_entries()'."""
    said = f"merged {source.key} into {target.key}"
    differs = {field for field in _TARGETS_OWN if getattr(source, field) not in ("", getattr(target, field))}
    own = [name for field, name in _TARGETS_OWN.items() if field in differs]
    if own:
        said += (
            f"; {target.key} keeps its own {', '.join(own)}: {source.key}'s stays in its history"
            f" ({prefix}history {source.key})"
        )
    return said


def likely_duplicates(signatures: dict[str, tuple[str, ...]], cause_paths: dict[str, str]) -> dict[str, str]:
    """key → another key that records the same fault: a symptom or variant with the same signature,
    and no different cause. One message often has several causes (`device-side assert triggered`:
    a label out of range, an embedding too small), each its own entry with its own cause path; two
    entries are a duplicate pair only when their cause paths agree, or one of them has none."""
    by_signature: dict[str, list[str]] = defaultdict(list)
    for key, forms in signatures.items():
        for form in set(forms):
            by_signature[form].append(key)
    found: dict[str, str] = {}
    for keys in by_signature.values():
        for key in keys:
            same = (other for other in keys if other != key and _same_cause(cause_paths, key, other))
            duplicate = next(same, None)
            if duplicate is not None:
                found.setdefault(key, duplicate)
    return found


def _same_cause(cause_paths: dict[str, str], key: str, other: str) -> bool:
    mine, theirs = cause_paths.get(key, ""), cause_paths.get(other, "")
    return not mine or not theirs or mine.lower() == theirs.lower()


# --- stats ------------------------------------------------------------------------------------------


@dataclass
class Stats:
    """What `kb stats` says. None where the store keeps no such thing (an entry folder keeps no
    usage, check runs, review dates nor environments): a number there would be invented."""

    total: int
    by_domain: dict[str, int]
    by_status: dict[str, int]
    added_this_month: int | None
    most_hit: list[tuple[str, int]] | None
    never_hit: int | None
    #: Every active entry never hit, by key (never_hit counts them).
    never_hit_keys: list[str] | None
    broken_checks: list[tuple[str, int]] | None
    due_for_review: int | None
    last_review: str | None
    review_interval_days: int
    #: How many environments kb judged entries in over RECENT_ENVIRONMENT_DAYS.
    recent_environments: int | None = 0

    def as_json(self) -> dict[str, object]:
        return {
            "total": self.total,
            "by_domain": self.by_domain,
            "by_status": self.by_status,
            "added_this_month": self.added_this_month,
            "most_hit": None if self.most_hit is None else [{"key": k, "hits": h} for k, h in self.most_hit],
            "never_hit": self.never_hit,
            "never_hit_keys": self.never_hit_keys,
            "broken_checks": None
            if self.broken_checks is None
            else [{"key": k, "broke_in_a_row": n} for k, n in self.broken_checks],
            "review": {
                "due": self.due_for_review,
                "last_review": self.last_review,
                "interval_days": self.review_interval_days,
            },
            "recent_environments": self.recent_environments,
        }


def month_start(now: datetime) -> datetime:
    """When this month began on this machine's clock, as NOW is written (UTC, with or without its
    zone): "added this month" is the person's month, not UTC's (in Tokyo at 08:30 on the 1st, an
    entry of the 20th was counted as this month's)."""
    aware = now if now.tzinfo else now.replace(tzinfo=UTC)
    try:
        local = aware.astimezone()
        start = datetime(local.year, local.month, 1).astimezone(UTC)  # the clock's own offset that day
    except (OverflowError, OSError, ValueError):
        start = aware.replace(day=1, hour=0, minute=0, second=0, microsecond=0).astimezone(UTC)
    return start if now.tzinfo else start.replace(tzinfo=None)


def compute_stats(store: EntryStore, interval: timedelta) -> Stats:
    now = store.now()
    entries = store.list(status=None)
    active = [e for e in entries if e.status == "active"]
    counts = Stats(
        total=len(entries),
        by_domain=dict(Counter(e.domain for e in active)),
        by_status=dict(Counter(e.status for e in entries)),
        added_this_month=None,
        most_hit=None,
        never_hit=None,
        never_hit_keys=None,
        broken_checks=None,
        due_for_review=None,
        last_review=None,
        review_interval_days=interval.days,
        recent_environments=None,
    )
    if not store.keeps_usage:  # an entry folder: its entries, counted, and nothing of their use
        return counts
    recent = store.environments_seen(now - timedelta(days=RECENT_ENVIRONMENT_DAYS))
    due = due_for_review(active, store.signatures(), now, interval)
    hit = sorted((e for e in active if e.hits), key=lambda e: (-e.hits, e.key))
    never = sorted(e.key for e in active if e.hits == 0)
    return replace(
        counts,
        added_this_month=sum(1 for e in entries if e.created >= month_start(now) and e.seed_digest is None),
        most_hit=[(e.key, e.hits) for e in hit[:10]],
        never_hit=len(never),
        never_hit_keys=never,  # all of them: a script reading the JSON was told 87 and given 10
        broken_checks=[(e.key, e.check_broke_in_a_row) for e in active if check_is_broken(e)],
        due_for_review=len(due),
        last_review=store.meta("last_review"),
        recent_environments=len(recent),
    )


# --- the reminder -----------------------------------------------------------------------------------


def review_reminder(store: EntryStore, interval: timedelta) -> str | None:
    """One line, at most once a day, when entries are due for review; None otherwise (or when
    silenced). A review since does not silence it: one `kb review KEY --keep` leaves the others due."""
    now = store.now()
    if store.read_only or not reminder_pending(store.meta("last_reminder"), now):
        return None
    today = now.date().isoformat()
    try:
        store.set_meta("last_reminder", today)  # looked at today: the due list is computed once a day at most
    except StoreUnavailable:  # a full disk, a damaged file: a reminder is not worth failing a read for
        return None
    last_review = store.meta("last_review")
    last = datetime.fromisoformat(last_review) if last_review else None
    count, untouched_seeds = store.unreviewed(now - interval)
    due = count + sum(1 for entry in untouched_seeds if met(entry))
    if not due:
        return None
    since = "never reviewed"
    if last is not None:
        ago = (now - last).days
        since = f"last review {plural(ago, 'day')} ago" if ago else "last review today"
    return (
        f"kb: {plural(due, 'entry is', 'entries are')} due for review ({since}): kb review"
        f" (silence with {REMINDER_OFF_ENV}=1)"
    )


# --- pruning ----------------------------------------------------------------------------------------

_DURATION = LazyPattern(r"^(\d+)\s*([dwy])$")


def parse_duration(text: str) -> timedelta:
    """`180d`, `6w`, `1y`."""
    match = _DURATION.match(text.strip().lower())
    if not match:
        raise UsageError(f"'{text}' is not a duration; write it like 180d, 6w or 1y")
    number, unit = int(match.group(1)), match.group(2)
    days = number * {"d": 1, "w": 7, "y": 365}[unit]
    if days > MAX_DURATION_DAYS:
        raise UsageError(f"'{text}' is longer than a century; write it like 180d, 6w or 1y")
    return timedelta(days=days)


#: The longest duration parse_duration() takes: no entry is older.
MAX_DURATION_DAYS = 36_500


#: What `kb prune --status` selects: checks that broke run after run (check_is_broken), or never ran.
#: A check that ruled its cause out, or could not run here, says nothing against the entry.
CHECK_STATUSES = ("broken", "never")

#: How many runs in a row must break before a check counts against its entry: once may be the
#: machine (a half-written file, a package mid-upgrade); twice is the check.
BROKEN_AFTER = 2


def check_is_broken(entry: Entry) -> bool:
    """Whether ENTRY's check broke (kb.verify.verdict) on each of its last BROKEN_AFTER runs: the one
    thing a check's result says about the entry's health."""
    return entry.check_broke_in_a_row >= BROKEN_AFTER


class PrunePlan(Record):
    """What a prune would archive, and the entries it leaves because their use does not show."""

    chosen: list[Entry]
    #: Unused for that long, and kept: a guard (kb export pre-commit, pytest) keeps its fault from
    #: coming back without a search or an occurrence, so the better it works the less it is hit.
    guarded: list[Entry]


def prune_candidates(
    store: EntryStore, unused_for: timedelta | None, domain: str | None, check_status: str | None
) -> PrunePlan:
    """Active entries matching every rule given: unused for that long, in that domain, with that
    check; an entry with guards is never "unused" (PrunePlan.guarded)."""
    if unused_for is None and domain is None and check_status is None:
        raise UsageError("give at least one rule: --unused-for 180d, --domain or --status")
    if check_status is not None and check_status not in CHECK_STATUSES:
        raise UsageError(f"--status must be one of {', '.join(CHECK_STATUSES)}")
    now = store.now()
    chosen: list[Entry] = []
    guarded: list[Entry] = []
    for entry in store.list(domain=domain):
        if _matches(entry, now, unused_for, check_status):
            (guarded if unused_for is not None and entry.guards else chosen).append(entry)
    return PrunePlan(chosen, guarded)


def _matches(entry: Entry, now: datetime, unused_for: timedelta | None, check_status: str | None) -> bool:
    """Whether ENTRY meets a prune's rules of use and checks at NOW."""
    if unused_for is not None and now - (entry.last_hit or entry.created) < unused_for:
        return False
    if check_status == "never" and entry.last_check_at is not None:
        return False
    return not (check_status == "broken" and not check_is_broken(entry))


def apply_prune(
    store: EntryStore,
    keys: Sequence[str],
    unused_for: timedelta | None = None,
    domain: str | None = None,
    check_status: str | None = None,
) -> tuple[str, ...]:
    """Archive KEYS and remember them, so that `kb restore --last-prune` can undo the whole prune.
    Each is judged by the rules again as it is when archived: a hit, an occurrence, a check, a guard
    or a domain that another writer gave it after prune_candidates() chose it keeps it active."""

    def still_chosen(entry: Entry) -> bool:
        if domain is not None and entry.domain != domain:
            return False
        if unused_for is not None and entry.guards:
            return False
        return _matches(entry, store.now(), unused_for, check_status)

    return store.archive_many(keys, undo_record=_own_prune_record(store), still_chosen=still_chosen)


def prune_record(store: EntryStore) -> str:
    """The name the prunes of the person kb acts for are kept under: each person's own, so that on a
    database a team shares, the undo a prune printed (`kb restore --last-prune`) undoes that prune,
    not a teammate's that came after it. A knowledge base pruned before kb kept them apart holds
    one record for everyone (LEGACY_PRUNE_RECORD), read while the person has none of their own."""
    own = _own_prune_record(store)
    return (
        own if store.meta(own) is not None or store.meta(LEGACY_PRUNE_RECORD) is None else LEGACY_PRUNE_RECORD
    )


def _own_prune_record(store: EntryStore) -> str:
    return f"last_prune by {store.author}"


#: Where the last prune of anyone was kept before each person's were kept apart.
LEGACY_PRUNE_RECORD = "last_prune"


def last_prune(store: EntryStore) -> list[str]:
    """The entries your last prune archived that it would bring back (still_archived_by()); from the
    record all shared before, only those you archived."""
    record = prune_record(store)
    author = store.author if record == LEGACY_PRUNE_RECORD else None
    return still_archived_by(store, record, lambda detail: detail == "pruned", author)


def still_archived_by(
    store: EntryStore, name: str, its_archive: Callable[[str], bool], author: str | None = None
) -> list[str]:
    """The entries the bulk archive kept under NAME (a prune, a sync) that are archived still by
    it: their last archive or restore is an archive whose history detail ITS_ARCHIVE accepts (and,
    given an AUTHOR, that AUTHOR made). One restored and archived again since (`kb rm`) was archived
    by someone, not by the bulk archive, and stays so; one edited while archived is still the bulk
    archive's."""
    kept = []
    for key in undo_record(store, name):
        moves = [change for change in store.history(key) if change.action in ("archived", "restored")]
        if (
            moves
            and moves[-1].action == "archived"
            and its_archive(moves[-1].detail)
            and author in (None, moves[-1].author)
        ):
            kept.append(key)
    return kept


def no_longer_due(store: EntryStore, key: str) -> str | None:
    """What was done to KEY, due when a review began, that makes it due no more: "reviewed", "archived",
    "merged into X", "renamed to X", "deleted for good"; None while it is still due. A review is read
    once and decided on for minutes, while a teammate on the same database, or another window, may
    decide on the same entries."""
    entry = store.find(key)
    if entry is None:
        return where_it_went(store, key)[0]
    if entry.status != "active":
        return entry.status
    if store.now() - (entry.reviewed or entry.created) < review_interval():
        return "reviewed"
    return None


def where_it_went(store: EntryStore, key: str) -> tuple[str, str | None]:
    """What became of KEY, an entry no longer here, by its history: ("renamed to NEW", NEW) when a
    rename (or several) took it to an entry that is, else ("merged into X", None), ("deleted for
    good", None) and the like: why an undo that names KEY cannot bring it back under that key."""
    seen = {key}
    while store.find(key) is None:
        changes = store.history(key)
        last = changes[-1] if changes else None
        renamed_to = last.went_to if last is not None and last.action == "renamed" else None
        if last is None or renamed_to is None:
            if last is not None and last.action == "merged":
                return f"merged {last.detail}", None
            return ("deleted for good" if last is not None and last.action == "purged" else "gone"), None
        key = renamed_to
        if key in seen:
            return "gone", None
        seen.add(key)
    return f"renamed to {key}", key


def undo_record(store: EntryStore, name: str) -> list[str]:
    """The keys a bulk archive kept under NAME (kb_meta) to be undone in one step."""
    raw = store.meta(name)
    return list(json.loads(raw)["keys"]) if raw else []
