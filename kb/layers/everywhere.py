"""One search across every layer: each layer's index answers with kb's ranking, the answers are
merged by confidence, then score, and each result says which layer it came from.

Scores are BM25 and fuzzy evidence against each layer's own statistics, so the merge is by what is
comparable first: a confident answer in any layer outranks every unconfident one. An entry two
layers hold under one key (a seed, an entry synced to the team's folder) is shown once, from the
layer that ranks it higher, and says which other layers hold that key and whether with the same
text (`also_in`): four fixes under one key must not look like one. A layer that cannot be reached
is reported, and the others answer.
"""

import contextlib
import functools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from kb.entry.visible import visible
from kb.errors import KbError, StoreBusy, StoreUnavailable, failure_text
from kb.layers.config import PERSONAL, PROJECT, Layer
from kb.paths import DatabaseLocation, resolve_location
from kb.records import Record
from kb.search.lookup import SearchOptions, SearchResponse, record_usage, search, where_to_look
from kb.search.ranking import Scored, one_of

#: A layer whose failure to answer took this long (a server's connect timeout, 5 s) is not asked
#: again by this process for RETRY_AFTER_S: a host that searches failure after failure in one
#: process (pytest --kb's lookup, kb run's, the TUI, kb mcp) waited it out for every one, and a
#: dozen failures outlasted pytest's wait for all the answers, the personal layer's too.
SLOW_FAILURE_S = 1.0
RETRY_AFTER_S = 60.0
T = TypeVar("T")

#: The layers that failed slowly, by database spec: (when, the error).
_FAILED_SLOWLY: dict[str, tuple[float, KbError]] = {}


def _answered_unless_it_failed_slowly(spec: str, ask: Callable[[], T]) -> T:
    """ASK()'s answer from the database SPEC, the personal one (KB_DB, --db): its error, when it
    took SLOW_FAILURE_S or more (a server that takes the connection and never answers), is raised
    again at once for RETRY_AFTER_S, as another layer's is said at once: pytest --kb waited the 5 s
    connect timeout out for every failure, and %load_ext kb froze the kernel as long for each."""
    failed = _FAILED_SLOWLY.get(spec)
    if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER_S:
        raise failed[1]
    started = time.monotonic()
    try:
        answer = ask()
    except KbError as exc:
        # a lock held too long is another writer's moment, not a server that does not answer
        if time.monotonic() - started >= SLOW_FAILURE_S and not isinstance(exc, StoreBusy):
            _FAILED_SLOWLY[spec] = (time.monotonic(), exc)
        raise
    _FAILED_SLOWLY.pop(spec, None)
    return answer


#: The doubt of an entry an untrusted folder holds: kb is not sure of a stranger's entry.
UNTRUSTED = "untrusted"


class Unreachable(Record):
    layer: str
    reason: str
    #: Whether a person trusted the layer's folder: an untrusted one's reason may quote its files'
    #: text (`unknown domain '…'`), which a face that hands text to an agent leaves out.
    trusted: bool = True

    def line(self) -> str:
        """What a person is told, while the other layers answer (the reason may quote a file's
        name, which a stranger chose)."""
        from kb.paths import without_passwords

        return f"kb: the {self.layer} layer did not answer: {visible(without_passwords(self.reason))}"


class Found(Record):
    response: SearchResponse
    unreachable: list[Unreachable]
    layered: bool  # more than one layer was asked: each result names its own
    #: The layers asked, when LAYERED: what each read (a project layer's folder) goes with what the
    #: search showed (kb.layers.shown).
    asked: tuple[Layer, ...] = ()


def search_layers(
    text: str,
    personal: str | None,
    options: SearchOptions,
    layers: bool = True,
    notice: Callable[[str], None] | None = None,
    only: Layer | None = None,
) -> Found:
    """Search TEXT in every layer (kb layers), or, with LAYERS False, in the PERSONAL database alone
    (--db, KB_DB or the default), or in the layer ONLY (`kb --layer NAME search`): read as every layer
    is, so that an untrusted folder's entry is no known fault there either. A database not yet set up
    is opened in full first, which creates and seeds it (NOTICE: as open_store's). `kb search`, `kb
    run` and the pytest plugin all ask this."""
    from kb.layers.config import reading_layers

    if only is not None:
        return search_everywhere(text, [only], options)
    read = reading_layers(personal) if layers else []
    if len(read) <= 1:
        answer = _answered_unless_it_failed_slowly(
            personal or "",
            lambda: search(
                text, resolve_location(personal), options, functools.partial(open_fully, personal, notice)
            ),
        )
        return Found(answer, [], False)
    return search_everywhere(text, read, options)


