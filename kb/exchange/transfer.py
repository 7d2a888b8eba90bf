"""Export to the team wiki and import back: Markdown tables, entry files, JSON Lines.

Exports are deterministic (stable order, no timestamps in the body), so an export kept in a wiki
repository diffs cleanly. Imports read every file first and write nothing unless all of it parses:
one transaction for the whole import. The same key with different content is never overwritten
silently: `skip` (the default) keeps yours, `overwrite` takes theirs, `rename` keeps both.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.entry.check_rule import NO_RULE, fill
from kb.entry.content import EntryContent, check_key, key_for, normalized
from kb.entry.file import decode_entry_bytes, parse_entry_file, render_entry_file
from kb.entry.folder import in_a_domain_folder
from kb.entry.lint import validation_problem
from kb.entry.visible import json_escaped
from kb.errors import EntryFileError, KbError, StoreChanged, UsageError
from kb.exchange.backup_schema import check_backup_line
from kb.paths import MAX_ENTRY_BYTES, inside, read_bounded, write_atomically
from kb.store.bulk_write import gc_paused
from kb.store.entry_store import EntryStore
from kb.store.record import Entry
from kb.store.schema import OLD_OUTCOMES

#: What a whole entry may hold that a wiki row carries only as a column, if at all (the last four
#: never: a table shows the check with its inputs filled in, and no way to read its output).
NOT_IN_EVERY_ROW = (
    "root_cause",
    "cause_path",
    "tags",
    "symptom_variants",
    "conditions",
    "environment",
    "related",
    "snippet",
    "guards",
    "applies_to",
    "check_rule",
)

Conflict = Literal["skip", "overwrite", "rename"]
CONFLICTS: tuple[Conflict, ...] = ("skip", "overwrite", "rename")
JSONL_FORMAT = 1
Progress = Callable[[int, int], None]

#: Bookkeeping a JSON Lines backup carries besides the content, restored as it was.
USAGE_FIELDS = (
    "created",
    "updated",
    "reviewed",
    "hits",
    "last_hit",
    "occurrences",
    "matchers",
    "last_check_at",
    "last_check_outcome",
    "last_check_exit",
    "last_check_output",
    "check_broke_in_a_row",  # what kb stats and kb prune --status broken read
    "seed_digest",
)
_TIME_FIELDS = frozenset({"created", "updated", "reviewed", "last_hit", "last_check_at"})


@dataclass(frozen=True)
class Filters:
    domain: str | None = None
    tag: str | None = None
    status: str | None = "active"
    since: datetime | None = None


def _dated(store: EntryStore, filters: Filters) -> None:
    """Refuse --since where the dates it compares are not the entries': an entry folder keeps none,
    and its index's are when kb read the folder, which chose every entry as changed today."""
    if filters.since is not None and not store.keeps_usage:
        raise UsageError(
            "an entry folder keeps no dates, so --since cannot choose among its entries "
            "(its repository's git log knows when each file changed)"
        )


def select_entries(store: EntryStore, filters: Filters) -> list[Entry]:
    _dated(store, filters)
    entries = store.list(filters.domain, filters.tag, filters.status)
    if filters.since is not None:
        entries = [e for e in entries if e.updated >= filters.since]
    return sorted(entries, key=lambda e: (e.domain, e.key))


# --- export -----------------------------------------------------------------------------------------


def export_markdown(store: EntryStore, filters: Filters, columns: Sequence[str]) -> str:
    """The wiki tables. Hidden characters are written as escapes a page shows and an import reads
    back as the characters (kb.entry.markdown), so the wiki imported back is the same knowledge."""
    from kb.exchange.markdown_tables import render_markdown

    return render_markdown([e.content() for e in select_entries(store, filters)], columns)


