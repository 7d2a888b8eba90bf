"""`kb search`: paste any error, get the entry that fixes it.

The flow: understand the paste (kb.text.paste), fetch the entries that share its informative words
from the write-time index (kb.store.index_reader), rank them (kb.search.ranking), and leave a usage
record: a hit on a confident answer, or a miss that `kb add --from-last` can offer later.
"""

import contextlib
import heapq
import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

import kb.clock
from kb.domains import resolve_domain
from kb.errors import StoreUnavailable, UsageError
from kb.handbook import DomainGuess, GoldenCheck, load_shared_messages, load_triage
from kb.paths import DatabaseLocation
from kb.records import Record
from kb.search.background import load_background, load_library_messages
from kb.search.ranking import (
    Candidate,
    LexicalScore,
    Scored,
    idf,
    lexical_scores,
    one_of,
    rank,
    term_coefficient,
)
from kb.search.reading import Query, analyze
from kb.search.specificity import symptom_forms
from kb.search.top_k import TermPlan, top_entries
from kb.store.index_reader import IndexNotReady, IndexReader, Postings

#: How many candidates, by lexical score, go on to the fuzzy rerank.
CANDIDATES = 60
#: Words found in more than this share of the entries say little about which one a paste is about;
#: they are not looked up, in a knowledge base of COMMON_TERMS_FROM entries or more. In a folder of
#: three, a word two of them hold is no common word: a description naming it found nothing.
COMMON_TERM_SHARE = 0.35
COMMON_TERMS_FROM = 20
#: At most this many query terms are looked up, the most informative first.
MAX_QUERY_TERMS = 64
#: Choosing the candidates stops at the first of: the top CANDIDATES by BM25 proven; the top
#: SHOWN_AND_NEXT proven (the other candidates then the best of the entries read); this many
#: postings read in order, about 30 ms on a 2-core box (all of them the best of the entries read).
#: Every candidate's score is exact. Only tens of thousands of entries reach the budget: there, a
#: long paste of common words would otherwise read nearly every list to its end (0.4 s for a
#: 19-line traceback at 100,000 entries).
#: On 400 real pastes against 100,000 entries, every confidence and every right answer was the
#: same as with the exact top 60; the first result differed for 8 pastes that no entry there owns
#: (the README's "How search cost grows").
READ_BUDGET = 16_384
#: A search shows five results and needs the next one's score to know whether the first is sure.
SHOWN_AND_NEXT = 6

MAX_QUERY_CHARS = 20_000_000


class SearchOptions(Record):
    limit: int = 5
    domain: str | None = None
    include_archived: bool = False
    exact: bool = False
    regex: bool = False
    record_usage: bool = True
    #: Judge entries' applies_to against the environment that failed (kb.machine): those it
    #: does not meet are marked, never confident, and ranked below the rest. The environment is
    #: recorded in the knowledge base, for `kb review` to tell which constraints no one meets any more.
    environment: bool = False
    #: The Python whose environment is judged: None for kb's own.
    interpreter: str | None = None
    #: Keep the database open for the next search of this process (a host that looks up failure
    #: after failure: pytest --kb), rather than connect again for each.
    keep_open: bool = False


def entries_naming_it(shown: int, limit: int | None = None, named: bool = True) -> str:
    """How many entries name a subject (`kb search cuda`), when SHOWN of them came back for a search
    of LIMIT results: all there are when fewer than LIMIT came back ("37 entries name it"); when
    LIMIT came back there may be more, so no count is claimed ("the 5 entries that name it most").
    When some of them hold only some of its words (NAMED false: `nccl timeout`), they match it."""
    verb = ("names", "name") if named else ("matches", "match")
    if limit is not None and shown >= limit:
        return (
            f"the entry that {verb[0]} it most"
            if shown == 1
            else f"the {shown} entries that {verb[1]} it most"
        )
    return f"1 entry {verb[0]} it" if shown == 1 else f"{shown} entries {verb[1]} it"


