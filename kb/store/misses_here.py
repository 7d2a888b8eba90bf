"""Searches that found nothing, kept on this machine when the knowledge base is a shared server.

`kb add --from-last` offers the last search that found nothing sure. In a personal SQLite file that
record lives in the database (the search_miss table). In a server database a team shares, a row
there handed each teammate's pastes (redacted, but theirs) to the others, and `--from-last` took
whoever searched last: there the record is kept in the user's own data folder instead, one small
file per database, written whole or not at all.
"""

from __future__ import annotations

import json
import os
import zlib
from datetime import datetime

from kb.paths import DatabaseLocation, data_folder, write_atomically


def misses_file(location: DatabaseLocation) -> str:
    """Where this user's misses on the server database at LOCATION are kept."""
    place = zlib.crc32(location.url.encode("utf-8", "surrogateescape"))
    return data_folder("misses", f"{place:08x}.json")


def keep_miss(location: DatabaseLocation, query: str, decisive: str, searched: datetime, kept: int) -> None:
    """Add a miss to this user's record for LOCATION, keeping the last KEPT."""
    misses = _read(location)[-(kept - 1) :]
    misses.append({"query": query, "decisive": decisive, "searched": searched.isoformat()})
    path = misses_file(location)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_atomically(path, json.dumps(misses))


def kept_misses(location: DatabaseLocation) -> int:
    """How many misses this user's record for LOCATION holds."""
    return len(_read(location))


def last_miss(location: DatabaseLocation) -> tuple[str, str, datetime] | None:
    """This user's last miss on LOCATION: (query, decisive line, when), or None."""
    kept = _read(location)
    if not kept:
        return None
    last = kept[-1]
    return str(last["query"]), str(last["decisive"]), datetime.fromisoformat(str(last["searched"]))


def _read(location: DatabaseLocation) -> list[dict[str, object]]:
    try:
        with open(misses_file(location), encoding="utf-8") as stream:
            kept = json.load(stream)
    except (OSError, ValueError):  # none yet, or a damaged file: a record worth no error
        return []
    if not isinstance(kept, list):
        return []
    return [m for m in kept if isinstance(m, dict) and {"query", "decisive", "searched"} <= m.keys()]
