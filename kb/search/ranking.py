"""Ranking: pure functions from an analysed query and candidate entries to scored, explained results.

A prototype measured on real pastes found that no single signal is enough: character-level fuzzy
ratios plateau and score unrelated errors high, while IDF-weighted word overlap is strongest for
descriptions and logs, and fuzzy matching is strongest on literal error lines. So the score fuses:

- lexical: BM25 over the entry's fields (weights in kb.text.entry_terms), relative to the best candidate;
- coverage: how much of the decisive line's information (IDF mass) the entry contains;
- fuzzy: 0.5·token_set_ratio + 0.5·token_sort_ratio of the masked decisive line against each masked
  symptom form (token_set alone scores any subset 100; the blend breaks such ties);
- exception type: an exact match of the exception class, worth less for a common class and nothing
  for an AssertionError, which `assert` raises whatever failed (kb.search.reading.AUTHORED_CHECKS);
- precise matchers on an entry (`contains` / `regex`), which override everything;
- hits, only to break ties.

The paste is read by kb.search.reading; whether a line is evidence of an entry's fault, beyond the
everyday errors and library messages that explain it, is kb.search.specificity's question.
"""

import functools
import heapq
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from kb.patterns import LazyPattern
from kb.records import Record
from kb.search.background import Background
from kb.search.reading import CONTEXT_WEIGHT, Query, Reading, quoted_names
from kb.search.specificity import (
    MIN_SHARED_TERMS,
    another_librarys_message,
    another_message_of_its_class,
    another_own_class,
    bare_class_words,
    beyond_everyday,
    form_words,
    only_a_librarys_line,
    only_its_type,
    raised_by_a_library,
    symptom_forms,
)
from kb.text.bm25 import BM25_K1
from kb.text.frames import user_functions

WEIGHTS = {"lexical": 0.30, "coverage": 0.25, "fuzzy": 0.35, "type": 0.10}

#: A result is confident only with this much evidence (calibrated on real pastes and negatives;
#: see bench/ and the README's design notes).
CONFIDENT_SCORE = 55.0
CONFIDENT_EVIDENCE = 0.3

#: ... and only when it leads the next entry by this many points: a paste that two entries explain
#: about equally well is not settled, however well each explains it.
CONFIDENT_MARGIN = 15.0

#: A description has no error line to compare literally; it is settled when one entry explains its
#: words far better than any other: a fused score this high and a lead this large.
DESCRIPTION_SCORE = 45.0
DESCRIPTION_MARGIN = 20.0

#: An exception class this rare (by IDF: about one entry in twenty of a few hundred) counts fully when
#: paste and entry share it; a commoner one (RuntimeError, ValueError) counts in proportion.
TYPE_FULL_IDF = 3.0

VARIANT_FACTOR = 0.95

#: Same message shape, different quoted names (`'NoneType' object has no attribute 'group'` against
#: `'DataParallel' object has no attribute 'fc'`): a different fault wearing the same words.
QUOTE_MISMATCH_FACTOR = 0.7

#: A line other than the decisive one must beat it by evidence, not tie it: its score is discounted.
ALTERNATIVE_FACTOR = 0.97


def idf(df: int, n_docs: int) -> float:
    return math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))


class LexicalScore(Record):
    bm25: float = 0.0
    matched: Mapping[str, float] = MappingProxyType({})  # term → its IDF


def lexical_scores(
    postings: Iterable[tuple[str, int, float]], coefficients: dict[str, float], term_idf: dict[str, float]
) -> dict[int, LexicalScore]:
    """BM25 of each entry in POSTINGS (term, entry id, impact): the sum over its terms of the term's
    coefficient (query weight * IDF * (k1 + 1)) times its impact, added in COEFFICIENTS' order so
    that neither the score nor the order of its matched terms depends on the order the postings came in."""
    found: dict[int, dict[str, float]] = {}
    for term, entry_id, impact in postings:
        if term in coefficients:
            found.setdefault(entry_id, {})[term] = impact
    scores = {}
    for entry_id, impacts in found.items():
        total = 0.0
        matched = {}
        for term, coefficient in coefficients.items():
            if term in impacts:
                total += coefficient * impacts[term]
                matched[term] = term_idf.get(term, 0.0)
        scores[entry_id] = LexicalScore(total, matched)
    return scores