class SearchResponse(Record):
    query: Query
    results: list[Scored]
    domain_guess: DomainGuess | None
    golden_checks: GoldenCheck | None
    #: one_of() of the ranked entries before they were cut to the results' limit (`-n 1` keeps one).
    shared: tuple[Scored, ...] = ()

    @property
    def confident(self) -> bool:
        return bool(self.results) and self.results[0].confident

    @property
    def named_whole(self) -> bool:
        """Whether every result holds every word of the query: a subject (`nccl timeout`) is named
        by an entry that has both words, not by one that has `timeout` alone."""
        from kb.text.tokens import tokenize

        words = set(tokenize(self.query.text, phrases=False))
        return all(words <= scored.candidate.lexical.matched.keys() for scored in self.results)

    @property
    def settler(self) -> Scored | None:
        """The result whose check would settle a search kb is not sure of: the first, unless all it
        shares with the paste is a word or two ("weak"), when its check would test a cause nothing
        points at (`KeyError: 'x'` and the CSV encoding entry share only `keyerror`)."""
        if self.confident or not self.results or self.results[0].doubt in ("weak", "short", "foreign"):
            return None
        return self.results[0]

    @property
    def one_of(self) -> list[Scored]:
        """The known faults that each raise the paste's message, when nothing decides between them."""
        return [] if self.confident else list(self.shared)

    def one_of_apart(self) -> str:
        """How far the checks of the one_of() faults give a verdict: a probe's check prints what to
        read and an entry without a rule gives none. Even when each gives one, it is a verdict on its
        own cause, not a choice among them: the generic device-side assert's check confirms for the
        label error and the embedding error alike, so kb never says the checks tell them apart."""
        group = self.one_of
        judging = sum(_check_gives_verdict(s.candidate.record) for s in group)
        if judging == len(group):
            return "each of their checks gives a verdict on its own cause"
        if judging == 0:
            return "none of their checks gives a verdict alone: read what each prints"
        others = len(group) - judging
        giving = "the checks of {} give a verdict" if judging > 1 else "the check of {} gives a verdict"
        reading = "the other {} print what to read" if others > 1 else "the other one prints what to read"
        return f"{giving.format(judging)}, {reading.format(others)}"

    def paste_values(self) -> dict[str, str]:
        """The values the paste names for checks' inputs (kb.text.paste.paste_values)."""
        from kb.text.paste import paste_values

        return paste_values(self.query.text, self.query.decisive)

    def check_of(self, record: Mapping[str, Any], values: Mapping[str, str]) -> tuple[str, dict[str, str]]:
        """RECORD's check as it will run for this paste (kb.entry.check_rule.offered), and the
        values it takes from the paste."""
        from kb.entry.check_rule import offered

        return offered(str(record.get("validation") or ""), record.get("check_rule") or {}, values)

    @staticmethod
    def guesses_of(record: Mapping[str, Any], taken: Mapping[str, str]) -> str:
        """What of RECORD's check, run with TAKEN from the paste (check_of()), is the entry's default
        rather than the paste's (`port 8000 is the entry's default, …`), or ""."""
        from kb.entry.check_rule import defaults_note, defaults_standing

        return defaults_note(
            defaults_standing(str(record.get("validation") or ""), record.get("check_rule") or {}, taken)
        )

    def as_json(self, explain: bool = False) -> dict[str, Any]:
        results = []
        values = self.paste_values()
        for scored in self.results:
            record = scored.candidate.record
            item = {
                name: record.get(name)
                for name in ("key", "symptom", "validation", "fix", "root_cause", "domain", "cause_path")
            }
            if record.get("untrusted"):  # a stranger's command is not handed out, in any form
                item["validation"] = None
            elif record.get("validation"):
                item["check"], item["check_values"] = self.check_of(record, values)
            item.update(score=scored.score, confident=scored.confident)
            item["doubt"] = None if scored.confident else scored.doubt  # why not sure (Scored.doubt)
            if record.get("unmet"):
                item["unmet"] = record["unmet"]
            if record.get("status") == "archived":  # `kb search --all`: known, and put away
                item["status"] = "archived"
            if "layer" in record:  # a search across layers (kb.layers.everywhere) names each result's
                item["layer"] = record["layer"]  # layer, and the others that hold its key
                item["also_in"] = record.get("also_in", [])
                item["trusted"] = not record.get("untrusted")  # kb trust FOLDER offers its check
            if explain:
                item["why"] = scored.why
                item["decided_by"] = scored.decided_by or self.query.decisive.line
            results.append(item)
        # As the text gives them: filled with the values the paste names (`from prep import model`,
        # not `from {module} import model`), the command a script can run as it is: the settler is
        # the first result, whose check is filled above.
        settle = results[0].get("check") if self.settler is not None and results else None
        shared = []
        for s in self.one_of:
            record, offered = s.candidate.record, not s.candidate.record.get("untrusted")
            shared.append(
                {
                    "key": record.get("key"),
                    "validation": record.get("validation") if offered else None,
                    "check": self.check_of(record, values)[0]
                    if offered and record.get("validation")
                    else None,
                    "gives_verdict": _check_gives_verdict(record),
                }
            )
        return {
            "query": self.query.text[:2000],
            "decisive": self.query.decisive.line,
            "signature": self.query.signature,
            "domain_guess": self.domain_guess.domain if self.domain_guess else None,
            "results": results,
            "settle_with": settle or None,
            "one_of": shared,
        }