def export_files(
    store: EntryStore, filters: Filters, folder: Path, progress: Progress | None = None
) -> list[Path]:
    """One entry file per entry, in a folder per domain: the shape of seed_entries/ (`kb seed --from`)."""
    from kb.entry.folder import all_or_nothing

    entries = select_entries(store, filters)
    if folder.exists() and not folder.is_dir():
        raise KbError(f"{folder} is a file; --out takes a folder to write an entry file per entry in")
    planned = []
    for entry in entries:
        content = entry.content()
        check_key(content.key)  # read back from a database that may have been tampered with
        domain = resolve_domain(content.domain)
        planned.append((Path(inside(folder, domain, f"{content.key}.md")), content))
    try:
        # All of it or none: an error or a Ctrl-C part way puts every file back as it was and
        # removes the folders made, rather than leave some domains exported and others not.
        with all_or_nothing([folder / ".kb-export", *(path for path, _ in planned)]):
            folder.mkdir(parents=True, exist_ok=True)
            for number, (path, content) in enumerate(planned, 1):
                os.makedirs(path.parent, exist_ok=True)
                write_atomically(path, render_entry_file(content), shared=True)
                if progress:
                    progress(number, len(planned))
    except OSError as error:
        where = error.filename or folder
        raise KbError(f"cannot write {where}: {error.strerror or error}; nothing was written") from None
    return [path for path, _ in planned]


def files_not_exported(folder: Path, written: Sequence[Path]) -> list[Path]:
    """The entry files in FOLDER's domain folders that this export did not write: an entry archived,
    renamed or filtered out since an earlier export there. Importing the folder would bring them back."""
    kept = {path.resolve() for path in written}
    return sorted(
        path
        for name in DOMAIN_NAMES
        if (folder / name).is_dir()
        for path in (folder / name).glob("*.md")
        if path.resolve() not in kept
    )


def export_jsonl(store: EntryStore, filters: Filters) -> Iterator[str]:
    """A backup of every entry: every field, its usage counts and its last check (the history of its
    changes and earlier checks stays in the database), a line per entry as it is read (memory stays
    flat in the size of the knowledge base)."""
    _dated(store, filters)
    for entry in store.each(filters.domain, filters.tag, filters.status):
        if filters.since is not None and entry.updated < filters.since:
            continue
        # Hidden characters as \u escapes: the same data, and nothing a terminal acts on.
        yield json_escaped(json.dumps(full_record(entry), ensure_ascii=False, sort_keys=True))


def full_record(entry: Entry) -> dict[str, Any]:
    data = entry.content().as_dict()
    for name in USAGE_FIELDS:
        value = getattr(entry, name)
        data[name] = value.isoformat() if isinstance(value, datetime) else value
    data["kb_format"] = JSONL_FORMAT
    return data


# --- import -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Incoming:
    content: EntryContent
    usage: dict[str, Any]
    origin: str  # file:line, for messages
    #: The fields the source gave, for a wiki row (its columns); None for a whole entry. A row that
    #: is an entry kb has changes only these.
    partial: frozenset[str] | None = None
    #: For a row without a domain: the words that placed the one kb guessed, as `kb add` guesses;
    #: none when its words place none, and the nearest entry's is taken (guessed_domains()).
    guessed_from: tuple[str, ...] = ()
    domain_unknown: bool = False
    #: A row of a table without a key for it (no Key column, no anchor): kb made its key from the
    #: symptom, as `kb add` does, so that rows whose messages differ only in numbers make one key.
    key_made: bool = False


@dataclass
class ImportReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    #: Every entry not written: those kb already has as they are, and the CONFLICTS.
    skipped: list[str] = field(default_factory=list)
    #: The skipped entries that differ from kb's own (--on-conflict skip kept kb's).
    conflicts: list[str] = field(default_factory=list)
    #: Those of CONFLICTS that say what kb's entry says, and differ only in their dates and usage
    #: counts (a backup of another knowledge base seeded on another day).
    usage_only: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    #: (the key given, the key of the copy an earlier `--on-conflict rename` made of it, as it is)
    renamed_before: list[tuple[str, str]] = field(default_factory=list)
    #: (the key the source gave, the key of the entry kb has with the same signature)
    recognised: list[tuple[str, str]] = field(default_factory=list)
    #: The entries written whose validation is no usable command, empty ones included.
    unvalidated: list[str] = field(default_factory=list)
    #: Those of UNVALIDATED with no validation at all (a wiki row with no Validation column).
    without_validation: list[str] = field(default_factory=list)
    #: (key, domain, the words that placed it) of each entry written whose domain kb guessed
    guessed: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    #: The entries added from wiki rows, and what a whole entry holds that those rows did not carry.
    from_rows: list[str] = field(default_factory=list)
    rows_lack: set[str] = field(default_factory=set)
    dry_run: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "updated": self.updated,
            "skipped": self.skipped,
            "conflicts": self.conflicts,
            "usage_only": self.usage_only,
            "renamed": [{"from": a, "to": b} for a, b in self.renamed],
            "renamed_before": [{"from": a, "to": b} for a, b in self.renamed_before],
            "recognised": [{"given": a, "as": b} for a, b in self.recognised],
            "unvalidated": self.unvalidated,
            "without_validation": self.without_validation,
            "guessed": [{"key": k, "domain": d, "from": list(words)} for k, d, words in self.guessed],
            "from_rows": self.from_rows,
            "rows_lack": [name for name in NOT_IN_EVERY_ROW if name in self.rows_lack],
            "dry_run": self.dry_run,
        }


