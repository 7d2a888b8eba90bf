"""Who is making a change: the name kb records beside every change of an entry (`kb history`).

`KB_AUTHOR` wins; otherwise git's `user.name` (read from git's config files, so kb runs no git), then
the login name. Asked only when something is written, so that a search never pays for it.
"""

from __future__ import annotations

import configparser
import getpass
import os

AUTHOR_ENV = "KB_AUTHOR"
#: How long a recorded name may be: a name is a label, not a place for text.
MAX_AUTHOR_CHARS = 80


def current_author() -> str:
    """The name of the person kb acts for now."""
    name = os.environ.get(AUTHOR_ENV, "").strip() or _git_user_name() or _login_name()
    return " ".join(name.split())[:MAX_AUTHOR_CHARS] or "someone"


def _git_user_name() -> str:
    """user.name from the global git config files, as git reads them (the later file wins)."""
    home = os.path.expanduser("~")  # `~` itself when there is none: no file of the working folder
    homes = [home] if os.path.isabs(home) else []
    xdg = os.environ.get("XDG_CONFIG_HOME") or next((os.path.join(h, ".config") for h in homes), "")
    global_file = os.environ.get("GIT_CONFIG_GLOBAL")
    files = (
        [global_file]
        if global_file
        else [
            *([os.path.join(xdg, "git", "config")] if xdg else []),
            *(os.path.join(h, ".gitconfig") for h in homes),
        ]
    )
    name = ""
    for path in files:
        parser = configparser.RawConfigParser(strict=False)
        try:
            parser.read(path, encoding="utf-8")
        except (configparser.Error, OSError, UnicodeDecodeError):
            continue
        value = parser.get("user", "name", fallback="").strip().strip('"')
        name = value or name
    return name


def _login_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""
