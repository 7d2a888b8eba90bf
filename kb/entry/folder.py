"""An entry folder's files, as kb reads and writes them: one entry file each at DOMAIN/KEY.md, a
tombstone (TOMBSTONES/KEY.toml) and the version that left (TOMBSTONES/KEY.md) for each entry that left
it, and the folder's identity (FOLDER_ID_FILE). `kb sync` (kb.exchange.folder_sync) and the search of
a folder layer (kb.layers.folder_index) both go through here.

Files kb cannot trust are refused before anything is written, naming the file and line: a merge
conflict git left, a symlinked folder or file, a special file (a FIFO hangs a read), a file over the
size of an entry.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.entry.content import EntryContent, check_key, normalized
from kb.entry.file import (
    decode_entry_bytes,
    parse_entry_file,
    refuse_conflicts,
    render_entry_file,
    toml_string,
)
from kb.entry.visible import visible
from kb.errors import EntryFileError, KbError
from kb.paths import MAX_ENTRY_BYTES, inside, read_bounded, write_atomically

#: The file that names a folder for kb (its identity, kept by git): a sync's bases survive a move of
#: the checkout or a fresh clone.
FOLDER_ID_FILE = "kb-folder.toml"
#: Where a folder records the entries it no longer holds (one tombstone file each).
TOMBSTONES = "archived"


@dataclass(frozen=True)
class Tombstone:
    """The folder's record that an entry left it: archived, merged into another, renamed, or purged
    (deleted for good in a folder layer: no version stays beside it, and a kb that holds the entry
    archives it, as for an archive, since nothing is purged by a sync). A kb that never synced the
    entry honours it (a new laptop does not bring an archived seed back), and VERSION, the
    fingerprint of the version that left, tells an edit made meanwhile from none."""

    key: str
    how: str  # "archived", "merged", "renamed" or "purged"
    into: str  # the entry it went into, for merged and renamed
    version: str
    by: str
    at: str

    def describe(self) -> str:
        done = (
            f"{self.how} {'to' if self.how == 'renamed' else 'into'} {self.into}" if self.into else self.how
        )
        return f"{done} by {visible(self.by)}" if self.by else done


@dataclass(frozen=True)
class FolderEntries:
    contents: dict[str, EntryContent]
    paths: dict[str, Path]
    tombstones: dict[str, Tombstone] = field(default_factory=dict)
    #: The versions the tombstones left behind (TOMBSTONES/KEY.md), archived: what a restore brings back.
    archived: dict[str, EntryContent] = field(default_factory=dict)


def read_folder(folder: Path) -> FolderEntries:
    """Every entry file under FOLDER (Markdown files that open with +++ front matter; hidden folders
    such as .git are skipped), and its tombstones (TOMBSTONES/KEY.toml). Raises EntryFileError naming
    the file for one kb cannot read, and KbError for two files with one key, before anything is
    written."""
    contents: dict[str, EntryContent] = {}
    paths: dict[str, Path] = {}
    for path in _entry_files(folder):
        try:
            text = decode_entry_bytes(read_bounded(path, MAX_ENTRY_BYTES), path)
        except OSError as exc:
            raise EntryFileError(path, None, f"cannot read: {exc.strerror}") from exc
        refuse_conflicts(text, path)  # also before the +++ test: a conflict can open the file
        if not text.lstrip().startswith("+++"):
            if in_a_domain_folder(path, folder):
                raise EntryFileError(
                    path,
                    None,
                    "is where an entry file goes, but it does not open with +++ front matter (empty,"
                    " half-written or another format): fix it, or restore it with git",
                )
            continue  # a README beside the entries
        content = normalized(parse_entry_file(text, path))
        if content.key in paths:
            raise KbError(f"{path} and {paths[content.key]} both hold the entry '{content.key}'; keep one")
        contents[content.key] = content
        paths[content.key] = path
    tombstones = read_tombstones(folder)
    archived = {}
    for key in tombstones:
        copy = folder / TOMBSTONES / f"{key}.md"
        if copy.is_file() and not copy.is_symlink() and key not in contents:
            raw = read_bounded(copy, MAX_ENTRY_BYTES)
            content = normalized(parse_entry_file(decode_entry_bytes(raw, copy), copy))
            if content.key == key:
                archived[key] = content.replace(status="archived")
    return FolderEntries(contents, paths, tombstones, archived)


def in_a_domain_folder(path: Path, folder: Path) -> bool:
    """Whether PATH is where an entry file goes (DOMAIN/KEY.md under FOLDER, not a README): one kb
    cannot read there is a damaged entry, and skipping it archived the entry as if its file were gone."""
    return path.parent.parent == folder and path.parent.name in DOMAIN_NAMES and path.stem.lower() != "readme"


def _entry_files(folder: Path) -> list[Path]:
    """The Markdown files under FOLDER, hidden folders (.git) and the tombstones left out. A
    symlinked folder or entry file, a special file or a folder kb cannot list is refused, naming it:
    a domain folder that was a symlink used to be skipped, and every entry in it archived as if a
    teammate had deleted it; a FIFO hangs a read."""
    found: list[Path] = []

    def unreadable(error: OSError) -> None:
        """A folder kb cannot list is refused, naming it: skipped, its entries read as deleted, and
        kb sync archived them in kb and in the folder (tombstones a teammate's sync then follows)."""
        if not isinstance(error, FileNotFoundError):
            raise EntryFileError(error.filename or folder, None, f"cannot be read: {error.strerror}")

    for root, folders, files in os.walk(folder, followlinks=False, onerror=unreadable):
        here = Path(root)
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        if here == folder and TOMBSTONES in folders:
            folders.remove(TOMBSTONES)
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


_TOMBSTONE_HOWS = ("archived", "merged", "renamed", "purged")


def read_tombstones(folder: Path) -> dict[str, Tombstone]:
    """The tombstones under FOLDER/TOMBSTONES, by key; a broken one is refused, naming its file."""
    import tomllib

    place = folder / TOMBSTONES
    if place.is_symlink():
        raise EntryFileError(place, None, "is a symlink: kb reads entries from plain files only")
    if not place.is_dir():
        return {}
    found: dict[str, Tombstone] = {}
    for path in sorted(place.glob("*.toml")):
        if not stat.S_ISREG(path.lstat().st_mode):
            raise EntryFileError(path, None, "is not a regular file: kb reads entries from plain files only")
        try:
            text = decode_entry_bytes(read_bounded(path, limit=20_000), path)
            refuse_conflicts(text, path)
            data = tomllib.loads(text)
        except OSError as exc:
            raise EntryFileError(path, None, f"cannot read: {exc.strerror}") from exc
        except (ValueError, RecursionError) as exc:  # TOMLDecodeError, a number of 5,000 digits, nesting
            raise EntryFileError(path, None, f"broken TOML: {str(exc)[:200]}") from exc
        values = {name: data.get(name, "") for name in ("key", "how", "into", "version", "by", "at")}
        if not all(isinstance(value, str) for value in values.values()):
            raise EntryFileError(path, None, "every value of a tombstone is a string")
        if values["key"] != path.stem or values["how"] not in _TOMBSTONE_HOWS:
            raise EntryFileError(
                path,
                None,
                f'a tombstone names its entry (key = "{path.stem}") and how it left'
                f" ({', '.join(_TOMBSTONE_HOWS)})",
            )
        for name in ("key", "into"):  # shown to people and used as keys: a slug, or nothing for into
            if values[name] and not _is_key(values[name]):
                raise EntryFileError(
                    path, None, f"a tombstone's {name} is an entry key, not {visible(values[name])!r}"
                )
        found[path.stem] = Tombstone(**values)
    return found


def _is_key(text: str) -> bool:
    try:
        check_key(text)
    except KbError:
        return False
    return True


def render_tombstone(tomb: Tombstone) -> str:
    """TOMB as its file, opening with what it means and how to undo it; a purged entry left no
    version in the folder, so `kb --layer LAYER restore` cannot bring it back, and it says so."""
    lines = [
        "# kb sync: this entry left the folder; every kb that syncs here archives it too.",
        "# To bring it back: kb restore KEY, then kb sync (or put its file back and delete this one).",
    ]
    if tomb.how == "purged":
        lines = [
            "# kb: this entry was deleted from the folder for good; every kb that syncs here archives it.",
            "# The folder keeps no copy to restore. To bring it back: kb restore KEY in a kb that synced",
            "# it, then kb sync (or put its file back from git history and delete this one).",
        ]
    for name in ("key", "how", "into", "version", "by", "at"):
        value = getattr(tomb, name)
        if value or name in ("key", "how", "version"):
            lines.append(f"{name} = {toml_string(value)}")
    return "\n".join(lines) + "\n"


def folder_identity(folder: Path, create: bool) -> str | None:
    """The identity FOLDER carries in FOLDER_ID_FILE (made first when CREATE), or None."""
    import tomllib
    import uuid

    path = folder / FOLDER_ID_FILE
    if path.is_file() and not path.is_symlink():
        try:
            text = decode_entry_bytes(read_bounded(path, limit=4_000), path)
            refuse_conflicts(text, path)  # two first syncs at once: each made an identity
            data = tomllib.loads(text)
        except (OSError, ValueError, RecursionError) as exc:
            raise EntryFileError(path, None, f"cannot read the folder's identity: {str(exc)[:200]}") from exc
        identity = data.get("id")
        if not isinstance(identity, str) or not identity.strip():
            raise EntryFileError(path, None, 'the folder\'s identity needs an id = "…" line')
        return f"id:{identity.strip()}"
    if path.exists() or path.is_symlink():
        raise EntryFileError(path, None, "is not a plain file: kb keeps the folder's identity in one")
    if not create:
        return None
    identity = uuid.uuid4().hex
    write_atomically(
        path,
        "# kb sync: this folder's identity. Commit it: it lets every clone of this repository, wherever\n"
        f"# it is checked out, sync against what it last agreed on.\nid = {toml_string(identity)}\n",
        shared=True,
    )
    return f"id:{identity}"


def in_folder_form(content: EntryContent) -> EntryContent | None:
    """What the folder holds for CONTENT: its file, or none for an archived entry."""
    return content if content.status == "active" else None


def entry_file_path(folder: Path, content: EntryContent | None) -> Path | None:
    """Where FOLDER holds CONTENT's file (DOMAIN/KEY.md), or None when it holds none."""
    content = in_folder_form(content) if content is not None else None
    if content is None:
        return None
    check_key(content.key)
    return Path(inside(folder, resolve_domain(content.domain), f"{content.key}.md"))


def tombstone_paths(folder: Path, key: str) -> tuple[Path, Path]:
    """Where FOLDER holds KEY's tombstone and, beside it, the version that left."""
    check_key(key)
    return Path(inside(folder, TOMBSTONES, f"{key}.toml")), Path(inside(folder, TOMBSTONES, f"{key}.md"))


def write_entry_file(folder: Path, current: Path | None, content: EntryContent | None) -> None:
    """Make FOLDER hold CONTENT's file (none when there is no CONTENT, or it is archived), removing
    CURRENT where it no longer belongs."""
    target = entry_file_path(folder, content)
    if content is not None and target is not None:
        os.makedirs(target.parent, exist_ok=True)
        write_atomically(target, render_entry_file(content), shared=True)
    if current is not None and current != target and current.exists():
        current.unlink()


def write_tombstone(
    folder: Path, key: str, tomb: Tombstone | None, content: EntryContent | None = None
) -> None:
    """Make FOLDER hold TOMB as KEY's tombstone, with CONTENT, the version that left, beside it (so
    that a restore can bring it back); or neither. A purged entry's tombstone stands alone: the
    version a purge deleted is not kept."""
    path, copy = tombstone_paths(folder, key)
    if tomb is None:
        for stale in (path, copy):
            if stale.exists():
                stale.unlink()
        return
    os.makedirs(inside(folder, TOMBSTONES), exist_ok=True)
    text = render_tombstone(tomb)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        write_atomically(path, text, shared=True)
    if tomb.how == "purged":
        if copy.exists():
            copy.unlink()
    elif content is not None:
        write_atomically(copy, render_entry_file(content.replace(status="archived")), shared=True)


def touched_by_writing(
    folder: Path, keys: Iterable[str], after: Mapping[str, EntryContent | None], paths: Mapping[str, Path]
) -> list[Path]:
    """Every file of FOLDER a write of KEYS may change (AFTER: each one's new version; PATHS: where
    each one's file is now): its file where it is and where it goes, its tombstone and the version
    kept beside it. What all_or_nothing() keeps."""
    found: list[Path] = []
    for key in keys:
        found += [path for path in (paths.get(key), entry_file_path(folder, after.get(key))) if path]
        found += tombstone_paths(folder, key)
    return found


@dataclass(frozen=True)
class _Kept:
    """A file as it was before a write, to be put back: its bytes, mode and times, or a symbolic
    link's target; None for both when there was no file."""

    data: bytes | None
    link: str | None
    mode: int = 0
    times: tuple[int, int] = (0, 0)


@contextmanager
def all_or_nothing(paths: Iterable[Path]) -> Iterator[None]:
    """Put each of PATHS back as it was, and remove the folders made for them, when the block
    raises: a write of many entries that one file refuses (a domain folder kb may not write) leaves
    the folder as it found it, not some entries archived and others not, with no record of which to
    restore. The times are put back too, so that the folder's search index stays current."""
    kept = {path: _kept(path) for path in dict.fromkeys(paths)}
    made = sorted({parent for path in kept for parent in _missing_parents(path)}, reverse=True)
    try:
        yield
    except BaseException as exc:
        failed = []
        for path, was in kept.items():
            try:
                _put_back(path, was)
            except OSError as undo:
                failed.append(f"{path} ({undo.strerror})")
        for folder in made:
            with contextlib.suppress(OSError):  # not empty: something else was put there meanwhile
                folder.rmdir()
        if failed:
            raise KbError(f"{exc}; and kb could not put back {', '.join(failed)}: check the folder") from exc
        raise


def _kept(path: Path) -> _Kept:
    try:
        info = path.lstat()
    except FileNotFoundError:
        return _Kept(None, None)
    if stat.S_ISLNK(info.st_mode):
        return _Kept(None, os.readlink(path))
    return _Kept(path.read_bytes(), None, stat.S_IMODE(info.st_mode), (info.st_atime_ns, info.st_mtime_ns))


def _missing_parents(path: Path) -> list[Path]:
    missing = []
    for parent in path.parents:
        if parent.exists():
            break
        missing.append(parent)
    return missing


def _put_back(path: Path, was: _Kept) -> None:
    """Make PATH hold what WAS recorded, touching it only where it differs."""
    now = _kept(path)
    if (now.data, now.link, now.mode, now.times[1]) == (was.data, was.link, was.mode, was.times[1]):
        return
    if was.data is None and was.link is None:
        path.unlink(missing_ok=True)
        return
    if path.is_symlink() or path.exists():
        path.unlink()
    if was.link is not None:
        os.symlink(was.link, path)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, was.data or b"")
    os.chmod(path, was.mode)
    os.utime(path, ns=was.times)