def open_fully(spec: str | None, notice: Callable[[str], None] | None = None) -> None:
    """Open the knowledge base at SPEC with the full store once: it creates, migrates, seeds and
    reindexes what a search found not ready."""
    from kb.store.seeding import open_knowledge_base

    open_knowledge_base(spec, notice=notice).close()


def layer_database(layer: Layer) -> str:
    """The database spec to read LAYER from: its own, or the index of its entry folder."""
    if layer.kind == "database":
        return layer.spec
    import os

    from kb.layers.folder_index import folder_index

    if not os.path.isdir(layer.spec):
        raise StoreUnavailable(f"the folder {layer.spec} does not exist")
    refuse_a_strangers_project(layer, "reading")
    return folder_index(layer.spec)


def refuse_a_strangers_project(layer: Layer, doing: str) -> None:
    """Refuse the project folder LAYER when it is not the user's own: found by walking up, not
    chosen, it is read (and written) only if no one else owns or may write it."""
    if layer.name != PROJECT:
        return
    from kb.layers.trust import folder_problem

    problem = folder_problem(layer.spec)
    if problem is not None:
        raise StoreUnavailable(f"not {doing} {layer.spec}: {problem}")


def search_everywhere(text: str, layers: Sequence[Layer], options: SearchOptions) -> Found:
    """Search TEXT in every layer; a database layer whose index is not ready is opened fully first."""
    answers: list[tuple[Layer, SearchResponse]] = []
    unreachable: list[Unreachable] = []
    locations: dict[str, DatabaseLocation] = {}
    quiet = options._replace(record_usage=False, limit=max(options.limit, 5))
    for layer in layers:

        def asked(layer: Layer = layer) -> tuple[DatabaseLocation, SearchResponse]:
            location = resolve_location(layer_database(layer))
            return location, search(text, location, quiet, functools.partial(open_fully, layer.spec))

        if layer.name == PERSONAL:  # its error is the command's
            location, answer = _answered_unless_it_failed_slowly(layer.spec, asked)
        else:
            try:
                location, answer = _answered_unless_it_failed_slowly(layer.spec, asked)
            except KbError as exc:
                unreachable.append(Unreachable(layer.name, str(exc), layer.trusted))
                continue
        answers.append((layer, answer))
        locations[layer.name] = location
    merged = merge_answers(answers, options.limit)
    if merged.results:
        _look_up_the_top_key_everywhere(merged.results[0].candidate.record, locations)
    if options.record_usage and not options.regex:  # a pattern is no symptom for --from-last
        _record(text, merged, {layer.name: layer for layer, _ in answers})
    return Found(merged, unreachable, True, tuple(layers))


def merge_answers(answers: Sequence[tuple[Layer, SearchResponse]], limit: int) -> SearchResponse:
    """The answers of several layers as one, best first, each result's record naming its layer."""
    pooled: list[tuple[bool, float, int, Scored]] = []
    holding: dict[str, dict[str, dict[str, Any]]] = {}  # key → layer → its record
    for order, (layer, answer) in enumerate(answers):
        for scored in answer.results:
            record = {**scored.candidate.record, "layer": layer.name}
            tagged = scored
            if not layer.trusted:
                # Shown and marked, its check never offered, and never a known fault until `kb trust`:
                # a cloned repository's file could make any everyday error (`KeyError: 'lr'`) "known".
                record["untrusted"] = layer.spec
                if scored.confident:
                    tagged = scored._replace(confident=False, doubt=UNTRUSTED)
            holding.setdefault(str(record["key"]), {})[layer.name] = record
            tagged = tagged._replace(candidate=scored.candidate._replace(record=record))
            pooled.append((tagged.confident, tagged.score, -order, tagged))
    pooled.sort(key=lambda item: (item[0], item[1], item[2]), reverse=True)
    seen: set[str] = set()
    results: list[Scored] = []
    for *_, scored in pooled:
        key = str(scored.candidate.record["key"])
        if key not in seen:
            seen.add(key)
            record = scored.candidate.record
            record["also_in"] = [
                {"layer": name, "same": same_text(record, other)}
                for name, other in holding[key].items()
                if name != record["layer"]
            ]
            results.append(scored)
    results = _settled_across_layers(results)
    # A stranger's entry neither joins nor blocks "one of these known faults": it is no known fault.
    # The group is the ranking's, formed before the results are cut to the limit (`-n 1` keeps it).
    shared = tuple(one_of([r for r in results if "untrusted" not in r.candidate.record]))
    results = results[:limit]
    base = answers[0][1]  # the personal layer's: the query as read, and the handbook's guess
    if results and results[0].confident:
        winner = next(a for layer, a in answers if layer.name == results[0].candidate.record["layer"])
        return SearchResponse(base.query, results, winner.domain_guess, None, shared)
    if base.confident:  # sure of a stranger's entry alone (kb --layer project search): not sure here
        return SearchResponse(base.query, results, *where_to_look(base.query), shared)
    return SearchResponse(base.query, results, base.domain_guess, base.golden_checks, shared)


