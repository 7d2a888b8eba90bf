"""Where the knowledge base lives, and where kb's own data files are.

`KB_DB` (or `--db`) takes a file path or an SQLAlchemy URL, so a team can point every `kb` at one
PostgreSQL database later without a new option. Without it, the database is `kb.db` in the
platform's user data folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NamedTuple

APP_NAME = "kb"
DB_ENV = "KB_DB"


def user_data_dir() -> Path:
    """The platform's per-user data folder for kb (XDG on Linux, Application Support on macOS)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / APP_NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_NAME
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_NAME


class DatabaseLocation(NamedTuple):
    """A resolved database location: the SQLAlchemy URL, plus the file when it is SQLite on disk."""

    url: str
    path: Path | None

    @property
    def is_sqlite(self) -> bool:
        return self.url.startswith("sqlite")

    def display(self) -> str:
        """The location for people: the file path, or the URL with any password hidden."""
        if self.path is not None:
            return str(self.path)
        scheme, sep, rest = self.url.partition("://")
        if sep and "@" in rest:
            credentials, _, host = rest.rpartition("@")
            user = credentials.split(":", 1)[0]
            return f"{scheme}://{user}:***@{host}" if ":" in credentials else self.url
        return self.url


def resolve_location(spec: str | None = None) -> DatabaseLocation:
    """Turn --db / KB_DB / the default into a DatabaseLocation."""
    spec = spec or os.environ.get(DB_ENV) or str(user_data_dir() / "kb.db")
    if "://" in spec:
        if spec.startswith("sqlite:///") and spec != "sqlite:///:memory:":
            return DatabaseLocation(spec, Path(spec.removeprefix("sqlite:///")))
        return DatabaseLocation(spec, None)
    path = Path(spec).expanduser()
    return DatabaseLocation(f"sqlite:///{path}", path)


def seed_directory() -> Path:
    """The seed entries: inside the installed package, or at the top of a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "seed_entries", here.parent / "seed_entries"):
        if candidate.is_dir():
            return candidate
    return here / "seed_entries"