def term_coefficient(query_weight: float, term_idf: float) -> float:
    """What an entry gains from a query term per unit of impact: query weight * IDF * (k1 + 1)."""
    return query_weight * term_idf * (BM25_K1 + 1)


class Candidate(Record):
    """An entry that shares words with the query, with what ranking needs to know about it."""

    entry_id: int
    key: str
    hits: int
    signatures: tuple[str, ...]
    exception_types: tuple[str, ...]
    matchers: tuple[dict[str, Any], ...]
    lexical: LexicalScore
    record: dict[str, Any]


class Scored(Record):
    candidate: Candidate
    score: float
    confident: bool
    parts: dict[str, float]
    #: The line of the paste that decided this score, when it was not the decisive line.
    decided_by: str | None
    #: How far a sure result must lead the next entry; None for a precise
    #: matcher, which is sure wherever it ranks.
    lead_needed: float | None
    #: Why a result is not sure, when it is not: "weak" evidence, a "short" query, a "brief"
    #: description, a "foreign" runtime, only a "shared" message, an error line "unlike" every
    #: symptom form of the entry (UNLIKE_FUZZY), an "everyday" error, only the exception's "type"
    #: in common (only_its_type()), another exception "class" of the team's own than its entry's
    #: (another_own_class()), another "message" of the entry's own class (another_message_of_its_
    #: class()), a message a "library" raises for any caller (for a team's own entry:
    #: beyond_everyday()), or a "rival" too close behind.
    doubt: str | None = None
    #: The precise matcher that decided, described.
    hit: str | None = None
    #: The non-ML runtime the paste comes from (Query.foreign_runtime).
    foreign: str | None = None
    #: What `why` adds at its end (`does not apply here: torch<2`).
    caveat: str | None = None
    #: The entry's own symptom forms hold the shared message the deciding line holds: it is one of
    #: the faults that raise it, however differently its example is worded.
    raises_shared: bool = False

    @property
    def why(self) -> str:
        """The score's parts and the words it rests on, for --explain and --json: composed when
        asked, since only the results shown are asked."""
        if self.hit:
            why = f"precise matcher {self.hit}"
        else:
            matched = self.candidate.lexical.matched
            words = sorted(matched, key=lambda t: -matched[t])[:6]
            pieces = [f"{name} {value:.2f}" for name, value in self.parts.items()]
            if self.foreign:
                pieces.append(f"not ML: looks like {self.foreign}")
            why = ", ".join(pieces) + (f"; words: {', '.join(words)}" if words else "")
        return f"{why}; {self.caveat}" if self.caveat else why


def fuzzy_similarity(query_signature: str, signatures: Sequence[str]) -> float:
    """Best 0.5·token_set_ratio + 0.5·token_sort_ratio over an entry's symptom forms, in 0..1.

    Quoted names must agree when both sides have some. Variants count a little less than the
    symptom: a variant is often the generic face of a specific fault (`device-side assert triggered`
    behind a label error), and when only that face matches, the entry about the generic fault wins.
    """
    if not query_signature or not signatures:
        return 0.0
    return _fuzzy_similarity(query_signature, tuple(signatures))


@functools.lru_cache(maxsize=50_000)
def _fuzzy_similarity(query_signature: str, signatures: tuple[str, ...]) -> float:
    """fuzzy_similarity(), kept for the next search of this process: a pure function of two
    signatures, and a failing suite meets the same signature (numbers masked) again and again."""
    from rapidfuzz import fuzz  # deferred: only ranking needs it, and only once per search

    query, query_quoted = _form_parts(query_signature)
    best = 0.0
    for position, form in enumerate(signatures):
        processed, form_quoted = _form_parts(form)
        value = 0.5 * fuzz.token_set_ratio(query, processed) + 0.5 * fuzz.token_sort_ratio(query, processed)
        if query_quoted and form_quoted and not query_quoted & form_quoted:
            value *= QUOTE_MISMATCH_FACTOR
        best = max(best, value if position == 0 else VARIANT_FACTOR * value)
    return best / 100.0