def _check_gives_verdict(record: Mapping[str, Any]) -> bool:
    """Whether RECORD's check is offered here and can confirm or rule out its cause: it has one, its
    folder is trusted, and its rule gives a verdict (a probe's and an undeclared rule's do not)."""
    from kb.entry.check_rule import VERDICT_RULES

    rule = record.get("check_rule") or {}
    return (
        bool(record.get("validation"))
        and not record.get("untrusted")
        and rule.get("confirms") in VERDICT_RULES
    )


#: How much of its score an entry whose applies_to fails here keeps, for ordering: it goes below
#: every entry that holds and scores at least this share of its own.
NOT_HERE_SHARE = 0.5


def judged_here(ranked: list[Scored], seen: Mapping[str, str]) -> list[Scored]:
    """RANKED with each entry's applies_to judged in the environment SEEN (kb.machine): an entry
    whose constraints it is known not to meet gets record["unmet"], is never confident, and ranks as
    if it scored NOT_HERE_SHARE of its score (its score itself is kept)."""
    from kb.entry.constraints import names, unmet
    from kb.machine import facts_in

    wanted: set[str] = set()
    for scored in ranked:
        wanted |= names(scored.candidate.record.get("applies_to") or ())
    if not wanted:
        return ranked
    facts = facts_in(seen, wanted)
    judged: list[tuple[float, int, Scored]] = []
    for order, scored in enumerate(ranked):
        missed = unmet(scored.candidate.record.get("applies_to") or (), facts)
        if missed:
            record = {**scored.candidate.record, "unmet": missed}
            caveat = f"does not apply here: {', '.join(missed)}"
            candidate = scored.candidate._replace(record=record)
            scored = scored._replace(candidate=candidate, confident=False, caveat=caveat)
        weight = scored.score * (NOT_HERE_SHARE if missed else 1.0)
        judged.append((-weight, order, scored))
    return [scored for *_, scored in sorted(judged, key=lambda item: (item[0], item[1]))]


def record_usage(
    location: DatabaseLocation,
    text: str,
    response: SearchResponse,
    clock: Callable[[], datetime] | None = None,
) -> None:
    """Leave the usage record of RESPONSE in the knowledge base at LOCATION, as search() does for its
    own: a hit on the confident answer, or a miss to offer to `kb add --from-last`."""
    with IndexReader(location) as reader:
        _leave_usage(reader, text, response, clock or kb.clock.utc_now)


def _leave_usage(
    reader: IndexReader, text: str, response: SearchResponse, clock: Callable[[], datetime]
) -> None:
    """A hit on the confident answer, or a miss that `kb add --from-last` can offer later. A message
    that several known faults raise is neither: kb knows it, but not yet which of them it was."""
    if response.confident:
        reader.record_hit(response.results[0].candidate.entry_id, clock())
    elif not response.one_of:
        reader.record_miss(text, response.query.decisive.line, clock())


#: The databases kept open for the next search (SearchOptions.keep_open), by URL.
_KEPT_OPEN: dict[str, IndexReader] = {}

#: The environments this process recorded already, by database.
_ENVIRONMENTS_RECORDED: set[tuple[str, tuple[tuple[str, str], ...]]] = set()


