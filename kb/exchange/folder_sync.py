"""`kb sync DIR`: keep the knowledge base and an entry folder (usually a checkout of the team's
repository) in step, entry by entry. kb never runs git: the user pulls before and commits after.

Each side's version of an entry is compared with the version both last agreed on, which the store
keeps per folder (`sync_base`). A change on one side is taken; changes on both are merged field by
field (kb.entry.merging); a field both changed differently is a conflict, left as it is on both sides
until the user settles it: `--ours`, `--theirs`, or by editing one side and syncing again.

The folder holds the active entries, one file each at DOMAIN/KEY.md. Archiving an entry removes its
file; removing a file archives the entry; an entry purged here is archived on the other side: nothing
is purged by a sync. Files are written first, each atomically, then the knowledge base and the new
bases in one transaction, so a sync stopped between the two is finished by the next one.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from kb.domains import resolve_domain
from kb.entry.content import EntryContent, check_key, normalized
from kb.entry.file import decode_entry_bytes, parse_entry_file, refuse_conflicts, render_entry_file
from kb.entry.merging import EntryMerge, fingerprint, merge_entry
from kb.errors import EntryFileError, KbError, MassArchive
from kb.paths import inside, read_bounded, write_atomically
from kb.store.entry_store import EntryStore, SyncBase

Side = Literal["ours", "theirs"]

#: What a step does, for people (the JSON carries the names).
ACTIONS = {
    "add-to-kb": "added to kb",
    "add-to-folder": "added to the folder",
    "update-kb": "updated in kb",
    "update-folder": "updated in the folder",
    "merge": "merged",
    "archive-in-kb": "archived in kb",
    "remove-file": "file removed",
    "agreed": "already agreed",
    "resolved": "resolved",
    "conflict": "CONFLICT",
}


@dataclass(frozen=True)
class SyncStep:
    key: str
    action: str  # a name in ACTIONS
    result: EntryContent | None  # the version both sides end with; None for a conflict
    ours: EntryContent | None  # kb's version (None: not in kb)
    theirs: EntryContent | None  # the folder's version (None: no file)
    from_ours: tuple[str, ...] = ()  # fields taken from kb
    from_theirs: tuple[str, ...] = ()  # fields taken from the folder
    conflicts: tuple[str, ...] = ()
    writes_kb: bool = False
    writes_folder: bool = False
    #: For a conflict: the fingerprints of the two versions shown, kept so that the side edited
    #: since is seen as the answer (a side that lost the entry shows it archived).
    shown: tuple[str, str] = ("", "")

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "action": self.action,
            "from_kb": list(self.from_ours),
            "from_folder": list(self.from_theirs),
            "writes_kb": self.writes_kb,
            "writes_folder": self.writes_folder,
        }
        if self.conflicts:
            data["conflicts"] = [
                {
                    "field": name,
                    "kb": _field_json(self.ours, name),
                    "folder": _field_json(self.theirs, name),
                }
                for name in self.conflicts
            ]
        return data


@dataclass
class SyncReport:
    folder: str
    dry_run: bool
    steps: list[SyncStep] = field(default_factory=list)
    unchanged: int = 0

    @property
    def conflicts(self) -> list[SyncStep]:
        return [step for step in self.steps if step.action == "conflict"]

    def as_json(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "dry_run": self.dry_run,
            "steps": [step.as_json() for step in self.steps],
            "unchanged": self.unchanged,
            "conflicts": len(self.conflicts),
        }


def _field_json(content: EntryContent | None, name: str) -> Any:
    if content is None:
        return None
    value = getattr(content, name)
    return list(value) if isinstance(value, tuple) else value


# --- planning (pure) --------------------------------------------------------------------------------


def plan_sync(
    bases: Mapping[str, SyncBase],
    ours: Mapping[str, EntryContent],
    theirs: Mapping[str, EntryContent],
    prefer: Side | None = None,
    only: Collection[str] = (),
) -> tuple[list[SyncStep], int]:
    """The steps that bring kb (OURS) and the folder (THEIRS) to one version of every entry, against
    their BASES, and how many entries need none. PREFER settles conflicts (only those of the keys in
    ONLY, when given)."""
    steps: list[SyncStep] = []
    unchanged = 0
    for key in sorted({*ours, *theirs, *bases}):
        record = bases.get(key)
        step = _plan_entry(
            key,
            record,
            ours.get(key),
            theirs.get(key),
            prefer if not only or key in only else None,
        )
        if step is None:
            unchanged += 1
        else:
            steps.append(step)
    return steps, unchanged


def _plan_entry(
    key: str,
    record: SyncBase | None,
    in_kb: EntryContent | None,
    in_folder: EntryContent | None,
    prefer: Side | None,
) -> SyncStep | None:
    base = record.content if record else None
    # A side that lost an entry both had agreed on archived it: a removed file, a purge here.
    ours = in_kb if in_kb is not None or base is None else base.replace(status="archived")
    theirs = in_folder if in_folder is not None or base is None else base.replace(status="archived")
    if ours is None and theirs is None:
        return None
    if ours is None or theirs is None:  # new on one side; an archived entry new to kb stays out of the folder
        result = ours or theirs
        assert result is not None
        if in_folder is None and result.status != "active":
            return None
        merge = EntryMerge(result, (), (), ())
    else:
        merge = _merged(record, ours, theirs, prefer)
    if merge.content is None:
        assert ours is not None and theirs is not None  # only two versions can conflict
        shown = (fingerprint(ours), fingerprint(theirs))
        return SyncStep(
            key, "conflict", None, in_kb, in_folder, merge.ours, merge.theirs, merge.conflicts, shown=shown
        )
    result = merge.content
    writes_kb = result != in_kb and not (in_kb is None and result.status != "active" and base is not None)
    wanted_file = in_folder_form(result)
    writes_folder = wanted_file != in_folder
    if not writes_kb and not writes_folder:
        if record is not None and record.content == result and record.conflict is None:
            return None
        action = "resolved" if record is not None and record.conflict else "agreed"
    elif writes_kb and writes_folder:
        action = "merge"
    elif writes_kb:
        if in_kb is None:
            action = "add-to-kb"
        elif result.status != "active" and in_kb.status == "active" and in_folder is None:
            action = "archive-in-kb"
        else:
            action = "update-kb"
    elif in_folder is None:
        action = "add-to-folder"
    else:
        action = "remove-file" if wanted_file is None else "update-folder"
    if record is not None and record.conflict and action not in ("agreed", "resolved"):
        action = "resolved"
    return SyncStep(
        key, action, result, in_kb, in_folder, merge.ours, merge.theirs, (), writes_kb, writes_folder
    )


def _merged(
    record: SyncBase | None, ours: EntryContent, theirs: EntryContent, prefer: Side | None
) -> EntryMerge:
    """The three-way merge, after a conflict shown before: the side edited since then is the answer."""
    base = record.content if record else None
    if record is not None and record.conflict is not None and prefer is None:
        shown_ours, shown_theirs = record.conflict
        ours_edited = fingerprint(ours) != shown_ours
        theirs_edited = fingerprint(theirs) != shown_theirs
        if ours_edited != theirs_edited:
            return merge_entry(base, ours, theirs, prefer="ours" if ours_edited else "theirs")
    return merge_entry(base, ours, theirs, prefer)


# --- reading and applying ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FolderEntries:
    contents: dict[str, EntryContent]
    paths: dict[str, Path]


def read_folder(folder: Path) -> FolderEntries:
    """Every entry file under FOLDER (Markdown files that open with +++ front matter; hidden folders
    such as .git are skipped). Raises EntryFileError naming the file for one kb cannot read, and
    KbError for two files with one key, before anything is written."""
    contents: dict[str, EntryContent] = {}
    paths: dict[str, Path] = {}
    for path in _entry_files(folder):
        try:
            text = decode_entry_bytes(read_bounded(path), path)
        except OSError as exc:
            raise EntryFileError(path, None, f"cannot read: {exc.strerror}") from exc
        refuse_conflicts(text, path)  # also before the +++ test: a conflict can open the file
        if not text.lstrip().startswith("+++"):
            continue  # a README beside the entries
        content = normalized(parse_entry_file(text, path))
        if content.key in paths:
            raise KbError(f"{path} and {paths[content.key]} both hold the entry '{content.key}'; keep one")
        contents[content.key] = content
        paths[content.key] = path
    return FolderEntries(contents, paths)


def _entry_files(folder: Path) -> list[Path]:
    """The Markdown files under FOLDER, hidden folders (.git) left out. A symlinked folder or entry
    file, or a special file, is refused, naming it: a domain folder that was a symlink used to be
    skipped, and every entry in it archived as if a teammate had deleted it; a FIFO hangs a read."""
    import stat

    found: list[Path] = []
    for root, folders, files in os.walk(folder, followlinks=False):
        here = Path(root)
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in [*folders, *(name for name in files if name.endswith(".md"))]:
            if (here / name).is_symlink():
                raise EntryFileError(
                    here / name, None, "is a symlink: kb reads entries from plain files only"
                )
        for name in sorted(files):
            path = here / name
            if not name.endswith(".md") or name.startswith("."):
                continue
            if not stat.S_ISREG(path.lstat().st_mode):
                raise EntryFileError(
                    path, None, "is not a regular file: kb reads entries from plain files only"
                )
            found.append(path)
    return sorted(found)


def sync_folder(
    store: EntryStore,
    folder: Path,
    dry_run: bool = False,
    prefer: Side | None = None,
    only: Collection[str] = (),
    archive_many: bool = False,
) -> SyncReport:
    """Bring STORE and FOLDER to one version of every entry (see the module's docstring). A sync that
    would archive many entries at once (too_many_archived) raises MassArchive before it writes
    anything, unless ARCHIVE_MANY."""
    if not folder.is_dir():
        raise KbError(
            f"{folder} is not a folder; kb sync takes a folder of entry files (mkdir it, or clone the"
            " team's repository there)"
        )
    identity = os.path.realpath(folder)
    on_disk = read_folder(folder)
    ours = {entry.key: entry.content() for entry in store.list(status=None)}
    unknown = [key for key in only if key not in ours and key not in on_disk.contents]
    if unknown:
        raise KbError(f"neither kb nor {folder} has an entry '{unknown[0]}'")
    bases = store.sync_bases(identity)
    steps, unchanged = plan_sync(bases, ours, on_disk.contents, prefer, only)
    report = SyncReport(str(folder), dry_run, steps, unchanged)
    if dry_run:
        return report
    archived = sum(1 for step in steps if step.action == "archive-in-kb")
    if too_many_archived(archived, len(bases)) and not archive_many:
        raise MassArchive(archived, len(bases), str(folder))
    for step in steps:
        if step.writes_folder:
            write_entry_file(folder, on_disk.paths.get(step.key), step.result)
    store.apply_sync(
        identity,
        writes=[step.result for step in steps if step.writes_kb and step.result is not None],
        agreed={step.key: step.result for step in steps if step.result is not None},
        conflicts={
            step.key: (bases[step.key].content if step.key in bases else None, step.shown)
            for step in report.conflicts
        },
    )
    return report


#: A sync may archive this many entries without asking: a teammate's cleanup.
ARCHIVE_WITHOUT_ASKING = 5


def too_many_archived(archived: int, synced: int) -> bool:
    """Whether archiving ARCHIVED of the SYNCED entries at once looks like a lost folder rather than
    teammates' deletions: more than a few, or most of what was synced."""
    return archived > ARCHIVE_WITHOUT_ASKING or (synced >= 4 and archived > synced // 2)


def in_folder_form(content: EntryContent) -> EntryContent | None:
    """What the folder holds for CONTENT: its file, or none for an archived entry."""
    return content if content.status == "active" else None


def write_entry_file(folder: Path, current: Path | None, content: EntryContent | None) -> None:
    """Make FOLDER hold CONTENT's file (none when there is no CONTENT, or it is archived), removing
    CURRENT where it no longer belongs."""
    content = in_folder_form(content) if content is not None else None
    target = None
    if content is not None:
        check_key(content.key)
        domain = resolve_domain(content.domain)
        os.makedirs(inside(folder, domain), exist_ok=True)
        target = Path(inside(folder, domain, f"{content.key}.md"))
        write_atomically(target, render_entry_file(content))
    if current is not None and current != target and current.exists():
        current.unlink()