@functools.lru_cache(maxsize=50_000)
def _form_parts(form: str) -> tuple[str, frozenset[str]]:
    """A symptom form (or a query's signature) as fuzzy matching reads it, kept for the next search
    of this process (the TUI, pytest --kb, a notebook search many times)."""
    from rapidfuzz import utils

    return utils.default_process(form), _lowered(quoted_names(form))


def _names_disagree(line: str, signatures: Sequence[str]) -> bool:
    """Whether LINE and every symptom form quote names, and no form shares one with LINE."""
    wanted = _form_parts(line)[1]
    if not wanted:
        return False
    forms = [_form_parts(form)[1] for form in signatures]
    return all(form and not form & wanted for form in forms)


def _lowered(names: frozenset[str]) -> frozenset[str]:
    return frozenset(name.lower() for name in names)


#: A finding of an exported kb guard, as kb.guards.checker.Finding.render() writes it: the entry it
#: came from stands in brackets after the place in the code (`train.py:2:5: [torch-load-map-location]`).
_GUARD_FINDING = LazyPattern(r":\d+:\d+: \[([a-z0-9]+(?:-[a-z0-9]+)*)\] ")


def guard_findings(text: str) -> frozenset[str]:
    """The keys of the entries whose kb guard reported a finding in TEXT (a test run's output): the
    guard matched the code, so the paste is that fault whatever its message has in common with others."""
    if "] " not in text:
        return frozenset()
    return frozenset(match.group(1) for match in _GUARD_FINDING.finditer(text))


def matcher_hit(matchers: Iterable[dict[str, Any]], text: str, lowered: str | None = None) -> str | None:
    """The first precise matcher (contains / regex) that TEXT satisfies, described. LOWERED is TEXT
    lower-cased, when the caller already has it (a 10 MB paste is not lowered once per entry)."""
    for matcher in matchers:
        if "contains" in matcher:
            lowered = text.lower() if lowered is None else lowered
            if str(matcher["contains"]).lower() in lowered:
                return f"contains {matcher['contains']!r}"
        if "regex" in matcher:
            try:
                if re.search(str(matcher["regex"]), text):
                    return f"regex {matcher['regex']!r}"
            except re.error:
                continue
    return None


