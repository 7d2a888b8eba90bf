"""The search index of an entry folder: an SQLite knowledge base kb builds from the folder's files,
in the user's cache folder, and builds again when a file changed.

Its file name carries a digest of the folder's path and of every entry file's name, size,
modification time, change time and inode, so that finding the current index is a walk of the folder
and one stat, with no database opened; a changed folder gets a new index, and the old one is removed.
The change time and inode are there because size and modification time can be kept on purpose: a
tar or `rsync -a` that wrote other text of the same length under the same time left the index of the
old text in use, so that kb showed, and offered to run, checks other than the ones the user read and
trusted (kb.layers.trust digests the files' bytes). No tool sets a change time. It is made read-only:
entries belong to the folder, and a write that reached the index would be lost.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kb.errors import EntryFileError
from kb.paths import cache_folder, one_at_a_time
from kb.store import sqlite_file

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

    from kb.entry.content import EntryContent
    from kb.entry.folder import Tombstone
    from kb.store.entry_store import EntryStore

#: Raise when the index's build changes, so that every folder is indexed again.
INDEX_FORMAT = "1"


def folder_digest(folder: str) -> tuple[str, str]:
    """The digests of FOLDER's real path and of its entry files as they are now. A folder in it kb
    cannot list is refused, naming it (the layer does not answer; the others do); a link is taken
    as itself, and reading the folder refuses it (kb.entry.folder)."""
    where = os.path.realpath(folder)
    files = hashlib.sha256(INDEX_FORMAT.encode())

    def unreadable(error: OSError) -> None:
        if not isinstance(error, FileNotFoundError):  # one gone meanwhile is no entry to read
            raise EntryFileError(error.filename or where, None, f"cannot be read: {error.strerror}")

    for root, folders, names in os.walk(where, onerror=unreadable):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        inside = root[len(where) :].lstrip(os.sep)  # os.path.relpath, without its cost for each file
        for name in sorted(names):
            if name.endswith(".md") and not name.startswith("."):
                info = os.lstat(os.path.join(root, name))
                relative = os.path.join(inside, name) if inside else name
                files.update(
                    f"{relative}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ctime_ns}\0{info.st_ino}\n".encode()
                )
    return hashlib.sha256(where.encode()).hexdigest()[:16], files.hexdigest()[:16]


def folder_index(folder: str) -> str:
    """The path of FOLDER's current search index, built first if the folder changed since the last."""
    place, contents = folder_digest(folder)
    path = os.path.join(cache_folder("folders"), f"{place}-{contents}.db")
    if not os.path.exists(path):
        _build(folder, place, path)
    return path


def _build(folder: str, place: str, path: str) -> None:
    """Index FOLDER's entries into a new file, then move it to PATH: a search never sees half an index."""
    from pathlib import Path

    from kb.entry.folder import read_folder
    from kb.store.entry_store import open_store

    os.makedirs(os.path.dirname(path), exist_ok=True)
    on_disk = read_folder(Path(folder))
    entries = {**on_disk.archived, **on_disk.contents}  # archived versions a restore can bring back
    building = f"{path}.{os.getpid()}.building"
    try:
        with open_store(building) as store:
            store.start_empty()
            store.apply_import([(content, {}) for content in entries.values()], [], recorded=False)
        sqlite_file.seal(building)
        os.replace(building, path)
    finally:
        for leftover in ("", "-wal", "-shm"):
            if os.path.exists(building + leftover):
                os.remove(building + leftover)
    for name in os.listdir(os.path.dirname(path)):  # the indexes of the folder as it was
        if name.startswith(f"{place}-") and name != os.path.basename(path):
            os.remove(os.path.join(os.path.dirname(path), name))


@contextmanager
def folder_store(folder: str) -> Iterator[EntryStore]:
    """A knowledge base to write FOLDER's entries through (`kb add --to` a folder layer): a scratch
    copy of its index, so that the duplicate check and every rule of an add apply as in a database.
    Each write, once its transaction commits, is written to the folder before the store's method
    returns (each entry it added or changed as its file, atomically): what a command prints after
    a write is already so in the folder, and a folder kb may not write fails that write. The
    scratch copy is removed either way."""
    import shutil
    import tempfile
    from pathlib import Path

    from kb.layers.trust import trust_kept
    from kb.store.entry_store import open_store

    index = folder_index(folder)
    with tempfile.TemporaryDirectory(prefix="kb-folder-") as scratch:
        copy = os.path.join(scratch, "kb.db")
        shutil.copyfile(index, copy)
        os.chmod(copy, 0o600)
        with open_store(copy) as store:
            written = _held(store)

            def write_back() -> None:
                nonlocal written
                held = _held(store)
                with trust_kept(folder):
                    merged = _write_changes(Path(folder), written, held, store)
                store.merged_meanwhile.update(merged)
                written = {**held, **merged}

            store.after_write = write_back
            store.keeps_usage = False
            yield store


