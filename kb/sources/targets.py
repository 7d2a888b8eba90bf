"""Where a write goes: the personal knowledge base unless `--to` names another source."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kb.sources.layers import PERSONAL, find_layer

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore


@contextmanager
def write_target(personal: str | None, to: str | None) -> Iterator[EntryStore]:
    """The store to write to: PERSONAL (--db, KB_DB or the default), or the source called TO. A
    database source is opened as the personal one is; an entry folder through its index, each
    entry written back as its file (kb.sources.folder_index.folder_store)."""
    from kb.upkeep.seeding import open_knowledge_base

    layer = find_layer(to, personal) if to and to != PERSONAL else None
    if layer is None or layer.kind == "database":
        with open_knowledge_base(layer.spec if layer else personal) as store:
            yield store
        return
    from kb.sources.folder_index import folder_store

    with folder_store(layer.spec) as store:
        yield store