def read_import(
    path: Path, default_source: str | None = None, progress: Progress | None = None
) -> list[Incoming]:
    """Every entry in PATH (a file, or a folder searched for .md and .jsonl files); none when PATH is
    what an export of an empty knowledge base writes. Raises on the first malformed file, naming it
    and the line, and on a file that yields no entry, before anything is written."""
    if not path.exists():
        raise KbError(f"{path} does not exist")
    files = (
        sorted(p for p in path.rglob("*") if p.suffix.lower() in (".md", ".markdown", ".jsonl"))
        if path.is_dir()
        else [path]
    )
    if not files:
        if path.is_dir() and not any(p.is_file() for p in path.rglob("*")):
            return []  # `kb export files` of an empty knowledge base
        raise KbError(f"{path} holds no .md or .jsonl files to import")
    incoming: list[Incoming] = []
    blank = True
    with gc_paused():
        for number, file in enumerate(files, 1):
            read = _read_file(file, default_source or f"imported from {file.name}")
            if not read and path.is_dir():
                _refuse_an_unread_file(file, path)
            incoming.extend(read)
            blank = blank and not read and _holds_nothing(file)
            if progress:
                progress(number, len(files))
    if not incoming and blank:
        return []  # an export of an empty knowledge base: a heading, or not a line
    if not incoming:  # `kb import notes.txt` must not report "added 0" as if it had worked
        raise KbError(
            f"{path} holds no entries kb can read: it takes entry files (+++ front matter), Markdown"
            " tables with a Symptom column (kb export markdown), and JSONL backups (kb export jsonl)"
        )
    _refuse_a_key_given_twice(incoming)
    return incoming


def _refuse_an_unread_file(file: Path, folder: Path) -> None:
    """A FILE of an imported FOLDER that yields no entry: one where an entry file goes (DOMAIN/KEY.md)
    is a damaged entry, and any other is refused unless it holds nothing (an empty export's headings)
    or is a README: "added 86" for a folder of 88 entry files hid the two it could not read."""
    if in_a_domain_folder(file, folder):
        raise EntryFileError(
            file, None, "does not open with +++ front matter, as an entry file does: nothing was imported"
        )
    if file.stem.lower() != "readme" and not _holds_nothing(file):
        raise EntryFileError(
            file,
            None,
            "holds no entry kb can read (entry files open with +++, wiki tables have a Symptom column):"
            " nothing was imported",
        )


def _holds_nothing(path: Path) -> bool:
    """Whether PATH has no line but blank ones and Markdown headings: what `kb export jsonl` and `kb
    export markdown` write for an empty knowledge base. Anything else that yields no entry is not
    something kb reads."""
    text = read_bounded(path).decode("utf-8", errors="replace")
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def _refuse_a_key_given_twice(incoming: Sequence[Incoming]) -> None:
    """Two entries under one key in what is imported: one would win silently, and the import's
    report would call the other 'kb's entry'. Which one is meant is the person's to say."""
    first: dict[str, str] = {}
    for item in incoming:
        if item.partial is not None and "key" not in item.partial:
            continue  # a wiki row's key is made from its symptom: two rows may share a message
        key = item.content.key
        if key in first:
            raise KbError(
                f"the key '{key}' is given twice, at {first[key]} and at {item.origin}: keep one"
                " (or give the other its own key); nothing was imported"
            )
        first[key] = item.origin