def rank(
    query: Query,
    candidates: Sequence[Candidate],
    term_idf: dict[str, float],
    shared_messages: Sequence[str] = (),
    domain: str | None = None,
    background: Background | None = None,
    needed: int | None = None,
    unheard: frozenset[str] = frozenset(),
    library: Callable[[], Background] | None = None,
) -> list[Scored]:
    """Score every candidate and return them best first (only DOMAIN's, when given: the others do not
    show, but still compete for confidence, for leaving out the other faults a message is the
    symptom of makes the paste no more evidence of the one left). TERM_IDF holds every query term's
    IDF.

    Each line the paste might be about (its readings) is compared with the candidate, and the best
    reading decides; a reading other than the decisive line counts a little less, so that it wins
    only on better evidence. When the deciding line holds one of SHARED_MESSAGES (raised by many
    different faults), a candidate is sure only if the paste also shares its own words beyond that
    line. With a BACKGROUND of everyday errors, a line that one of them mostly explains makes a
    candidate sure only when its symptom holds what that everyday error leaves unexplained; UNHEARD,
    the paste's words that no entry holds, are then weighed as beyond_everyday() says, and a
    team's own entry must also beat LIBRARY(), the messages libraries raise (loaded only then); an
    entry none of whose symptoms reads as the line must not be another library message than the
    line is (another_librarys_message()).

    With NEEDED, only the best NEEDED results are sure to be returned (their scores, order and
    confidence exactly as without it): a candidate whose score cannot reach them, even with a
    perfect fuzzy match, is left unscored. A search shows a few results; scoring the other fifty
    was most of a lookup inside pytest.
    """
    if not candidates:
        return []
    top_bm25 = max(c.lexical.bm25 for c in candidates) or 1.0
    readings = query.readings
    masses = [sum(w * term_idf.get(t, 0.0) for t, w in reading.terms.items()) for reading in readings]
    frames = user_functions(query.text)
    lowered: list[str] = []  # the paste lower-cased, once a matcher asks for it

    guarded = guard_findings(query.text)
    against = _Backgrounds(background, library, frames, unheard, frozenset(query.term_weights))

    def matched(candidate: Candidate) -> str | None:
        if candidate.key in guarded:
            return f"a kb guard's finding names {candidate.key}"
        if candidate.matchers and not lowered:
            lowered.append(query.text.lower())
        return matcher_hit(candidate.matchers, query.text, lowered[0] if lowered else None)

    def scored_one(candidate: Candidate, evidence_of: Sequence[_Evidence]) -> Scored:
        lexical = candidate.lexical.bm25 / top_bm25
        best: tuple[float, float, dict[str, float], Reading] | None = None
        for position, reading in enumerate(readings):
            score, evidence, parts = _reading_score(reading, evidence_of[position], candidate, lexical)
            if position:
                score *= ALTERNATIVE_FACTOR
            if best is None or score > best[0]:
                best = (score, evidence, parts, reading)
        assert best is not None
        score, evidence, parts, reading = best
        hit = matched(candidate)
        if hit:
            score = 100.0
        by_evidence = score >= CONFIDENT_SCORE and evidence >= CONFIDENT_EVIDENCE
        doubt = (
            None
            if hit
            else _weighed_against_backgrounds(
                _doubt(query, reading, candidate, score, by_evidence, term_idf, shared_messages),
                query.kind,
                reading,
                candidate.record,
                parts.get("fuzzy", 0.0),
                against,
                bool(bare_class_words(reading))  # asked only of a class raised without a message
                and len(_beyond_the_line(reading, candidate, query, term_idf)) >= MIN_SHARED_TERMS,
            )
        )
        sure = bool(hit) or doubt is None
        decided_by = None if hit or reading is readings[0] else reading.line
        lead = None if hit else CONFIDENT_MARGIN if by_evidence else DESCRIPTION_MARGIN
        # An entry that lists the line's shared message raises it, even when it shares little else
        # with the paste (gunicorn's workers, each loading the model, end in a CUDA OOM too).
        # Asked of a sure result too: the margin may yet make it a rival (_settled), and one_of()
        # names every entry that raises the message (a pytest report's test body, whose words made
        # two OOM seeds sure, left the entry whose symptom is the message out of the list).
        raises = doubt in (None, "shared", "weak") and _raises_shared(
            reading.line, candidate.record, shared_messages
        )
        return Scored(
            candidate,
            round(score, 1),
            sure,
            parts,
            decided_by,
            lead,
            doubt,
            hit,
            query.foreign_runtime,
            raises_shared=raises,
        )

    pool = candidates
    evidence = [[_evidence(r, masses[i], c, term_idf) for i, r in enumerate(readings)] for c in pool]
    if domain:
        settled = _sorted_and_settled([scored_one(c, evidence[n]) for n, c in enumerate(pool)])
        return [result for result in settled if result.candidate.record["domain"] == domain]
    if needed is None or len(pool) <= needed:
        return _sorted_and_settled([scored_one(c, evidence[n]) for n, c in enumerate(pool)])
    return _best_scored(pool, evidence, needed, top_bm25, scored_one)


def _best_scored(
    pool: Sequence[Candidate],
    evidence: Sequence[Sequence["_Evidence"]],
    needed: int,
    top_bm25: float,
    scored_one: Callable[[Candidate, Sequence["_Evidence"]], Scored],
) -> list[Scored]:
    """rank() with NEEDED: the candidates of POOL scored best bound first, until no bound left can
    reach the NEEDED best scores so far; all of them when the first result is one of several."""
    bounds = sorted(
        ((_bound(candidate, evidence[n], top_bm25), n) for n, candidate in enumerate(pool)),
        key=lambda bound: (-bound[0], bound[1]),
    )
    scored: list[Scored] = []
    best_scores: list[float] = []  # the NEEDED best scores so far, the lowest first
    left: list[int] = []
    for position, (bound, n) in enumerate(bounds):
        if len(best_scores) == needed and bound < best_scores[0] - BOUND_MARGIN:
            left = [n for _, n in bounds[position:]]
            break
        result = scored_one(pool[n], evidence[n])
        scored.append(result)
        heapq.heappush(best_scores, result.score)
        if len(best_scores) > needed:
            heapq.heappop(best_scores)
    settled = _sorted_and_settled(scored)
    if left and settled[0].doubt in ("shared", "rival"):  # one_of() reads every result
        settled = _sorted_and_settled(scored + [scored_one(pool[n], evidence[n]) for n in left])
    return settled


