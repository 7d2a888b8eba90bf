"""Whose entries kb reads, and whose checks it offers to run: the trust model of a project's `.kb/`,
as direnv and git's `safe.directory` have it.

A `.kb/` arrives with every repository a user clones, and kb finds it by walking up from the
current directory, so one in `/tmp` made by any local user would feed everyone working below `/tmp`.
kb reads a project folder only when it, its folders and its files belong to the user (or root) and
nobody else may write them; and it offers to run the checks of its entries only once the user said
`kb trust` for that folder. Until then the entries are shown, marked as untrusted.

Trust is given to what the user read, not to a path: as direnv re-asks when an `.envrc` changes,
`kb trust` keeps a digest of the folder's entry files, and a `git pull` that adds or changes one
(a new check, a fix an agent would follow) makes the folder untrusted again until the user has read
it and says `kb trust` once more.

Standard library and kb.paths only: `kb search` asks on every call.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Iterator

from kb.errors import KbError
from kb.paths import PROJECT_FOLDER, data_folder, write_atomically

#: The folders the user trusts, one a line: its real path, a tab, and the digest of its entry files
#: when it was trusted (folder_contents()); in kb's data folder.
TRUSTED_FILE = "trusted-folders"


def folder_problem(folder: str) -> str | None:
    """Why kb must not read FOLDER: a part of it belongs to another user, or others may write it.
    None when it may (and always on a system without user ids)."""
    if not hasattr(os, "getuid"):
        return None
    me = os.getuid()
    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for path in (root, *(os.path.join(root, name) for name in files)):
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISLNK(info.st_mode):
                continue  # a symlink is refused where the folder is read
            if info.st_uid not in (me, 0):
                return f"{path} belongs to another user (uid {info.st_uid}); kb reads only your own folders"
            if info.st_mode & 0o022:
                return f"{path} can be written by other users; kb reads it once it cannot (chmod go-w)"
    return None


def _trust_file() -> str:
    return os.path.join(data_folder(), TRUSTED_FILE)


def trusted_folders() -> set[str]:
    """The real paths of the folders the user trusted (each as it was then: is_trusted())."""
    return set(_trusted())


def _trusted() -> dict[str, str]:
    """Each trusted folder's real path, and the digest of its entry files when it was trusted ("" in
    a line written before digests were kept: trusted again once the user has read it)."""
    try:
        with open(_trust_file(), encoding="utf-8") as handle:
            lines = [line.rstrip("\n").partition("\t") for line in handle if line.strip()]
    except (OSError, UnicodeDecodeError):
        return {}
    return {path.strip(): digest.strip() for path, _, digest in lines}


def folder_contents(folder: str) -> str:
    """A digest of FOLDER's entry files and tombstones: their paths and bytes. Unreadable files
    count as their names, so that a folder never reads as unchanged by accident."""
    digest = hashlib.sha256()
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or not name.endswith((".md", ".toml")):
                continue
            path = os.path.join(root, name)
            digest.update(os.path.relpath(path, folder).encode("utf-8", "surrogateescape") + b"\0")
            try:
                with open(path, "rb") as handle:
                    digest.update(handle.read())
            except OSError:
                digest.update(b"\1unreadable")
            digest.update(b"\0")
    return digest.hexdigest()


def trust_state(folder: str) -> str:
    """ "trusted"; "changed" (trusted, but its files changed since: read them, trust it again);
    "unrecorded" (trusted before kb kept what was read: read it, trust it again); or "untrusted"."""
    recorded = _trusted().get(os.path.realpath(folder))
    if recorded is None:
        return "untrusted"
    if not recorded:
        return "unrecorded"
    return "trusted" if recorded == folder_contents(folder) else "changed"


def is_trusted(folder: str) -> bool:
    return trust_state(folder) == "trusted"


@contextlib.contextmanager
def trust_kept(folder: str) -> Iterator[None]:
    """FOLDER's trust through a write kb makes there on the user's word (`kb sync`, an edit of the
    folder's layer): a folder trusted as it was stays trusted as kb leaves it, where it read as
    changed since, as if a pull had brought those files; one that had changed unread stays as it was.
    A project's folder that held no entry before holds only what the user wrote through kb after: it
    is trusted as kb leaves it (`kb add --to project` in a new project, then `kb sync .kb`, was
    refused as if a stranger had written it)."""
    trusted = is_trusted(folder) or (project_folder_of(folder) is not None and not _holds_entries(folder))
    yield
    if trusted and not is_trusted(folder):
        set_trust(folder, True)


def set_trust(folder: str, trusted: bool) -> str:
    """Trust FOLDER as its files are now (or, with TRUSTED false, no longer); returns its real path."""
    real = os.path.realpath(folder)
    if "\t" in real or "\n" in real:
        raise KbError(f"kb cannot trust a folder whose path holds a tab or a line break: {real!r}")
    folders = _trusted()
    if trusted:
        folders[real] = folder_contents(real)
    else:
        folders.pop(real, None)
    os.makedirs(data_folder(), exist_ok=True)
    write_atomically(
        _trust_file(), "".join(f"{path}\t{digest}\n" for path, digest in sorted(folders.items()))
    )
    return real


#: Why a folder the user once trusted is not trusted now, by its trust_state(), for an error's line.
TRUST_LAPSED = {
    "changed": "whose files changed since you trusted it",
    "unrecorded": "which you trusted before kb kept what you read",
}


def refuse_an_unread_project_folder(path: str, doing: str) -> None:
    """Refuse to take entries from PATH into a knowledge base of the user's (DOING: "kb sync",
    "kb import") when PATH is, or lies inside, a project's `.kb/` folder holding entry files that
    the user has not trusted as they are now: its entries would become the user's own, known faults
    whose checks kb offers to run, which is what trust is there to prevent (`kb sync .kb` of a
    cloned repository made its `KeyError: 'lr'` a known fault, and its check one to run)."""
    folder = project_folder_of(path)
    if folder is None:
        return
    state = trust_state(folder)
    if state == "trusted" or not _holds_entries(folder):
        return
    from kb.entry.visible import shell_word

    why = TRUST_LAPSED.get(state, "which you have not trusted")
    raise KbError(
        f"{folder} is a project's .kb/ folder {why}: {doing} would make its entries your own,"
        f" their checks too; read them, then kb trust {shell_word(folder)}"
    )


def project_folder_of(path: str) -> str | None:
    """The project's `.kb/` folder PATH is or lies in, or None: as PATH is written (a `.kb` that is
    a link to another folder of the repository is the project's all the same) or where it leads."""
    from pathlib import Path

    for parts in (Path(os.path.abspath(path)).parts, Path(os.path.realpath(path)).parts):
        if PROJECT_FOLDER in parts:
            return str(Path(*parts[: len(parts) - parts[::-1].index(PROJECT_FOLDER)]))
    return None


def _holds_entries(folder: str) -> bool:
    from pathlib import Path

    return any(Path(folder).rglob("*.md"))
