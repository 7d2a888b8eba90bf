"""`kb layers`: each layer, where it is, and whether it answers now."""

from __future__ import annotations

import os
from typing import Any

from kb.errors import UPGRADE, KbError
from kb.layers.config import Layer, config_path, reading_layers, same_database_as
from kb.layers.everywhere import layer_database
from kb.paths import resolve_location, user_data_dir
from kb.records import Record
from kb.store.index_reader import IndexNotReady, IndexReader


class LayerState(Record):
    layer: Layer
    where: str  # for people: a path, or the URL with any password hidden
    entries: int | None  # the active ones, which a search reads; None: not counted
    problem: str  # why not, or "" when it answered
    archived: int = 0
    answered: bool = True  # False: it could not be read at all (the problem says why)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.layer.name,
            "kind": self.layer.kind,
            "where": self.where,
            "entries": self.entries,
            "archived": self.archived,
            "problem": self.problem or None,
            "answers": self.answered,
        }


class LayersReport(Record):
    config: str
    config_exists: bool
    states: list[LayerState]

    def as_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "config_exists": self.config_exists,
            "layers": [state.as_json() for state in self.states],
        }


def layers_report(personal: str | None = None) -> LayersReport:
    """Every layer a search reads, each asked how many active entries it holds (those a search reads)
    and how many archived ones (nothing is created)."""
    layers = reading_layers(personal, distinct=False)
    same = same_database_as(layers)
    states = [
        _state(layer)
        if layer.name not in same
        else LayerState(
            layer,
            resolve_location(layer.spec).display(),  # no password shown
            None,
            f"the same database as the {same[layer.name]} layer: read once, as that layer",
        )
        for layer in layers
    ]
    return LayersReport(config_path(), os.path.exists(config_path()), states)


def _state(layer: Layer) -> LayerState:
    try:
        location = resolve_location(layer_database(layer))
    except KbError as exc:  # an entry folder that is gone, or holds a file kb cannot read
        return LayerState(layer, layer.spec, None, str(exc), answered=False)
    where = layer.spec if layer.kind == "folder" else location.display()
    try:
        with IndexReader(location) as reader:
            active = len(reader.all_ids(["active"]))
            return LayerState(layer, where, active, "", len(reader.keys()) - active)
    except IndexNotReady as exc:
        folder = os.path.dirname(os.path.abspath(location.file)) if location.file else None
        if folder is not None and not os.path.isdir(folder) and folder != str(user_data_dir()):
            # kb makes its own data folder, and no other (kb.store.sqlite_file.check_path)
            said = f"the folder {folder} does not exist; create it first, or fix the path"
            return LayerState(layer, where, None, said, answered=False)
        return LayerState(layer, where, *_not_ready(str(exc), layer.name))
    except KbError as exc:
        return LayerState(layer, where, None, str(exc), answered=False)


def _not_ready(reason: str, name: str) -> tuple[int | None, str]:
    """A layer's entry count and note when the lean reader cannot read it yet (IndexNotReady's REASON):
    a database another kb made holds entries all the same, and only a new one holds none."""
    from kb.store.index_reader import NEWER_SCHEMA, OLDER_SCHEMA

    if reason == NEWER_SCHEMA:
        return None, f"made by a newer kb: this one will not change it ({UPGRADE})"
    if reason == OLDER_SCHEMA:
        return None, f"made by an older kb: its next command upgrades it (kb --layer {name} where)"
    if reason in ("normalizer differs", "never seeded"):
        return None, "its next command finishes setting it up (its search index, or its seeds)"
    from kb.store.seeding import seeding_wanted  # deferred: the store, for a new database only

    made = "creates and seeds it" if seeding_wanted() else "creates it empty"
    return 0, f"not set up yet: its first command {made}"