def search(
    text: str,
    location: DatabaseLocation,
    options: SearchOptions | None = None,
    prepare: Callable[[], None] | None = None,
    clock: Callable[[], datetime] | None = None,
) -> SearchResponse:
    """Search the knowledge base at LOCATION for TEXT.

    PREPARE is called once when the index is not ready (a new database, an older schema, another
    normalizer version); it should open the full store, which creates, migrates and reindexes.
    """
    options = options or SearchOptions()
    clock = clock or kb.clock.utc_now
    text = text.replace("\x00", " ")[-MAX_QUERY_CHARS:]
    if not text.strip():
        raise UsageError(
            "the query is empty: paste an error, pipe a log into `kb search -`, or describe the fault"
        )
    domain = resolve_domain(options.domain) if options.domain is not None else None  # "" names none
    pattern = _compile(text, options)
    query = analyze(text)
    reader = _reader(location, options, prepare)
    try:
        with contextlib.nullcontext(reader) if options.keep_open else reader:
            candidates, term_idf, unheard = _candidates(reader, query, options, pattern)
            # judged_here() may move a result down, and one not scored up: then every candidate is scored
            judged = options.environment and any(c.record.get("applies_to") for c in candidates)
            needed = None if judged else options.limit + 1  # the next one's score: is the first sure?
            shared_messages, background = load_shared_messages(), load_background()
            ranked = rank(
                query,
                candidates,
                term_idf,
                shared_messages,
                domain,
                background,
                needed,
                unheard,
                load_library_messages,
            )
            if options.environment:
                ranked = _judged_on_this_machine(ranked, reader, location, options, clock)
            response = _response(query, ranked, options.limit)
            if options.record_usage and not options.regex:  # a pattern is no symptom for --from-last
                _leave_usage(reader, text, response, clock)
    except IndexNotReady as exc:  # a table gone after the reader opened: damaged, or changed by hand
        raise StoreUnavailable(
            f"cannot search {location.display()}: {exc} (a damaged database, or one changed by another tool)"
        ) from None
    return response


def _reader(
    location: DatabaseLocation, options: SearchOptions, prepare: Callable[[], None] | None
) -> IndexReader:
    """The index of LOCATION, open and current: the one this process kept open (KEEP_OPEN), or a new
    one, after PREPARE made the database searchable when it was not."""
    reader = _KEPT_OPEN.get(location.url) if options.keep_open else None
    if reader is None:
        try:
            reader = IndexReader(location).open()
        except IndexNotReady:
            if prepare is None:
                raise
            prepare()
            try:
                reader = IndexReader(location).open()
            except IndexNotReady as exc:  # `sqlite:///:memory:`: each connection sees a new database
                raise StoreUnavailable(f"{location.display()} cannot be searched: {exc}") from None
        if options.keep_open:
            reader.keep_reads()
            _KEPT_OPEN[location.url] = reader
    reader.refresh()
    return reader


def _judged_on_this_machine(
    ranked: list[Scored],
    reader: IndexReader,
    location: DatabaseLocation,
    options: SearchOptions,
    clock: Callable[[], datetime],
) -> list[Scored]:
    """RANKED with the entries whose applies_to this machine meets first (`--env`); the machine's
    environment is recorded once per process and database."""
    from kb.machine import environment

    seen = environment(options.interpreter)
    if seen is None:
        return ranked
    recorded = (location.url, tuple(sorted(seen.items())))
    if recorded not in _ENVIRONMENTS_RECORDED:  # once per process: a pytest run with 200
        _ENVIRONMENTS_RECORDED.add(recorded)  # failures wrote it 200 times
        reader.record_environment(seen, clock())
    return judged_here(ranked, seen)


def _response(query: Query, ranked: list[Scored], limit: int) -> SearchResponse:
    """The answer: the first LIMIT of RANKED, the faults that share the paste's message, and where to
    look next (the confident match's domain, or the handbook's guess and its golden checks)."""
    results, shared = ranked[:limit], tuple(one_of(ranked))
    if results and results[0].confident:
        top = results[0].candidate.record
        return SearchResponse(
            query, results, DomainGuess(top["domain"], ("(the confident match)",)), None, shared
        )
    return SearchResponse(query, results, *where_to_look(query), shared)


def where_to_look(query: Query) -> tuple[DomainGuess | None, GoldenCheck | None]:
    """For a paste nothing is sure of: the domain its words place (the handbook's keyword map) and
    that domain's golden first checks. Only such a search pays for reading the handbook."""
    triage = load_triage()
    guess = triage.guess_domain(" ".join((query.decisive.line, *query.decisive.context)))
    return guess, triage.golden.get(guess.domain) if guess else None


def _compile(text: str, options: SearchOptions) -> re.Pattern[str] | None:
    if options.exact and options.regex:
        raise UsageError("--exact and --regex cannot be used together")
    if options.regex:
        try:
            return re.compile(text.strip(), re.IGNORECASE)
        except re.error as exc:
            raise UsageError(f"--regex: {exc}") from exc
    if options.exact:
        return re.compile(re.escape(" ".join(text.split())), re.IGNORECASE)
    return None


