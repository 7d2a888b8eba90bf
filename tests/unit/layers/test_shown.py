"""What the last search across layers showed (kb.layers.shown): which layer each key came from, and
which others hold it, so `kb show KEY` offers your own entry only when you have one."""

from __future__ import annotations

import json
import os

from kb.layers.shown import SHOWN_FILE, remember_shown, shown_also_in, shown_layer, shown_where
from kb.paths import cache_folder


def test_a_key_remembers_its_layer_and_the_others_that_hold_it() -> None:
    remember_shown({"team-lease": "team", "labels": "project"}, {"labels": ["personal"]})
    assert (shown_layer("team-lease"), shown_also_in("team-lease")) == ("team", ())
    assert (shown_layer("labels"), shown_also_in("labels")) == ("project", ("personal",))
    assert shown_layer("never-shown") is None


def test_an_older_record_without_the_other_layers_knows_none() -> None:
    remember_shown({"labels": "project"})
    with open(os.path.join(cache_folder(), SHOWN_FILE), encoding="utf-8") as file:
        data = json.load(file)
    del data["also_in"]
    with open(os.path.join(cache_folder(), SHOWN_FILE), "w", encoding="utf-8") as file:
        json.dump(data, file)
    assert (shown_layer("labels"), shown_also_in("labels")) == ("project", ())


def test_what_each_layer_read_is_kept_and_unknown_in_an_older_record() -> None:
    remember_shown({"labels": "project"}, where={"project": "/work/repo-a/.kb"})
    assert shown_where("project") == "/work/repo-a/.kb" and shown_where("team") is None
    remember_shown({"labels": "project"})
    assert shown_where("project") is None