def _held(store: EntryStore) -> dict[str, EntryContent]:
    return {entry.key: entry.content() for entry in store.list(status=None)}


def _write_changes(
    where: Path, before: dict[str, EntryContent], after: dict[str, EntryContent], store: EntryStore
) -> dict[str, EntryContent]:
    """Write to the folder WHERE each entry that differs between BEFORE and AFTER: its file, and
    the tombstone that says it was archived or purged. All of them or none: a file that fails puts
    back those written before it (all_or_nothing), so that a prune is never half done. Returns the
    entries written merged with a change their file had meanwhile (_with_changes_since)."""
    from kb.entry.folder import all_or_nothing, read_folder, touched_by_writing

    changed = [key for key in sorted({*before, *after}) if before.get(key) != after.get(key)]
    if not changed:
        return {}
    signed = store.author, store.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    with one_at_a_time(where, "run it"):  # read to write: another kb's write lands before or after
        folder = read_folder(where)
        merged = _with_changes_since(before, after, folder.contents, changed, folder.tombstones)
        after = {**after, **merged}
        with all_or_nothing(touched_by_writing(where, changed, after, folder.paths)):
            for key in changed:
                _write_entry(where, key, before.get(key), after.get(key), folder.paths.get(key), signed)
    return merged


def _write_entry(
    where: Path,
    key: str,
    was: EntryContent | None,
    content: EntryContent | None,
    current: Path | None,
    signed: tuple[str, str],
) -> None:
    """Make the folder hold CONTENT as KEY (WAS before), the change signed by SIGNED (who, when):
    the new file first, then what it replaces, so that a refused write loses nothing. An archived
    entry keeps its version beside its tombstone (a restore brings it back); a purged one (no
    CONTENT) keeps none, only a tombstone that says so, so that a teammate's sync archives it
    rather than bringing it back."""
    from kb.entry.folder import Tombstone, write_entry_file, write_tombstone
    from kb.entry.merging import fingerprint

    if content is not None and content.status == "active":
        write_entry_file(where, current, content)
        write_tombstone(where, key, None)
        return
    left = was or content
    assert left is not None
    how = "archived" if content is not None else "purged"
    version = fingerprint(left.replace(status="active"))
    write_tombstone(where, key, Tombstone(key, how, "", version, *signed), content)
    write_entry_file(where, current, content)


def _with_changes_since(
    before: dict[str, EntryContent],
    after: dict[str, EntryContent],
    on_disk: dict[str, EntryContent],
    changed: list[str],
    tombstones: Mapping[str, Tombstone],
) -> dict[str, EntryContent]:
    """The entries of CHANGED whose file changed in the folder since kb read it (a `git pull`, a
    teammate's editor, while `kb edit` waited): kb's change merged with theirs field by field. A
    field both changed differently, an archive or a purge of an entry changed meanwhile, an entry
    whose file left the folder meanwhile (TOMBSTONES say how), or an entry added under a key the
    folder took meanwhile refuses the write: nothing of theirs is overwritten or deleted."""
    from kb.entry.merging import merge_entry
    from kb.errors import EditConflict, KbError, KeyTaken, LeftMeanwhile

    merged: dict[str, EntryContent] = {}
    for key in changed:
        ours, base, theirs = after.get(key), before.get(key), on_disk.get(key)
        if theirs is None and base is not None and base.status == "active" and ours is not None:
            tomb = tombstones.get(key)
            if tomb is None:
                raise LeftMeanwhile(key, "removed")
            raise LeftMeanwhile(key, tomb.describe(), tomb.into if tomb.how == "renamed" else "")
        if theirs is None or theirs == base:
            continue
        if base is None:
            raise KeyTaken(key)
        if ours is None or ours.status != "active":
            undone = "deleted" if ours is None else "archived"
            raise KbError(f"'{key}' changed in the folder since kb read it: not {undone}; run it again")
        merge = merge_entry(base, ours, theirs)
        if merge.content is None:
            raise EditConflict(key, merge.conflicts)
        merged[key] = merge.content
    return merged