def _settled_across_layers(results: list[Scored]) -> list[Scored]:
    """RESULTS (best first, each layer's confidence its own) with one confident answer at most: the
    first, and only by its lead over the best entry of any other trusted layer, as within one layer
    (kb.search.ranking). A team's entry 6 points behind a seed's on the same message made both
    layers' answers "known fault", and kb run printed the seed's."""
    if not results or not results[0].confident:
        return results
    first, rest = results[0], results[1:]
    rivals = [r.score for r in rest if "untrusted" not in r.candidate.record]
    needed = first.lead_needed
    if needed is None or not rivals or first.score - rivals[0] >= needed:
        return [first, *(r._replace(confident=False) if r.confident else r for r in rest)]
    settled = [first._replace(confident=False, doubt="rival")]
    settled += [r._replace(confident=False, doubt="rival") if r.confident else r for r in rest]
    return sorted(settled, key=lambda r: -r.score)


#: What makes two layers' entries under one key say different things.
COMPARED_FIELDS = ("symptom", "validation", "fix", "root_cause", "cause_path")


def same_text(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether two layers' records of one key say the same (usage and bookkeeping aside)."""
    return all((one.get(name) or "") == (other.get(name) or "") for name in COMPARED_FIELDS)


def _look_up_the_top_key_everywhere(
    record: dict[str, Any], locations: Mapping[str, DatabaseLocation]
) -> None:
    """Complete RECORD's also_in with the layers that hold its key but did not rank it: the answer a
    person acts on must say when another layer says otherwise. A layer that cannot tell is skipped."""
    from kb.store.index_reader import IndexNotReady, IndexReader

    known = {record["layer"], *(item["layer"] for item in record.get("also_in", ()))}
    for name, location in locations.items():
        if name in known:
            continue
        try:
            with IndexReader(location) as reader:
                other = reader.entry(str(record["key"]))
        except (IndexNotReady, KbError, OSError):
            continue
        if other is not None and other.status == "active":
            record.setdefault("also_in", []).append({"layer": name, "same": same_text(record, other.row())})


def layers_holding(key: str, personal: str | None) -> tuple[list[str], list[Unreachable]]:
    """The layers besides the personal knowledge base (--db PERSONAL) that hold an entry KEY, and
    those that could not be asked, for the error that the personal one holds none: `kb check KEY`
    of a project's entry said only "no entry", with no search before it to follow, and so it did
    of a team's entry while the team's server was down."""
    from kb.layers.config import reading_layers
    from kb.store.index_reader import IndexNotReady, IndexReader

    held, unreachable = [], []
    for layer in reading_layers(personal):
        if layer.name == PERSONAL:
            continue
        try:
            with IndexReader(resolve_location(layer_database(layer))) as reader:
                found = reader.entry(key) is not None
        except IndexNotReady:
            continue
        except (KbError, OSError) as exc:
            unreachable.append(Unreachable(layer.name, failure_text(exc), layer.trusted))
            continue
        if found:
            held.append(layer.name)
    return held, unreachable


def _record(text: str, response: SearchResponse, layers: dict[str, Layer]) -> None:
    """A hit goes to the database layer whose entry answered, a miss to the personal knowledge base
    (or, for `kb --layer NAME search`, to that layer's database); nothing is recorded in an entry
    folder (it keeps no usage, and its index is rebuilt from its files)."""
    winner = layers.get(PERSONAL) or next(iter(layers.values()))
    if response.confident:
        winner = layers[str(response.results[0].candidate.record["layer"])]
    if winner.kind != "database":
        return
    with contextlib.suppress(KbError):  # a usage record is not worth failing a search that answered
        record_usage(resolve_location(winner.spec), text, response)