def _read_file(path: Path, source: str) -> list[Incoming]:
    try:
        raw = read_bounded(path)
    except OSError as exc:
        raise EntryFileError(path, None, f"cannot read: {exc.strerror}") from exc
    text = decode_entry_bytes(raw, path)
    if path.suffix.lower() == ".jsonl":
        return list(_read_jsonl(text, path))
    if text.lstrip().startswith("+++"):
        if len(raw) > MAX_ENTRY_BYTES:
            raise EntryFileError(path, None, f"an entry file is at most {MAX_ENTRY_BYTES // 1000} KB")
        return [Incoming(parse_entry_file(text, path), {}, f"{path}:1")]
    from kb.exchange.markdown_tables import parse_markdown

    return [
        _from_row(row.fields, f"{row.path}:{row.line}", path, row.line, source)
        for row in parse_markdown(text, str(path))
    ]


def _read_jsonl(text: str, path: Path) -> Iterator[Incoming]:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if len(line) > MAX_ENTRY_BYTES:  # refused before it is parsed: a 100 MB line took 105 s
            raise EntryFileError(path, number, f"an entry is at most {MAX_ENTRY_BYTES // 1000} KB")
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EntryFileError(path, number, f"not JSON: {exc.msg}") from exc
        except RecursionError:
            raise EntryFileError(path, number, "nested too deeply to be an entry") from None
        except ValueError:  # a number of thousands of digits
            raise EntryFileError(path, number, "a number longer than any entry holds") from None
        if not isinstance(data, dict):
            raise EntryFileError(path, number, "each line must be one JSON object (an entry)")
        problem = check_backup_line(data, line)
        if problem:
            raise EntryFileError(path, number, problem)
        usage = {name: data.pop(name) for name in USAGE_FIELDS if name in data}
        data.pop("kb_format", None)
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        try:
            content = normalized(EntryContent(**values))
        except KbError as exc:
            raise EntryFileError(path, number, str(exc)) from exc
        yield Incoming(content, _usage(usage), f"{path}:{number}")


def _usage(usage: dict[str, Any]) -> dict[str, Any]:
    """A backup line's bookkeeping with its times as datetimes (check_backup_line checked them)."""
    restored = dict(usage)
    outcome = restored.get("last_check_outcome")
    if outcome in OLD_OUTCOMES:  # a backup made before checks had verdicts
        restored["last_check_outcome"] = OLD_OUTCOMES[outcome]
    for name in _TIME_FIELDS & restored.keys():
        restored[name] = datetime.fromisoformat(restored[name]) if restored[name] else None
    return restored


def _from_row(fields: dict[str, object], origin: str, path: Path, line: int, source: str) -> Incoming:
    values = dict(fields)
    symptom = str(values.get("symptom", ""))
    guessed_from: tuple[str, ...] = ()
    if not values.get("domain"):
        from kb.handbook import load_triage

        guess = load_triage().guess_domain(" ".join(str(v) for v in values.values()))
        values["domain"], guessed_from = (guess.domain, guess.keywords) if guess else ("data", ())
    if "key" not in values:
        tags = values.get("tags")
        cause_path = str(values.get("cause_path") or "")
        values["key"] = key_for(
            symptom, cause_path, tags if isinstance(tags, list) else (), str(values["domain"])
        )
    values.setdefault("source", source)
    try:
        content = normalized(EntryContent(**values))  # type: ignore[arg-type]
    except KbError as exc:
        raise EntryFileError(path, line, str(exc)) from exc
    unknown = not fields.get("domain") and not guessed_from
    partial = frozenset(fields) - {"key", "source"}
    return Incoming(content, {}, origin, partial, guessed_from, unknown, key_made="key" not in fields)


#: The nearest entry gives a row its domain only with a score this high and some evidence: `x`, a
#: word or two, a paste of another runtime, an error line that reads unlike every form of the entry,
#: an everyday error the entry explains no better than the background does (`KeyError: foo`), or a
#: line sharing only its exception type with the entry is like nothing (and refused, asking for a
#: Domain).
GUESS_SCORE = 50.0
NO_EVIDENCE = ("short", "brief", "weak", "foreign", "unlike", "everyday", "type")


