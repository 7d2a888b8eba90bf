"""Loading the seed entries that ship with kb, without ever overwriting a user's edit.

Each seeded entry remembers the digest of the seed file content it came from. On a later `kb seed`,
an entry whose current content still has that digest was never touched by its owner and takes the new
seed text; an entry whose content differs was edited and is kept as it is. A seed its owner merged
into another entry, purged or renamed stays out (its key's history says so) until they ask for it
back by its key (`kb seed --key KEY`).
"""

import functools
import hashlib
import os
from collections.abc import Callable, Collection
from pathlib import Path

from kb.entry.content import EntryContent, closest_key
from kb.entry.file import read_entry_file, render_entry_file
from kb.entry.lint import validation_problem
from kb.entry.visible import plural
from kb.errors import EntryFileError, KbError, NoSuchSeed
from kb.paths import seed_directory
from kb.records import Record
from kb.store.entry_store import Clock, EntryStore, SeedAction, open_store
from kb.store.record import Entry, SeedItem, SeedReport


@functools.lru_cache(maxsize=4_096)
def content_digest(content: EntryContent) -> str:
    """A digest of what a person wrote (status excluded: archiving is not editing).

    Kept for the next call of this process: rendering an entry file costs over a millisecond (each
    section is read back to prove it round-trips), and the TUI asks whether each seed is still as
    shipped whenever it counts what is due for review."""
    canonical = render_entry_file(content.replace(status="active"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def read_seed_entries(directory: Path | None = None) -> list[EntryContent]:
    """Every entry file under DIRECTORY, checked: key == file name, domain == folder, keys unique.

    Kept for the next call of this process while no file changed (the same names, sizes and times):
    every `kb sync` compares against the seeds, and parsing a hundred entry files costs half a
    second, which a long-lived process (the TUI, a test session) paid again at each sync."""
    directory = directory or seed_directory()
    paths = sorted(directory.glob("*/*.md"))
    stats = [(str(path), path.stat()) for path in paths]
    stamp = tuple((name, stat.st_mtime_ns, stat.st_size) for name, stat in stats)
    kept = _SEEDS_READ.get(str(directory))
    if kept is not None and kept[0] == stamp:
        return list(kept[1])
    entries = _read_checked(paths)
    _SEEDS_READ[str(directory)] = (stamp, tuple(entries))
    return entries


#: directory → (its entry files' names, times and sizes, the entries read from them).
_SEEDS_READ: dict[str, tuple[tuple[tuple[str, int, int], ...], tuple[EntryContent, ...]]] = {}


def _read_checked(paths: list[Path]) -> list[EntryContent]:
    entries: list[EntryContent] = []
    seen: dict[str, Path] = {}
    for path in paths:
        content = read_entry_file(path)
        if content.key != path.stem:
            raise EntryFileError(path, 2, f"key '{content.key}' differs from the file name '{path.stem}'")
        if content.domain != path.parent.name:
            raise EntryFileError(
                path, None, f"domain '{content.domain}' differs from the folder '{path.parent.name}'"
            )
        if content.key in seen:
            raise EntryFileError(path, 2, f"key '{content.key}' is also used by {seen[content.key]}")
        problem = validation_problem(content.validation)
        if problem:
            raise EntryFileError(path, _section_line(path, "Validation"), f"validation: {problem}")
        seen[content.key] = path
        entries.append(content)
    return entries


def _section_line(path: Path, title: str) -> int | None:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(lines, 1) if line.strip().lower() == f"## {title.lower()}"), None)


def decide_seed_action(current: Entry | None, item: SeedItem) -> SeedAction:
    if current is None:
        return "add"
    if current.seed_digest == item.digest:
        return "unchanged"
    if current.seed_digest is None and content_digest(current.content()) == item.digest:
        return "unchanged"  # the seed as shipped, brought back by an import: nobody edited it
    if current.seed_digest is not None and content_digest(current.content()) == current.seed_digest:
        return "update"
    return "kept"


def load_seed(store: EntryStore, directory: Path | None = None, keys: Collection[str] = ()) -> SeedReport:
    """Add new seed entries and refresh untouched ones, in one transaction. KEYS: only those seeds,
    each brought back even if its owner removed it: asking for a seed by name is how they undo that."""
    if directory is not None and not directory.is_dir():  # "added 0, …" would read as done
        said = "does not exist" if not directory.exists() else "is not a folder"
        raise KbError(f"{directory} {said}: kb seed --from takes a folder of entry files (seed_entries/)")
    items = [SeedItem(content, content_digest(content)) for content in read_seed_entries(directory)]
    if directory is not None and not items:
        raise KbError(f"{directory} holds no entry files (DOMAIN/KEY.md): nothing to seed from")
    if keys:
        items = _chosen(items, keys)
    return store.sync_seed(items, decide_seed_action, bring_back=keys)


def _chosen(items: list[SeedItem], keys: Collection[str]) -> list[SeedItem]:
    """The ITEMS with KEYS; a key no seed has raises NoSuchSeed, before anything is written."""
    known = [item.content.key for item in items]
    for key in keys:
        if key not in known:
            raise NoSuchSeed(key, closest_key(key, known))
    return [item for item in items if item.content.key in keys]


class FirstUse(Record):
    """What `kb init` found and did."""

    database: str
    started: bool  # this call ended the database's first use
    seeded: int  # seed entries this call loaded
    entries: int  # entries the knowledge base holds now


def initialize(spec: str | None = None, empty: bool = False) -> FirstUse:
    """Create the knowledge base at SPEC, seeded, or EMPTY (or empty as KB_SEED=0 asks, as every
    first use does: open_knowledge_base()); a knowledge base past its first use is left as it is (an
    EMPTY one holding entries is refused: emptying is what kb rm is for)."""
    with open_store(spec) as store:
        where = store.location.display()
        if not store.first_use_pending():
            total = store.counts().total
            if empty and total:
                raise KbError(
                    f"{where} already holds {plural(total, 'entry', 'entries')}; --empty starts"
                    " a new knowledge base: choose another --db or KB_DB"
                )
            return FirstUse(where, started=False, seeded=0, entries=total)
        seeded = 0
        if empty or not seeding_wanted():
            store.start_empty()
        else:
            seeded = len(load_seed(store).added)
        return FirstUse(where, started=True, seeded=seeded, entries=store.counts().total)


def seeding_wanted() -> bool:
    """False when KB_SEED=0 (or false, no, off): new databases then start empty."""
    return os.environ.get("KB_SEED", "1").strip().lower() not in ("0", "false", "no", "off")


def open_knowledge_base(
    spec: str | None = None,
    clock: Clock | None = None,
    seed: bool | None = None,
    notice: Callable[[str], None] | None = None,
) -> EntryStore:
    """Open the store, finishing its first use: a database never seeded gets the seed entries (or,
    with SEED false, or KB_SEED=0 when SEED is None, is declared empty). The seeding is one
    transaction that also records it, so a first command killed halfway leaves it to the next.
    NOTICE: as open_store's."""
    store = open_store(spec, clock, notice)
    try:
        if store.first_use_pending() and not store.read_only:
            if seeding_wanted() if seed is None else seed:
                load_seed(store)
            else:
                store.start_empty()
    except BaseException:
        store.close()
        raise
    return store