#: A candidate is left unscored only when its bound falls this far below the results it would have
#: to reach: scores are rounded to 0.1, and a tie is decided by hits.
BOUND_MARGIN = 0.2


class _Backgrounds(Record):
    """What rank() weighs an entry's evidence against, and the paste's words that bear on it."""

    #: Everyday errors (None: the entry is not weighed against them).
    everyday: Background | None
    #: The messages libraries raise, loaded only when asked for.
    library: Callable[[], Background] | None
    #: The functions of the user's own code the error passed through (user_functions()).
    frames: frozenset[str]
    #: The paste's words that no entry holds.
    unheard: frozenset[str]
    #: Every word of the paste (Query.term_weights).
    words: frozenset[str] = frozenset()


def _weighed_against_backgrounds(
    doubt: str | None,
    kind: str,
    reading: Reading,
    record: Mapping[str, Any],
    fuzzy: float,
    against: _Backgrounds,
    told_more: bool = False,
) -> str | None:
    """DOUBT once the backgrounds are asked. An "everyday" doubt is cleared when the entry RECORD
    holds what everyday errors leave unexplained (beyond_everyday()); a team's entry must then also
    beat the messages libraries raise ("library"), and an entry none of whose forms reads as the
    line (FUZZY, its best similarity, below SAME_MESSAGE_FUZZY) must not be another library message
    than the line is ("unlike"). An "everyday" doubt that stays is "type" when the line shares only
    its exception class with the entry, as it is for a class raised without a message (however rare
    its name), unless the paste TOLD_MORE of the entry than its line. A description (KIND) that is
    only a library's line is "library"."""
    everyday, library, frames, unheard, _ = against
    if (
        doubt == "everyday"
        and not told_more
        and bare_class_words(reading)
        and only_its_type(reading, record, frames)
    ):
        return "type"
    if doubt == "everyday" and beyond_everyday(reading, record, everyday, frames, unheard):
        if library is None:
            return None
        own = (library(),) if everyday is None else (everyday, library())
        if not record.get("seed_digest") and another_own_class(reading, record, own):
            return "class"
        if not record.get("seed_digest") and another_message_of_its_class(
            reading, record, own, against.words
        ):
            return "message"
        if raised_by_a_library(reading, record, everyday, library, frames, unheard):
            return "library"
        if fuzzy < SAME_MESSAGE_FUZZY and another_librarys_message(reading, record, library):
            return "unlike"
        return None
    if doubt == "everyday" and only_its_type(reading, record, frames):
        return "type"
    if (
        doubt is None
        and kind == "description"
        and library is not None
        and only_a_librarys_line(reading, record, everyday, library, frames, unheard)
    ):
        return "library"
    return doubt


def _sorted_and_settled(scored: list[Scored]) -> list[Scored]:
    scored.sort(key=lambda s: (-s.score, -s.candidate.hits, s.candidate.entry_id))
    return _settled(scored)


def _doubt(
    query: Query,
    reading: Reading,
    candidate: Candidate,
    score: float,
    by_evidence: bool,
    term_idf: dict[str, float],
    shared_messages: Sequence[str],
) -> str | None:
    """Why CANDIDATE, scored on READING, cannot be sure before it is compared with the others, or
    None. "everyday" is provisional: rank() clears it when the entry holds what an everyday error
    leaves unexplained."""
    if query.foreign_runtime is not None:
        return "foreign"
    if query.short:
        return "short"
    by_lead = query.kind == "description" and score >= DESCRIPTION_SCORE
    if not (by_evidence or by_lead):
        return "weak"
    if _only_a_shared_message(reading, candidate, query, term_idf, shared_messages):
        return "shared"
    if query.brief and fuzzy_similarity(reading.signature, candidate.signatures) < SAME_MESSAGE_FUZZY:
        return "brief"
    if query.kind == "error" and fuzzy_similarity(reading.signature, candidate.signatures) < UNLIKE_FUZZY:
        return "unlike"
    # A description is weighed by its words; only an error line has everyday errors to be told from.
    return "everyday" if query.kind == "error" or reading.short_type else None