def guessed_domains(store: EntryStore, incoming: Sequence[Incoming]) -> list[Incoming]:
    """INCOMING with each row whose words place no domain given the domain of the entry a search of
    its symptom ranks first in STORE, as `kb add` does. Raises EntryFileError, at the first row
    nothing answers for, when the store holds nothing like it."""
    from kb.search.lookup import SearchOptions, search

    guessed = []
    for item in incoming:
        if item.domain_unknown:
            options = SearchOptions(limit=1, record_usage=False)
            results = search(item.content.symptom, store.location, options).results
            if not results or results[0].score < GUESS_SCORE or results[0].doubt in NO_EVIDENCE:
                path, _, line = item.origin.rpartition(":")
                raise EntryFileError(
                    Path(path),
                    int(line) if line.isdigit() else None,
                    "cannot tell the fault domain: add a Domain column, or put the "
                    "table under a '## <domain>' heading (data, model, training, …)",
                )
            nearest = results[0].candidate.record
            content = item.content.replace(domain=str(nearest["domain"]))
            item = dataclasses.replace(item, content=content, guessed_from=(f"like {nearest['key']}",))
        guessed.append(item)
    return guessed


def import_entries(
    store: EntryStore, incoming: Sequence[Incoming], on_conflict: Conflict = "skip", dry_run: bool = False
) -> ImportReport:
    """Plan the import against what the store holds, then (unless DRY_RUN) apply it in one transaction."""
    if on_conflict not in CONFLICTS:
        raise UsageError(f"--on-conflict must be one of {', '.join(CONFLICTS)}")
    incoming = guessed_domains(store, incoming)
    for attempt in range(1, _PLAN_ATTEMPTS + 1):
        report, adds, updates = _plan_import(store, incoming, on_conflict, dry_run)
        if dry_run or not (adds or updates):
            return report
        try:
            store.apply_import([(i.content, i.usage) for i in adds], [(i.content, i.usage) for i in updates])
        except StoreChanged:  # another import of the same entries committed first: plan against it
            if attempt == _PLAN_ATTEMPTS:
                raise
            continue
        return report
    raise AssertionError("unreachable")


#: How often an import plans again when another writer got in between its plan and its write.
_PLAN_ATTEMPTS = 3


def _plan_import(
    store: EntryStore, incoming: Sequence[Incoming], on_conflict: Conflict, dry_run: bool
) -> tuple[ImportReport, list[Incoming], list[Incoming]]:
    """What an import adds, overwrites and skips. It reads the stored entries the incoming ones name
    (by key, or by a signature they share) and the list of keys, never every stored entry: an import
    costs what it imports."""
    from kb.text.paste import signature

    report = ImportReport(dry_run=dry_run)
    owners = store.owners(signature(given.content.symptom) for given in incoming)
    named = {given.content.key for given in incoming}
    named.update(key for given in incoming for key in owners.get(signature(given.content.symptom), ()))
    stored = store.found(named)
    existing = {key: entry.content() for key, entry in stored.items()}
    history = {key: {name: getattr(entry, name) for name in USAGE_FIELDS} for key, entry in stored.items()}
    taken = set(store.keys()) if on_conflict == "rename" else set(existing)
    adds: list[Incoming] = []
    updates: list[Incoming] = []
    added_rows: set[str] = set()  # keys this import derived for rows it adds
    every_key: set[str] = set()  # the stored keys, read when two rows derive one key
    for given in incoming:
        if given.key_made and given.content.key in added_rows:
            # Another row of this table made the same key (`… at row 5`, `… at row 9000`): it is
            # another entry, not a change to the one just added from the row before.
            every_key = every_key or set(store.keys())
            given = _under_free_key(given, every_key | set(existing))
        item = _as_known(given, existing, owners, report)
        key = item.content.key
        wrote: Incoming | None = None
        if key not in existing:
            adds.append(wrote := item)
            taken.add(item.content.key)
            existing[item.content.key] = item.content
            report.added.append(item.content.key)
        elif existing[key] == item.content and _same_history(history.get(key, {}), item.usage):
            report.skipped.append(key)
        elif on_conflict == "overwrite":
            updates.append(wrote := item)
            report.updated.append(key)
        elif on_conflict == "rename" and (copy := _copy_in_kb(item.content, owners, existing)):
            report.skipped.append(copy)
            report.renamed_before.append((key, copy))
        elif on_conflict == "rename":
            adds.append(wrote := _renamed(item, taken, report))
            report.added.append(wrote.content.key)
        else:
            report.skipped.append(key)
            report.conflicts.append(key)
            if existing[key] == item.content:
                report.usage_only.append(key)
        if wrote is not None and wrote.key_made and item is given:
            added_rows.add(wrote.content.key)
        if wrote is not None and wrote.partial is not None:  # a row of an entry kb did not have
            report.from_rows.append(wrote.content.key)
            report.rows_lack.update(set(NOT_IN_EVERY_ROW) - wrote.partial)
        if not item.usage and validation_problem(item.content.validation):  # a backup was linted already
            report.unvalidated.append(item.content.key)
            if not item.content.validation.strip():
                report.without_validation.append(item.content.key)
        if wrote is not None and given.guessed_from and item is given:  # not one kb recognised as its own
            report.guessed.append((wrote.content.key, wrote.content.domain, given.guessed_from))
    return report, adds, updates


