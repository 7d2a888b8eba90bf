"""What the last search across layers showed, by key, so that `kb show KEY` and `kb check KEY` act on
the entry the search showed, not on another layer's entry with the same key.

A small JSON file in kb's cache folder, written by `kb search` when more than one layer answered and
read for an hour after; only the standard library and kb.paths, since both ends are lean paths.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence

from kb.paths import cache_folder, write_atomically

SHOWN_FILE = "last-shown.json"
#: How long what a search showed decides which layer `kb show KEY` reads.
FRESH_FOR_S = 3600


def remember_shown(
    layers: Mapping[str, str],
    also_in: Mapping[str, Sequence[str]] | None = None,
    where: Mapping[str, str] | None = None,
) -> None:
    """Keep LAYERS (key → the layer whose entry a search showed), ALSO_IN (key → the other layers
    the search found holding that key) and WHERE (layer → what it read: a project layer is the
    folder of the repository the search ran in); a cache that cannot be written is no reason to
    fail the search that answered."""
    data = {
        "at": time.time(),
        "layers": dict(layers),
        "also_in": {k: list(v) for k, v in (also_in or {}).items()},
        "where": dict(where or {}),
    }
    try:
        os.makedirs(cache_folder(), exist_ok=True)
        write_atomically(os.path.join(cache_folder(), SHOWN_FILE), json.dumps(data))
    except OSError:
        pass


def shown_layer(key: str) -> str | None:
    """The layer the last search (within FRESH_FOR_S) showed KEY from, or None."""
    layer = _last_shown("layers", key)
    return layer if isinstance(layer, str) else None


def shown_where(layer: str) -> str | None:
    """What LAYER read at the last search (within FRESH_FOR_S): `kb check KEY` in another
    repository must not run that repository's entry as the one the search showed. None when not
    known (an older kb's record)."""
    where = _last_shown("where", layer)
    return where if isinstance(where, str) else None


def shown_also_in(key: str) -> tuple[str, ...]:
    """The other layers the last search found holding KEY (none known: an older kb's record)."""
    layers = _last_shown("also_in", key)
    return tuple(name for name in layers if isinstance(name, str)) if isinstance(layers, list) else ()


def _last_shown(part: str, key: str) -> object:
    try:
        with open(os.path.join(cache_folder(), SHOWN_FILE), encoding="utf-8") as file:
            data = json.load(file)
        if time.time() - float(data["at"]) > FRESH_FOR_S:
            return None
        return data.get(part, {}).get(key)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