def _only_a_shared_message(
    reading: Reading, candidate: Candidate, query: Query, term_idf: dict[str, float], shared: Sequence[str]
) -> bool:
    """Whether READING matches CANDIDATE through a message many faults raise, and nothing more: the
    words they share beyond it come at most from the stack frames around it."""
    if not shared_in(reading.line, tuple(shared)):
        return False
    return len(_beyond_the_line(reading, candidate, query, term_idf)) < MIN_SHARED_TERMS


def _beyond_the_line(
    reading: Reading, candidate: Candidate, query: Query, term_idf: dict[str, float]
) -> list[str]:
    """The uncommon words CANDIDATE shares with QUERY beyond READING's line, from the paste's other
    readings or a person's words about it, not from the stack frames around it."""
    in_line = form_words(reading.line)  # its numbers too, which the reading's terms leave out
    return [
        term
        for term in candidate.lexical.matched
        if term not in reading.terms
        and term not in in_line
        and term_idf.get(term, 0.0) >= 1.0
        and query.term_weights.get(term, 0.0) > CONTEXT_WEIGHT
    ]


@functools.lru_cache(maxsize=1_000)
def shared_in(line: str, shared: tuple[str, ...]) -> tuple[str, ...]:
    """The messages of SHARED (lowercased) that LINE holds, however it is spaced (_as_written()):
    found once per line, not per candidate."""
    written = _as_written(line)
    return tuple(message for message in shared if message in written)


def _as_written(line: str) -> str:
    """LINE lower-cased, each run of spaces, tabs and control characters one space: a message is the
    same with a doubled space or a NUL byte in it, and ranking reads its words the same; matched
    character by character, `shapes  cannot be multiplied` was no shared message, and a
    paste only that message made one fault sure."""
    return " ".join(_CONTROL.sub(" ", line).lower().split())


_CONTROL = LazyPattern(r"[\x00-\x1f\x7f]")


def _raises_shared(line: str, record: Mapping[str, Any], shared: Sequence[str]) -> bool:
    """Whether a symptom form of RECORD holds a shared message that LINE holds. A seed's forms were
    read for what a message in them stands for (read-csv-encoding's `KeyError: 'text'` stands for
    any column name); a form recorded from one run (`KeyError: 'weight_decay'`) names the value its
    run quoted, and raises the message only with that value."""
    messages = shared_in(line, tuple(shared))
    forms = [form.lower() for form in symptom_forms(record)]
    seed = bool(record.get("seed_digest"))
    return any(
        message in form
        and (seed or _quoted_after(form, message) in (None, _quoted_after(_as_written(line), message)))
        for message in messages
        for form in forms
    )


def _quoted_after(text: str, message: str) -> str | None:
    """The value TEXT quotes right after MESSAGE, when MESSAGE ends in an opening quote."""
    if not message.endswith(("'", '"')):
        return None
    start = text.find(message)
    if start < 0:
        return None
    rest = text[start + len(message) :]
    end = rest.find(message[-1])
    return rest[:end] if end >= 0 else None


#: An entry whose symptom matches the deciding line this closely is one that raises this message.
SAME_MESSAGE_FUZZY = 0.85

#: An error line that reads less like every symptom form of an entry than this is not evidence of
#: it, whatever words they share: `ValueError: tokenizer vocabulary has 3 extra tokens` shares
#: `tokenizer`, `token` and `vocabulary` with the padding-side entry (its variant and its prose), and
#: was its confident known fault at a fuzzy similarity of 0.46.
UNLIKE_FUZZY = 0.5


