"""Where a write goes: the personal knowledge base unless `--to` names another layer; and what the
other layers already hold of it."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kb.errors import KbError, KeyTaken
from kb.layers.config import PERSONAL, Layer, find_layer, reading_layers

if TYPE_CHECKING:
    from kb.search.duplicates import Duplicate
    from kb.store.entry_store import EntryStore


@contextmanager
def write_target(personal: str | None, to: str | None) -> Iterator[EntryStore]:
    """The store to write to: PERSONAL (--db, KB_DB or the default), or the layer called TO. A
    database layer is opened as the personal one is; an entry folder through its index, each
    entry written back as its file (kb.layers.folder_index.folder_store)."""
    from kb.store.seeding import open_knowledge_base

    layer = find_layer(to, personal) if to and to != PERSONAL else None
    try:
        if layer is None or layer.kind == "database":
            with open_knowledge_base(layer.spec if layer else personal) as store:
                yield store
            return
        from kb.layers.everywhere import refuse_a_strangers_project
        from kb.layers.folder_index import folder_store

        refuse_a_strangers_project(layer, "writing to")
        if not os.path.isdir(layer.spec):  # a typo in the config got a new folder, without a word
            raise KbError(
                f"the {layer.name} layer's folder {layer.spec} does not exist: create it (or clone the"
                " team's repository there), or fix config.toml"
            )
        with folder_store(layer.spec) as store:
            yield store
    except KeyTaken as taken:  # the hint acts where the key was taken, not on the personal kb
        if layer is None:
            raise
        raise KeyTaken(taken.key, prefix=f"kb --layer {layer.name} ") from None


def other_layers(personal: str | None, to: str | None) -> list[Layer]:
    """The layers a write to TO (None: the personal knowledge base) does not go to."""
    target = to or PERSONAL
    return [layer for layer in reading_layers(personal) if layer.name != target]


def duplicate_elsewhere(layers: Sequence[Layer], symptom: str) -> tuple[str, Duplicate] | None:
    """The first of LAYERS holding an entry that already describes SYMPTOM, and that entry; a layer
    that does not answer, or was never made (a fresh personal knowledge base), is skipped (it is
    reported where it is searched). An untrusted folder's entry is a twin by its text only: search is
    never sure of a stranger's entry (kb.layers.everywhere), and searched alone a cloned project's one
    entry was "sure" of any error sharing a few of its words."""
    from kb.layers.everywhere import layer_database
    from kb.paths import resolve_location
    from kb.search.duplicates import find_duplicate
    from kb.store.index_reader import IndexNotReady

    for layer in layers:
        try:
            found = find_duplicate(resolve_location(layer_database(layer)), symptom)
        except (IndexNotReady, KbError, OSError):  # IndexNotReady: a knowledge base not made yet
            continue
        if found is not None and (layer.trusted or not found.by_search):
            return layer.name, found
    return None
