"""One search across every layer: each layer's index answers with kb's ranking, the answers are
merged by confidence, then score, and each result says which layer it came from.

Scores are BM25 and fuzzy evidence against each layer's own statistics, so the merge is by what is
comparable first: a confident answer in any layer outranks every unconfident one. An entry two
layers hold under one key (a seed, an entry synced to the team's folder) is shown once, from the
layer that ranks it higher. A layer that cannot be reached is reported, and the others answer.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from typing import NamedTuple

from kb.errors import KbError, StoreUnavailable
from kb.paths import resolve_location
from kb.search.lookup import SearchOptions, SearchResponse, record_usage, search
from kb.search.ranking import Scored, one_of
from kb.sources.layers import PERSONAL, Layer


class Unreachable(NamedTuple):
    layer: str
    reason: str

    def line(self) -> str:
        """What a person is told, while the other sources answer."""
        return f"kb: the {self.layer} source did not answer: {self.reason}"


class Found(NamedTuple):
    response: SearchResponse
    unreachable: list[Unreachable]
    layered: bool  # more than one source was asked: each result names its own


def search_sources(text: str, personal: str | None, options: SearchOptions, layers: bool = True) -> Found:
    """Search TEXT in every source (kb sources), or, with LAYERS False, in the PERSONAL database alone
    (--db, KB_DB or the default). A database not yet set up is opened in full first, which creates and
    seeds it. `kb search`, `kb run` and the pytest plugin all ask this."""
    from kb.sources.layers import reading_layers

    sources = reading_layers(personal) if layers else []
    if len(sources) <= 1:
        answer = search(text, resolve_location(personal), options, functools.partial(open_fully, personal))
        return Found(answer, [], False)
    return search_everywhere(text, sources, options)


def open_fully(spec: str | None) -> None:
    """Open the knowledge base at SPEC with the full store once: it creates, migrates, seeds and
    reindexes what a search found not ready. Only a new or outdated database pays for the ORM."""
    from kb.upkeep.seeding import open_knowledge_base

    open_knowledge_base(spec).close()


def layer_database(layer: Layer) -> str:
    """The database spec to read LAYER from: its own, or the index of its entry folder."""
    if layer.kind == "database":
        return layer.spec
    import os

    from kb.sources.folder_index import folder_index

    if not os.path.isdir(layer.spec):
        raise StoreUnavailable(f"the folder {layer.spec} does not exist")
    return folder_index(layer.spec)


def search_everywhere(text: str, layers: Sequence[Layer], options: SearchOptions) -> Found:
    """Search TEXT in every layer; a database layer whose index is not ready is opened fully first."""
    answers: list[tuple[Layer, SearchResponse]] = []
    unreachable: list[Unreachable] = []
    quiet = options._replace(record_usage=False, limit=max(options.limit, 5))
    for layer in layers:
        try:
            location = resolve_location(layer_database(layer))
            answer = search(text, location, quiet, functools.partial(open_fully, layer.spec))
        except KbError as exc:
            if layer.name == PERSONAL:
                raise
            unreachable.append(Unreachable(layer.name, str(exc)))
            continue
        answers.append((layer, answer))
    merged = merge_answers(answers, options.limit)
    if options.record_usage:
        _record(text, merged, {layer.name: layer for layer, _ in answers})
    return Found(merged, unreachable, True)


def merge_answers(answers: Sequence[tuple[Layer, SearchResponse]], limit: int) -> SearchResponse:
    """The answers of several layers as one, best first, each result's record naming its layer."""
    pooled: list[tuple[bool, float, int, Scored]] = []
    for order, (layer, answer) in enumerate(answers):
        for scored in answer.results:
            record = {**scored.candidate.record, "layer": layer.name}
            tagged = scored._replace(candidate=scored.candidate._replace(record=record))
            pooled.append((scored.confident, scored.score, -order, tagged))
    pooled.sort(key=lambda item: (item[0], item[1], item[2]), reverse=True)
    seen: set[str] = set()
    results: list[Scored] = []
    for *_, scored in pooled:
        key = str(scored.candidate.record["key"])
        if key not in seen:
            seen.add(key)
            results.append(scored)
    results, shared = results[:limit], tuple(one_of(results))
    base = answers[0][1]  # the personal layer's: the query as read, and the handbook's guess
    if results and results[0].confident:
        winner = next(a for layer, a in answers if layer.name == results[0].candidate.record["layer"])
        return SearchResponse(base.query, results, winner.domain_guess, None, shared)
    return SearchResponse(base.query, results, base.domain_guess, base.golden_checks, shared)


def _record(text: str, response: SearchResponse, layers: dict[str, Layer]) -> None:
    """A hit goes to the database layer whose entry answered; a miss, or a hit on a folder's entry,
    to the personal knowledge base (an entry folder's index is rebuilt from its files)."""
    winner = layers[PERSONAL]
    if response.confident:
        layer = layers[str(response.results[0].candidate.record["layer"])]
        if layer.kind != "database":
            return
        winner = layer
    with contextlib.suppress(KbError):  # a usage record is not worth failing a search that answered
        record_usage(resolve_location(winner.spec), text, response)