def one_of(results: Sequence[Scored]) -> list[Scored]:
    """The entries among RESULTS that each raise the paste's message, when nothing in the paste
    decides between them (it is a message they share, or they score alike): at least two of them,
    best first; otherwise none. Their checks are what tells them apart."""
    if not results or results[0].doubt not in ("shared", "rival"):
        return []
    group = [
        result
        for result in results
        if result.raises_shared
        or (result.doubt in ("shared", "rival") and result.parts.get("fuzzy", 0.0) >= SAME_MESSAGE_FUZZY)
    ]
    return group if len(group) > 1 and group[0] is results[0] else []


def _settled(scored: list[Scored]) -> list[Scored]:
    """Only the first result can be sure without a precise matcher, and only by a clear margin over
    the next one. An entry it names as related competes like any other: when the generic
    `device-side assert` and the label error behind it both explain a paste, kb says it is one of
    them and shows both checks (one_of()), rather than pick one. Sparing relatives from the margin
    made 9 of 133 confident answers on the corpus's measured half wrong; without it, 3 of 123."""
    settled = []
    for position, result in enumerate(scored):
        if result.confident and result.lead_needed is not None:
            lead = result.score - (scored[1].score if len(scored) > 1 else 0.0)
            if position or lead < result.lead_needed:
                result = result._replace(confident=False, doubt="rival")
        settled.append(result)
    return settled


class _Evidence(Record):
    """What one reading of the paste has of a candidate before fuzzy matching: cheap to know for
    every candidate, and enough to bound its score."""

    coverage: float
    type_match: float
    shared: int


def _evidence(reading: Reading, mass: float, candidate: Candidate, term_idf: dict[str, float]) -> _Evidence:
    """READING's coverage of CANDIDATE's matched words (MASS is the reading's terms' weight times
    IDF, summed: what full coverage would be), whether they share the exception type, and how many
    words they share."""
    terms, matched, shared = reading.terms, 0.0, 0
    for term, term_idf_value in candidate.lexical.matched.items():
        weight = terms.get(term)
        if weight is not None:
            matched += weight * term_idf_value
            shared += 1
    coverage = matched / mass if mass else 0.0
    type_match = float(bool(reading.short_type) and reading.short_type in candidate.exception_types)
    if type_match:  # RuntimeError in common says less than DistBackendError in common
        type_match = min(1.0, term_idf.get(reading.short_type.lower(), TYPE_FULL_IDF) / TYPE_FULL_IDF)
    if type_match and _names_disagree(reading.line, candidate.signatures):
        type_match = 0.0  # the same exception class about another object is another fault
    return _Evidence(coverage, type_match, shared)


def _reading_score(
    reading: Reading, evidence: _Evidence, candidate: Candidate, lexical: float
) -> tuple[float, float, dict[str, float]]:
    """(score, evidence, parts) of one reading of the paste against one candidate."""
    coverage = evidence.coverage
    fuzzy = fuzzy_similarity(reading.signature, candidate.signatures)
    parts = {"lexical": lexical, "coverage": coverage, "fuzzy": fuzzy, "type": evidence.type_match}
    score = _fused(parts)
    sure = max(fuzzy * (0.5 + 0.5 * coverage), coverage)
    if evidence.shared < MIN_SHARED_TERMS:  # one word in common (`kb search x`) is never enough to be sure
        sure = 0.0
    return score, sure, parts


def _bound(candidate: Candidate, evidence: Sequence[_Evidence], top_bm25: float) -> float:
    """The highest score CANDIDATE could get: its best reading with a perfect fuzzy match, or 100
    for a precise matcher."""
    if candidate.matchers:
        return 100.0
    lexical = candidate.lexical.bm25 / top_bm25
    best = 0.0
    for position, found in enumerate(evidence):
        bound = _fused(
            {"lexical": lexical, "coverage": found.coverage, "fuzzy": 1.0, "type": found.type_match}
        )
        best = max(best, bound * ALTERNATIVE_FACTOR if position else bound)
    return best


def _fused(parts: dict[str, float]) -> float:
    """The score of PARTS (lexical, coverage, fuzzy, type, in that order), weighed by WEIGHTS."""
    return 100.0 * sum(WEIGHTS[name] * value for name, value in parts.items())