class QueryTerms(Record):
    """The query's words as the index sees them: what BM25 scores an entry with."""

    df: dict[str, int]
    term_idf: dict[str, float]
    coefficients: dict[str, float]  # the informative terms looked up, most informative first
    postings: Postings


def query_terms(
    reader: IndexReader, query: Query, statuses: tuple[str, ...], regex: bool = False
) -> QueryTerms | None:
    """QUERY's terms against the index at READER, with the postings of entries of STATUSES; None when
    the index holds no entries."""
    n_docs, average_length = reader.corpus()
    if n_docs == 0:
        return None
    weights = {} if regex else dict(query.term_weights)
    df = reader.document_frequencies(list(weights))
    term_idf = {t: idf(df.get(t, 0), n_docs) for t in weights}
    common = COMMON_TERM_SHARE * n_docs if n_docs >= COMMON_TERMS_FROM else n_docs
    informative = [t for t in weights if t in df and df[t] <= max(1, common)]
    if query.short and not informative:  # `kb search cuda`: a subject, so list what it names
        informative = [t for t in weights if t in df]
    informative.sort(key=lambda t: -weights[t] * term_idf[t])
    coefficients = {t: term_coefficient(weights[t], term_idf[t]) for t in informative[:MAX_QUERY_TERMS]}
    return QueryTerms(df, term_idf, coefficients, reader.postings(statuses, average_length))


def top_by_bm25(terms: QueryTerms) -> tuple[list[int], dict[int, LexicalScore]]:
    """The CANDIDATES entries BM25 scores highest for TERMS, best first, and their scores: where the
    rerank starts (bench/pg_search_bench.py times this against PostgreSQL's own text search)."""
    plans = [TermPlan(t, c, terms.df[t]) for t, c in terms.coefficients.items()]
    postings = sum(plan.postings for plan in plans)
    ids = terms.postings.summed(terms.coefficients, postings, CANDIDATES)
    if ids is None:
        ids = list(top_entries(plans, CANDIDATES, terms.postings, budget=READ_BUDGET, proven=SHOWN_AND_NEXT))
    lexical = lexical_scores(
        terms.postings.of_entries(ids, list(terms.coefficients)), terms.coefficients, terms.term_idf
    )
    chosen = heapq.nlargest(CANDIDATES, lexical, key=lambda i: (lexical[i].bm25, -i))
    return chosen, {entry: lexical[entry] for entry in chosen}


def _candidates(
    reader: IndexReader, query: Query, options: SearchOptions, pattern: re.Pattern[str] | None
) -> tuple[list[Candidate], dict[str, float], frozenset[str]]:
    """The entries worth ranking for QUERY, the IDF of its words, and those of its words that no entry
    holds."""
    statuses = ("active", "archived") if options.include_archived else ("active",)
    terms = query_terms(reader, query, statuses, options.regex)
    if terms is None:
        return [], {}, frozenset()
    df, term_idf, coefficients, postings = terms
    if pattern is None:  # the same informative terms score the same entries (a parametrized test's failures)
        key = ("top_by_bm25", statuses, tuple(coefficients.items()))
        ids, lexical = reader.kept(key, lambda: top_by_bm25(terms))
    else:
        if options.regex:
            ids = reader.all_ids(statuses)
        else:  # an exact phrase holds every one of its words, so the rarest word's entries are all there is
            rarest = min(coefficients, key=lambda t: df[t], default=None)
            ids = [entry for _, entry, _ in postings.whole([rarest])] if rarest else reader.all_ids(statuses)
        lexical = lexical_scores(postings.of_entries(ids, list(coefficients)), coefficients, term_idf)
    extra = reader.entries_with_matchers(statuses)
    docs = reader.documents(list(dict.fromkeys([*ids, *extra])))
    candidates = []
    for entry_id, doc in docs.items():
        if pattern is not None and not any(pattern.search(form) for form in symptom_forms(doc)):
            continue
        candidates.append(
            Candidate(
                entry_id=entry_id,
                key=doc["key"],
                hits=int(doc["hits"] or 0),
                signatures=tuple(doc["signatures"]),
                exception_types=tuple(doc["exception_types"]),
                matchers=tuple(doc["matchers"] or ()),
                lexical=lexical.get(entry_id) or LexicalScore(),
                record=doc,
            )
        )
    return candidates, term_idf, frozenset(term for term in term_idf if not df.get(term))