def _recognised(
    content: EntryContent, owners: dict[str, list[str]], existing: dict[str, EntryContent]
) -> str | None:
    """The entry kb has that CONTENT is: the one with its signature or, where several share it (one
    message, several causes), the one of them with its validation or fix."""
    from kb.text.paste import signature

    keys = owners.get(signature(content.symptom), [])
    if len(keys) > 1:
        keys = [
            key
            for key in keys
            if (content.validation and existing[key].validation == content.validation)
            or (content.fix and existing[key].fix == content.fix)
        ]
    return keys[0] if len(keys) == 1 else None


def _as_known(
    item: Incoming, existing: dict[str, EntryContent], owners: dict[str, list[str]], report: ImportReport
) -> Incoming:
    """ITEM as the entry kb already has, when it is one: the same key, or else the same signature (a
    wiki row a teammate typed, a key derived from the symptom). A wiki row changes only its columns."""
    content = item.content
    if content.key not in existing or item.key_made:
        # A row without a key column made its key from its symptom: rows whose messages differ only
        # in numbers make one key, and the entry with its signature and its check or fix is its own.
        known = _recognised(content, owners, existing)
        if known is None and content.key not in existing:
            return item
        if known is not None and known != content.key:
            report.recognised.append((content.key, known))
            content = content.replace(key=known)
    if item.partial is not None:
        kept = existing[content.key]
        changes = {name: getattr(content, name) for name in item.partial}
        if changes.get("validation") == fill(kept.validation, kept.check_rule):
            del changes["validation"]  # the wiki shows the check with its defaults: it is unchanged
        elif "validation" in changes:
            changes["check_rule"] = NO_RULE  # a new command: how to read it is not known
        content = normalized(kept.replace(**changes))
    return Incoming(content, item.usage, item.origin)


def _under_free_key(item: Incoming, taken: set[str]) -> Incoming:
    """ITEM under the first of KEY-2, KEY-3 … that is not TAKEN, as `kb add` names a second fault
    whose symptom makes the same key."""
    base, n = item.content.key, 2
    while f"{base}-{n}" in taken:
        n += 1
    return dataclasses.replace(item, content=item.content.replace(key=f"{base}-{n}"))


def _same_history(stored: dict[str, Any], usage: dict[str, Any]) -> bool:
    """True when the bookkeeping a backup line carries is what kb holds already."""
    return all(_comparable(stored.get(name)) == _comparable(value) for name, value in usage.items())


def _comparable(value: Any) -> Any:
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _copy_in_kb(
    content: EntryContent, owners: dict[str, list[str]], existing: dict[str, EntryContent]
) -> str | None:
    """The key of an entry kb has that is CONTENT under another key: the copy an earlier import with
    `--on-conflict rename` made. Renaming again added a copy of the copy on every re-import."""
    from kb.text.paste import signature

    for key in owners.get(signature(content.symptom), ()):
        if key != content.key and key in existing and existing[key] == content.replace(key=key):
            return key
    return None


def _renamed(item: Incoming, taken: set[str], report: ImportReport) -> Incoming:
    base, n = item.content.key, 2
    while f"{base}-{n}" in taken:
        n += 1
    new_key = f"{base}-{n}"
    taken.add(new_key)
    report.renamed.append((base, new_key))
    return Incoming(item.content.replace(key=new_key), item.usage, item.origin)
