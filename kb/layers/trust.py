"""Whose entries kb reads, and whose checks it offers to run: the trust model of a project's `.kb/`,
as direnv and git's `safe.directory` have it.

A `.kb/` arrives with every repository a user clones, and kb finds it by walking up from the
current directory, so one in `/tmp` made by any local user would feed everyone working below `/tmp`.
kb reads a project folder only when it, its folders and its files belong to the user (or root) and
nobody else may write them; and it offers to run the checks of its entries only once the user said
`kb trust` for that folder. Until then the entries are shown, marked as untrusted.

Standard library and kb.paths only: `kb search` asks on every call.
"""

from __future__ import annotations

import os
import stat

from kb.paths import data_folder, write_atomically

#: The folders the user trusts, one real path per line, in kb's data folder.
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
    """The real paths of the folders the user trusts."""
    try:
        with open(_trust_file(), encoding="utf-8") as handle:
            return {line.strip() for line in handle if line.strip()}
    except (OSError, UnicodeDecodeError):
        return set()


def is_trusted(folder: str) -> bool:
    return os.path.realpath(folder) in trusted_folders()


def set_trust(folder: str, trusted: bool) -> str:
    """Trust FOLDER (or, with TRUSTED false, no longer); returns its real path."""
    real = os.path.realpath(folder)
    folders = trusted_folders()
    folders = folders | {real} if trusted else folders - {real}
    os.makedirs(data_folder(), exist_ok=True)
    write_atomically(_trust_file(), "".join(f"{path}\n" for path in sorted(folders)))
    return real
