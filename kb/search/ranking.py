"""Ranking: pure functions from an analysed query and candidate entries to scored, explained results.

A prototype measured on real pastes found that no single signal is enough: character-level fuzzy
ratios plateau and score unrelated errors high, while IDF-weighted word overlap is strongest for
descriptions and logs, and fuzzy matching is strongest on literal error lines. So the score fuses:

- lexical: BM25 over the entry's fields (weights in kb.text.entry_terms), relative to the best candidate;
- coverage: how much of the decisive line's information (IDF mass) the entry contains;
- fuzzy: 0.5·token_set_ratio + 0.5·token_sort_ratio of the masked decisive line against each masked
  symptom form (token_set alone scores any subset 100; the blend breaks such ties);
- exception type: an exact match of the exception class, worth less for a common class and nothing
  for an AssertionError, which `assert` raises whatever failed (AUTHORED_CHECKS);
- precise matchers on an entry (`contains` / `regex`), which override everything;
- hits, only to break ties.
"""

import functools
import heapq
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal

from kb.patterns import LazyPattern
from kb.records import Record
from kb.search.background import Background, Explanation, Remembered, explain, holds, message_terms, weights
from kb.text.bm25 import BM25_K1
from kb.text.frames import user_functions
from kb.text.paste import (
    Decisive,
    class_and_message,
    find_decisive,
    is_wrapper_line,
    occurrence_form,
    signature,
)
from kb.text.tokens import STOPWORDS, tokenize

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

#: A confident answer shares at least this many of the deciding line's words with the entry.
MIN_SHARED_TERMS = 2

VARIANT_FACTOR = 0.95

#: A query of fewer words than this (`cuda`, `nccl timeout`) names a subject, not one fault: kb lists
#: what it names and is never sure of one.
MIN_CONFIDENT_WORDS = 3

#: A description in fewer words than this (`model accuracy dropped`, `pip install fails`) is a
#: complaint many faults fit, however well one entry's prose matches it: never sure of one, unless it
#: is an entry's own symptom, nearly word for word (a message several faults raise, `device-side
#: assert triggered`, is still named as theirs). Every description on kb's evaluation sets that
#: named its fault (147) had eight words or more; with five, none of them loses its confidence.
MIN_DESCRIPTION_WORDS = 5

#: An error line is evidence of an entry only through words of its symptom that no everyday error
#: (kb.search.background) explains: at least this share of the line's information.
SPECIFIC_SHARE = 0.15

#: Same message shape, different quoted names (`'NoneType' object has no attribute 'group'` against
#: `'DataParallel' object has no attribute 'fc'`): a different fault wearing the same words.
QUOTE_MISMATCH_FACTOR = 0.7
QUOTED_NAME_WEIGHT = 2.0

QueryKind = Literal["error", "description"]

#: How much the words of a line that might be the real error count, against the decisive line's.
ALTERNATIVE_WEIGHT = 0.6
#: ... and the words of the lines just above the decisive one (usually stack frames).
CONTEXT_WEIGHT = 0.2
#: ... and the words of a short paste's own prose (a title, a sentence, log lines; not its frames).
PROSE_WEIGHT = 0.3
#: ... and the words of a warning the warnings module printed beside the error (`…/dataloader.py:431:
#: UserWarning: This DataLoader will create 4 worker processes…`): the run's output, often printed
#: by every run on a small box, whose forty words outweighed the error's few at PROSE_WEIGHT.
WARNING_WEIGHT = 0.1
#: A line other than the decisive one must beat it by evidence, not tie it: its score is discounted.
ALTERNATIVE_FACTOR = 0.97

_FOREIGN_RUNTIMES: tuple[tuple[str, LazyPattern], ...] = (
    ("Go", LazyPattern(r"^goroutine \d+ \[|^panic: |\.go:\d+\b", re.M)),
    (
        "Java",
        LazyPattern(
            r"\bjava\.lang\.|^\s+at [\w$.]+\([\w$]+\.(?:java|kt|scala):\d+\)|Exception in thread \"", re.M
        ),
    ),
    (
        "JavaScript",
        LazyPattern(
            r"^\s*at .*\.(?:m?js|cjs|ts|tsx|jsx):\d+:\d+\)?\s*$|node_modules|npm ERR!|\bERESOLVE\b", re.M
        ),
    ),
    ("Rust", LazyPattern(r"thread '[^']*' panicked at|\berror\[E\d{4}\]|\.rs:\d+:\d+")),
    ("C++", LazyPattern(r"terminate called after throwing an instance of 'std::")),
    ("Swift", LazyPattern(r"^Thread \d+: Fatal error", re.M)),
    ("Kubernetes", LazyPattern(r"CrashLoopBackOff|Back-off restarting failed container", re.I)),
    (
        "SQL server",
        LazyPattern(
            r"Deadlock found when trying to get lock|Lock wait timeout exceeded|\bSQLSTATE\b"
            r"|^ERROR \d{4} \([0-9A-Z]{5}\)|\bpsql: error:|^FATAL:\s+password authentication failed",
            re.M,
        ),
    ),
    ("LaTeX", LazyPattern(r"^! LaTeX Error", re.M)),
    ("browser", LazyPattern(r"blocked by CORS policy|is not defined\s*$", re.M)),
    ("git", LazyPattern(r"\[rejected\].*\(non-fast-forward\)|^fatal: ", re.M)),
)

_ML_MARKERS = LazyPattern(
    r"\b(?:torch|pytorch|cuda|cudnn|nccl|tensor|tensors|gpu|gpus|nvidia|dataloader|num_workers|transformers|"
    r"tokenizer|huggingface|numpy|tensorflow|jax|keras|epoch|batch_size|optimizer|gradient|gradients|loss|"
    r"logits|embedding|fp16|bf16|bfloat16|amp|checkpoint|state_dict|nan|inf|training|inference|model)\b",
    re.I,
)


class Reading(Record):
    """One line a paste might be about, ready to compare with an entry's symptoms."""

    line: str
    signature: str
    short_type: str
    #: The line's words (numbers left out), with how much each says: quoted names count double.
    terms: dict[str, float]
    #: The line was joined from several lines of the paste (a message printed over several lines,
    #: such as pydantic's title, field and detail): it may hold several of a library's messages.
    joined: bool = False


class Query(Record):
    """A paste, understood: what it is about and which words to look for."""

    text: str
    decisive: Decisive
    kind: QueryKind
    term_weights: dict[str, float]
    foreign_runtime: str | None
    #: The decisive line first, then the other lines the paste might be about.
    readings: tuple[Reading, ...]
    #: A word or two (`cuda`): a subject to list, never one fault to be sure of.
    short: bool = False
    #: A description of a few words (MIN_DESCRIPTION_WORDS): sure only of an entry it quotes.
    brief: bool = False

    @property
    def signature(self) -> str:
        """The decisive line's signature."""
        return self.readings[0].signature


def analyze(text: str) -> Query:
    decisive = find_decisive(text)
    is_error = bool(decisive.exception_type) or decisive.line != " ".join(text.split())[: len(decisive.line)]
    kind: QueryKind = (
        "error"
        if (is_error and len(text.strip()) != len(decisive.line)) or decisive.exception_type
        else "description"
    )
    readable = [
        _evidence_of(line, exc_type)
        for line, exc_type in ((decisive.line, decisive.exception_type), *decisive.candidates)
    ]
    weights: dict[str, float] = {}
    _add_terms(weights, readable[0][0], 1.0)
    _weigh_quoted_names(weights, readable[0][0])  # the quoted names say which object failed
    for line, _ in readable[1:]:
        _add_terms(weights, line, ALTERNATIVE_WEIGHT)
    for line in decisive.other_errors:  # a wrapper's words say only that something else failed
        _add_terms(weights, line, CONTEXT_WEIGHT if is_wrapper_line(line) else 0.4)
    for line in decisive.context:
        _add_terms(weights, line, CONTEXT_WEIGHT)
    for line in decisive.prose:
        _add_terms(weights, line, WARNING_WEIGHT if _PRINTED_WARNING.match(line) else PROSE_WEIGHT)
    readings = tuple(
        Reading(
            line,
            signature(line),
            short_type,
            _decisive_terms(line),
            bool(short_type) and not _printed_as_one_line(line, text),
        )
        for line, short_type in readable
    )
    words = _words_of_a_person(text) if kind == "description" or not _has_message(decisive) else 0
    return Query(
        text=text,
        decisive=decisive,
        kind=kind,
        term_weights=weights,
        foreign_runtime=foreign_runtime(text),
        readings=readings,
        short=not _has_message(decisive) and words < MIN_CONFIDENT_WORDS,
        brief=kind == "description" and words < MIN_DESCRIPTION_WORDS,
    )


_NUMBER = LazyPattern(r"^-?\d+(?:\.\d+)?$")

#: A line the warnings module printed: `path:line: SomeWarning: message` (WARNING_WEIGHT).
_PRINTED_WARNING = LazyPattern(r"^\S[^:\n]*:\d+: \w*Warning: ")

#: A printed value's words (`[nan, nan]], grad_fn=<DivBackward0>)`, `tensor([inf,`, `None`): what a
#: run printed, not what a person wrote about it.
_PRINTED_VALUE = LazyPattern(
    r"^[\[\](){},]*(?:tensor\(|array\()?[\[(]*-?(?:nan|inf|true|false|none)[\])},]*$", re.I
)


def _words_of_a_person(text: str) -> int:
    """How many words of TEXT say something: those with a letter that are not a printed value. The
    last line of a run that printed a tensor before failing is a row of `nan`s: no description."""
    return sum(
        1
        for word in text.split()
        if any(c.isalpha() for c in word)
        and not _PRINTED_VALUE.match(word)
        and word.lower().strip(".,;:!?()[]'\"") not in STOPWORDS
    )


#: Exception classes a program's author raises for a check of their own (`assert`): the class names
#: the statement that failed, not a fault, so only the message is evidence.
AUTHORED_CHECKS = frozenset({"AssertionError"})


def _printed_as_one_line(line: str, text: str) -> bool:
    """Whether LINE, spacing aside, is one line of TEXT. Only the lines holding LINE's first word are
    read, the last first: a 10 MB log is not split into lines to answer for one of them."""
    wanted = " ".join(line.split())
    if not wanted:
        return False
    first = wanted.split(" ", 1)[0]
    at = text.rfind(first)
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        segment = text[start : len(text) if end < 0 else end]  # `\r` and the rest end lines too
        if any(" ".join(part.split()) == wanted for part in segment.splitlines()):
            return True
        at = text.rfind(first, 0, start)
    return False


def _evidence_of(line: str, exception_type: str) -> tuple[str, str]:
    """LINE and the short name of its exception class, as evidence: an authored check's message alone."""
    short_type = exception_type.rsplit(".", 1)[-1]
    parts = class_and_message(line)
    if short_type in AUTHORED_CHECKS and parts and parts[1] and parts[0].endswith(short_type):
        return parts[1], ""
    return line, short_type


def _has_message(decisive: Decisive) -> bool:
    """Whether the paste is an error with a message (`KeyError: 'lr'`), not a bare word or two."""
    parts = class_and_message(decisive.line)
    return bool(decisive.exception_type) and parts is not None and bool(parts[1])


def _decisive_terms(line: str) -> dict[str, float]:
    terms = {t: 1.0 for t in tokenize(line) if not _NUMBER.match(t)}
    _weigh_quoted_names(terms, line)
    return terms


def _weigh_quoted_names(terms: dict[str, float], line: str) -> None:
    """Give the terms of LINE's quoted names, where TERMS has them, the weight of a quoted name."""
    for name in quoted_names(line):
        for term in tokenize(name, phrases=False):
            if term in terms:
                terms[term] = QUOTED_NAME_WEIGHT


def _add_terms(weights: dict[str, float], text: str, weight: float) -> None:
    for term in tokenize(text):
        weights[term] = max(weights.get(term, 0.0), weight)


def foreign_runtime(text: str) -> str | None:
    """The non-ML runtime a paste comes from (a Go panic, a Java stack), unless it also talks ML."""
    sample = text[-200_000:]
    for name, pattern in _FOREIGN_RUNTIMES:
        if pattern.search(sample):
            return None if len(_ML_MARKERS.findall(sample)) >= 2 else name
    return None


# --- lexical --------------------------------------------------------------------------------------


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


# --- fusion ---------------------------------------------------------------------------------------


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
    #: symptom form of the entry (UNLIKE_FUZZY), an "everyday" error, a message a "library"
    #: raises for any caller (for a team's own entry: beyond_everyday()), or a "rival" too close
    #: behind.
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


_QUOTED = LazyPattern(r"'([^'\s]{2,60})'|\"([^\"\s]{2,60})\"|`([^`\s]{2,60})`")


def _lowered(names: frozenset[str]) -> frozenset[str]:
    return frozenset(name.lower() for name in names)


def quoted_names(text: str) -> frozenset[str]:
    """The quoted names in a message (`'NoneType'`, `"fc.weight"`): what says which object failed."""
    return frozenset(next(g for g in match.groups() if g) for match in _QUOTED.finditer(text))


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
    """Score every candidate and return them best first (only DOMAIN's, when given: the others
    neither show nor compete for confidence). TERM_IDF holds every query term's IDF.

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
    against = _Backgrounds(background, library, frames, unheard)

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
            )
        )
        sure = bool(hit) or doubt is None
        decided_by = None if hit or reading is readings[0] else reading.line
        lead = None if hit else CONFIDENT_MARGIN if by_evidence else DESCRIPTION_MARGIN
        # An entry that lists the line's shared message raises it, even when it shares little else
        # with the paste (gunicorn's workers, each loading the model, end in a CUDA OOM too).
        raises = doubt in ("shared", "weak") and _raises_shared(
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

    pool = [c for c in candidates if not domain or c.record["domain"] == domain]
    evidence = [[_evidence(r, masses[i], c, term_idf) for i, r in enumerate(readings)] for c in pool]
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


def _weighed_against_backgrounds(
    doubt: str | None,
    kind: str,
    reading: Reading,
    record: Mapping[str, Any],
    fuzzy: float,
    against: _Backgrounds,
) -> str | None:
    """DOUBT once the backgrounds are asked. An "everyday" doubt is cleared when the entry RECORD
    holds what everyday errors leave unexplained (beyond_everyday()); a team's entry must then also
    beat the messages libraries raise ("library"), and an entry none of whose forms reads as the
    line (FUZZY, its best similarity, below SAME_MESSAGE_FUZZY) must not be another library message
    than the line is ("unlike"). A description (KIND) that is only a library's line is "library"."""
    everyday, library, frames, unheard = against
    if doubt == "everyday" and beyond_everyday(reading, record, everyday, frames, unheard):
        if library is None:
            return None
        if raised_by_a_library(reading, record, everyday, library, frames, unheard):
            return "library"
        if fuzzy < SAME_MESSAGE_FUZZY and another_librarys_message(reading, record, library):
            return "unlike"
        return None
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
    in_line = _words(reading.line)  # its numbers too, which the reading's terms leave out
    beyond = [
        term
        for term in candidate.lexical.matched
        if term not in reading.terms
        and term not in in_line
        and term_idf.get(term, 0.0) >= 1.0
        and query.term_weights.get(term, 0.0) > CONTEXT_WEIGHT
    ]
    return len(beyond) < MIN_SHARED_TERMS


@functools.lru_cache(maxsize=1_000)
def shared_in(line: str, shared: tuple[str, ...]) -> tuple[str, ...]:
    """The messages of SHARED (lowercased) that LINE holds: found once per line, not per candidate."""
    lowered = line.lower()
    return tuple(message for message in shared if message in lowered)


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
        and (seed or _quoted_after(form, message) in (None, _quoted_after(line.lower(), message)))
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


def symptom_forms(record: Mapping[str, Any]) -> list[str]:
    """An entry's symptom and its variants: what the entry says the fault looks like."""
    forms = (record.get("symptom") or "", *(record.get("symptom_variants") or ()))
    return [str(form) for form in forms if form]


def beyond_everyday(
    reading: Reading,
    record: Mapping[str, Any],
    background: Background | None,
    frames: frozenset[str] = frozenset(),
    unheard: frozenset[str] = frozenset(),
    library: Background | None = None,
) -> bool:
    """Whether READING is evidence of the entry RECORD beyond what an everyday error explains.

    The entry's claim rests on the words one of its symptom forms shares with the line, each counted
    by how rare it is among everyday errors. The everyday message that explains most of those is
    found; what it leaves unexplained must be a real share of the line's information
    (SPECIFIC_SHARE). `IndexError: list index out of range` leaves nothing to the embedding entry,
    `IndexError: index out of range in self` leaves `self`.

    A quoted name or a path is the data of a message (which key, which attribute, which file): it
    is evidence only for a form that quotes the same name, never for prose that happens to use the
    word. For a seed, whose quoted names are the field guide's examples, "the same name" is the whole
    name or a part of a path (`/tmp` in `/tmp/tmpk3j9x2ab`), not a word inside another name: a
    checkpoint folder `models/.tmp_latest` is not the container's `/tmp`. A team's entry recorded
    from its own run keeps the word-level match: its later runs quote its names with other values
    (`run_7/ckpt.pt`, `run_9/ckpt.pt`), and the judge sets lost as many right answers as wrong ones
    when it went. FRAMES, the functions of the user's own code the error passed through (user_functions()),
    are evidence for a form that names one: `JSONDecodeError: Extra data` is everyday, in
    `load_annotations` it is the team's fault.

    A word that no everyday error and no entry holds (UNHEARD: no entry has it) is, like a path,
    left out of the line's information: a name from the user's own code, a value of this run. It
    tells which instance, not which fault, and nothing kb knows can explain it, so it should not
    count against every entry alike. The words of a name the script itself defines
    (`__main__.ScaledResidual`) are left out even when some entry happens to hold one (`scaled`),
    unless a form of this entry does: which class it was is the user's, not the fault's.

    A team's own entry (not a seed) is weighed against LIBRARY too, the messages libraries raise
    (kb.search.background.load_library_messages()): it was recorded from one run, and nobody has
    said its message belongs to its fault alone. A library raises `Trying to backward through the
    graph a second time` for every caller that gets there, so the message is evidence that the
    library got there, not of the team's cause; the team's part must show besides (a quoted name its
    form quotes, a function of the team's code its form names). Two things never are the team's
    part: the exception's class, when the library's message explains the line and libraries raise
    that class (`_csv.Error` names the module that raised it; a team's `ShardManifestError` is
    theirs), and the values the library's template leaves to the run (line_template():
    `StandardScaler` and `14` in `X has … features, but … is expecting …`), which say which object
    failed, not why. A seed's symptom was written by the field guide as its
    fault's own, and messages several seeds share are listed apart (shared_messages.txt).
    """
    if background is None or not background.size:
        return True
    data = _data_terms(reading.line)
    rarity = weights(background, reading.terms)
    forms = symptom_forms(record)
    own = {term for term in data.own_names if any(term in _words(form) for form in forms)}
    terms = {
        term: weight * rarity[term]
        for term, weight in reading.terms.items()
        if term not in data.paths
        and (term not in data.own_names or term in own)
        and (term not in unheard or background.holding(term))
    }
    total = sum(terms.values())
    if not total:
        return True
    best = 0.0
    seed = bool(record.get("seed_digest"))
    for form in forms:
        quoted = _quoted_in_both(reading.line, form) if seed else _quoted_terms(form)
        words = _words(form)
        shared = {
            term: weight
            for term, weight in terms.items()
            if term in words and (term not in data.quoted or term in quoted)
        }
        if sum(1 for term in shared if term not in data.quoted) < MIN_SHARED_TERMS:
            continue  # a name in common, in another message or in prose, is a coincidence
        everyday = explain(background, shared)
        explained = everyday.terms
        if library is not None and library.size and not record.get("seed_digest"):
            raised = explain(library, shared)
            if raised.share > everyday.share:
                # The class names the library that raised it, not why: it goes with its message.
                everyday, explained = raised, raised.terms | _class_terms(reading.line, (library, background))
            # What a library's template leaves to the run (which key, which class, which file) is
            # which object failed, not why: the team's part must be more than the values filled in.
            followed = line_template(library, raised, reading.line)
            explained = explained | (followed[1] if followed else frozenset())
            if reading.joined or followed is None:
                # The message explaining most may hold the line's values, not its wording: a
                # warning naming `StandardScaler` explains `X has 12 features, but StandardScaler
                # is expecting 14 features as input.` best, and the template the line follows,
                # which holds none of its values, is then another message.
                explained = explained | a_second_message(library, shared, explained, reading.line)
        specific = sum(weight for term, weight in shared.items() if term not in explained)
        named = frames & words  # a place in the user's code names the fault as a quoted name does
        specific += QUOTED_NAME_WEIGHT * sum(weights(background, named).values())
        best = max(best, specific)
    return best / total >= SPECIFIC_SHARE


def another_librarys_message(
    reading: Reading, record: Mapping[str, Any], library: Callable[[], Background]
) -> bool:
    """Whether READING's line is a message a library raises (it follows one of LIBRARY()'s
    templates) that no symptom form of RECORD is: the words they share are then two messages'
    common words (`KeyError`, `not found`, `http`), not evidence of the entry. pandas' `KeyError:
    "[...] not found in axis"` is not transformers' `KeyError: … which is not found in the
    evaluation metrics`, and httpx's `Request URL is missing an 'http://' … protocol` is not a
    team's `HTTPStatusError … for url 'http://…'`. The template is looked for as line_template()
    does, and where that finds none, from the line's words alone (most_specific_template())."""
    messages = library()
    followed = line_template(messages, explain(messages, weights(messages, reading.terms)), reading.line)
    number = followed[0] if followed is not None else most_specific_template(messages, reading.line)
    if number is None:
        return False
    template = messages.message(number)
    forms = [text for form in symptom_forms(record) for text in _as_printed_and_unquoted(form)]
    return not any(_written_as(template, form) for form in forms)


def _written_as(template: str, form: str) -> bool:
    """Whether an entry's symptom FORM is the library message TEMPLATE: it follows the template,
    or stops where the template's last value would begin (`… but found invalid values:`, the
    tensor it printed left out)."""
    if _follows(template, form) is not None:
        return True
    head = template.rstrip()
    if not head.endswith(GAP_MARK):
        return False
    head = head[: -len(GAP_MARK)].rstrip()
    if GAP_MARK in head:
        return filled_in(head, form) is not None
    return bool(head) and " ".join(head.split()) in " ".join(form.split())


#: How a library's message marks what the run fills in.
GAP_MARK = "…"


def raised_by_a_library(
    reading: Reading,
    record: Mapping[str, Any],
    background: Background | None,
    library: Callable[[], Background],
    frames: frozenset[str] = frozenset(),
    unheard: frozenset[str] = frozenset(),
) -> bool:
    """Whether READING, evidence of the team's entry RECORD beyond every everyday error, is no more
    than a message LIBRARY() raises for any caller (beyond_everyday()). Never for a seed, and then
    LIBRARY() is not asked for."""
    if record.get("seed_digest"):
        return False
    return not beyond_everyday(reading, record, background, frames, unheard, library())


#: A line without an exception class that a library's message explains this much of (its words
#: weighed by how rare they are among library messages) is that message, not a person's words.
LIBRARY_LINE_SHARE = 0.5


def a_librarys_line(reading: Reading, library: Background) -> bool:
    """Whether READING, read as a description (no exception class starts it), is a library's
    message all the same: the second line of sklearn's `Input X contains NaN.`, pasted alone, is
    what sklearn says to every caller, and a team's entry is weighed against it as an error line is."""
    return explain(library, weights(library, reading.terms)).share >= LIBRARY_LINE_SHARE


def only_a_librarys_line(
    reading: Reading,
    record: Mapping[str, Any],
    background: Background | None,
    library: Callable[[], Background],
    frames: frozenset[str] = frozenset(),
    unheard: frozenset[str] = frozenset(),
) -> bool:
    """Whether READING, a line with no exception class, is a library's message (a_librarys_line())
    and no more than that for the team's entry RECORD (raised_by_a_library()). Never for a seed, and
    then LIBRARY() is not asked for."""
    if record.get("seed_digest"):
        return False
    return a_librarys_line(reading, library()) and raised_by_a_library(
        reading, record, background, library, frames, unheard
    )


def only_a_librarys_message(symptom: str, background: Background, library: Callable[[], Background]) -> bool:
    """Whether SYMPTOM, as a team's entry records it, is a message a library raises for any caller
    and nothing besides: kb would show the entry for a paste of it, never be sure of it on that
    alone (raised_by_a_library()), and `kb add` says so while the person can still add their part.
    LIBRARY() is asked for only when no everyday error explains the symptom already. A symptom with
    no exception class is weighed as a search weighs such a line (only_a_librarys_line())."""
    query = analyze(symptom)
    if not query.readings:
        return False
    reading, record = query.readings[0], {"symptom": symptom}
    if query.kind != "error":
        return only_a_librarys_line(reading, record, background, library)
    return beyond_everyday(reading, record, background) and raised_by_a_library(
        reading, record, background, library
    )


def a_second_message(
    library: Background, shared: Mapping[str, float], explained: frozenset[str], line: str
) -> frozenset[str]:
    """The words of LINE that another of the library's messages holds, with the values its template
    leaves to the run, when LINE also follows that template: a line joined from several of a
    library's messages (pydantic's title, the field, and the detail under it) is each of them.
    The messages holding the two heaviest words SHARED holds beyond EXPLAINED are tried, and of
    those LINE follows, the one holding most of what is left counts; nothing when LINE follows none."""
    rest = {term: weight for term, weight in shared.items() if term not in explained}
    heaviest = sorted(rest, key=lambda term: (-rest[term], term))[:2]
    if not heaviest:
        return frozenset()
    best: tuple[float, frozenset[str]] | None = None
    for number in library.holding_all(heaviest, most=_SECOND_TEMPLATES_TRIED):
        values = filled_in(library.message(number), line)
        if values is None:
            continue
        held = frozenset(term for term in rest if holds(library.holding(term), number))
        weight = sum(rest[term] for term in held)
        if best is None or weight > best[0]:
            best = (weight, held | values)
    return best[1] if best else frozenset()


#: How many messages a_second_message() tries: pydantic alone has some 200 detail lines.
_SECOND_TEMPLATES_TRIED = 400


#: How many of the library's messages that hold what explains a line are tried as its template.
_TEMPLATES_TRIED = 50


def line_template(library: Background, raised: Explanation, line: str) -> tuple[int, frozenset[str]] | None:
    """The library message LINE follows, among those holding every word RAISED explains (the one
    filling the fewest of its words in, when several fit), and those words; None when it follows
    none, or no library message explains any of it."""
    if raised.number < 0:
        return None
    return _LINE_TEMPLATES(library, (raised.terms, line), _line_template)


def _line_template(
    library: Background, asked: tuple[frozenset[str], str]
) -> tuple[int, frozenset[str]] | None:
    """Of the library messages holding every one of the words asked, the one the line follows
    filling the fewest of its words in, and those words; None when it follows none."""
    held, line = asked
    texts = _as_printed_and_unquoted(line)
    fits = (
        (number, values)
        for number in library.holding_all(held, most=_TEMPLATES_TRIED)
        for text in texts
        if (values := _follows(library.message(number), text)) is not None
    )
    return min(fits, key=lambda fit: (len(fit[1]), fit[0]), default=None)


def most_specific_template(library: Background, line: str) -> int | None:
    """The library message LINE follows with the most words of its own, looked for among every
    message whose words LINE holds (Background.held_within()); None when LINE follows no message
    with MIN_TEMPLATE_WORDS words beyond its exception class.

    line_template() looks only among the messages holding what explains most of the line, and a
    template of common words is never that: pandas' `None of … are in the …` holds only `none`
    beside its class, while the line it makes is full of the run's column names, which other
    messages hold. Read from the line's words alone, it is found all the same."""
    return _MOST_SPECIFIC_TEMPLATES(library, line, _most_specific_template)


def _most_specific_template(library: Background, line: str) -> int | None:
    texts = _as_printed_and_unquoted(line)
    best: tuple[int, int] | None = None
    for number in library.held_within(message_terms(line)):
        template = library.message(number)
        own = _own_words(template)
        if own < MIN_TEMPLATE_WORDS or (best is not None and own <= best[0]):
            continue
        if any(_follows(template, text) is not None for text in texts):
            best = (own, number)
    return best[1] if best else None


def _own_words(template: str) -> int:
    """How many words TEMPLATE says beyond its exception class: those with a letter, gaps aside."""
    parts = class_and_message(template)
    message = template if parts is None else parts[1]
    return sum(1 for word in message.replace(GAP_MARK, " ").split() if any(c.isalpha() for c in word))


#: A template says which message it is only with this many words of its own beyond its class:
#: torch's `Expected … but got … .` fits a thousand lines and names no more than the class does.
MIN_TEMPLATE_WORDS = 4

#: most_specific_template()'s answers: every candidate of a search asks about the same line.
_MOST_SPECIFIC_TEMPLATES: Remembered[str, int | None] = Remembered(1024)


def _follows(template: str, line: str) -> frozenset[str] | None:
    """filled_in(), and for a message with no gap, nothing filled in when LINE is that message (its
    exception class may be named with its module): pandas' `Replace has to be set to `True` when
    upsampling the population `frac` > 1.` leaves nothing to the run, and is still pandas'."""
    if GAP_MARK in template:
        return filled_in(template, line)
    fixed, text = " ".join(template.split()), " ".join(line.split())
    if fixed and (text == fixed or (text.endswith(fixed) and text[-len(fixed) - 1] in ". ")):
        return frozenset()
    return None


def _as_printed_and_unquoted(line: str) -> tuple[str, ...]:
    """LINE, and LINE _unquoted() when that differs: the two ways a template may read it."""
    return tuple(dict.fromkeys((line, _unquoted(line))))


def _unquoted(line: str) -> str:
    """LINE without the quotes CPython prints a KeyError's message in (it prints the message
    through repr): `KeyError: "None of [...] are in the [columns]"` is pandas' `None of … are in
    the …`. So does every class derived from KeyError (zoneinfo's `ZoneInfoNotFoundError: 'No time
    zone found with key PST'`), and the line does not say which classes those are: a message of
    several words, quoted whole, is read unquoted whatever its class. A key alone (`KeyError:
    'lr'`) keeps its quotes: that is how the key is quoted."""
    parts = class_and_message(line)
    if parts is None:
        return line
    name, message = parts
    quoted = len(message) > 2 and message[0] == message[-1] and message[0] in "'\""
    return f"{name}: {message[1:-1]}" if quoted and " " in message else line


#: _line_template()'s answers: every team entry sharing a message asks the same.
_LINE_TEMPLATES: Remembered[tuple[frozenset[str], str], tuple[int, frozenset[str]] | None] = Remembered(1024)


@functools.lru_cache(maxsize=1_000)
def filled_in(template: str, line: str) -> frozenset[str] | None:
    """The words of LINE that fill the gaps (…) of a library's message TEMPLATE, when LINE reads as
    that message: `X has 12 features, but StandardScaler is expecting 14` in `X has … features, but
    … is expecting …` fills in `standardscaler`. None when LINE does not follow the template, or the
    template is gaps alone. Each piece of the template is looked for after the one before (spacing
    aside): one pass over the line, however many gaps the template has. A gap between two pieces
    holds what lies between them; a gap that opens or ends the template holds one value (a word,
    or a quoted span) and no more: `No module named …` is not to swallow the words a team wrote
    after the name."""
    pieces = [" ".join(piece.split()) for piece in template.split(GAP_MARK)]
    if len(pieces) < 2 or not any(pieces):
        return None
    pieces = [pieces[0], *(piece for piece in pieces[1:-1] if piece), pieces[-1]]  # `… …` is one gap
    text = " ".join(line.split())
    values = []
    if pieces[0]:
        at = text.find(pieces[0])
        if at < 0:
            return None
        at += len(pieces[0])
    else:  # the template opens with a gap: one value just before its first piece
        found = text.find(pieces[1])
        value = _VALUE_BEFORE.search(text, 0, found) if found > 0 else None
        if value is None:
            return None
        values.append(value.group(1))
        at = found + len(pieces[1])
        pieces = pieces[1:]
    for number, piece in enumerate(pieces[1:], start=2):
        if not piece:  # the template ends with a gap: one value right after the last piece
            value = _VALUE_AFTER.match(text, at)
            if value is None:
                return None
            values.append(value.group(1))
            break
        last = number == len(pieces) and text.endswith(piece)  # the line ends as the template does
        found = len(text) - len(piece) if last else text.find(piece, at + 1)
        if found <= at:  # not found, or an empty gap
            return None
        values.append(text[at:found])
        at = found + len(piece)
    return frozenset(term for value in values for term in tokenize(value))


#: One value a run fills in: a quoted span, a call-like repr as numpy 2 prints its scalars
#: (`np.str_('de-AT')`, `np.int64(3)`), or a run of other characters.
_ONE_VALUE = r"('[^']*'|\"[^\"]*\"|[\w.]+\((?:[^()]|\([^()]*\))*\)|[^\s'\"]+)"
_VALUE_AFTER = LazyPattern(r"\s*" + _ONE_VALUE)
_VALUE_BEFORE = LazyPattern(_ONE_VALUE + r"\s*$")


def _class_terms(line: str, backgrounds: Sequence[Background]) -> frozenset[str]:
    """The words of the exception class LINE starts with (`_csv.Error`: `_csv.error`, `csv`, `error`),
    when it is a class libraries raise: one of BACKGROUNDS holds its name (`Error`). A class no
    library raises (`ShardManifestError`) is the team's own, and part of what makes it theirs."""
    parts = class_and_message(line)
    if parts is None:
        return frozenset()
    terms = _class_words(parts[0])
    if not terms:
        return terms
    dotted = parts[0].lower()
    names = {dotted, dotted.rsplit(".", 1)[-1]}  # `sqlite3.OperationalError` is read as one dotted word
    held = any(len(background.holding(name)) for background in backgrounds for name in names)
    return terms if held else frozenset()


@functools.lru_cache(maxsize=1_000)
def _class_words(name: str) -> frozenset[str]:
    return frozenset(tokenize(name, phrases=False))


class _DataTerms(Record):
    quoted: frozenset[str]
    paths: frozenset[str]
    #: The words of a name defined in the user's script (`__main__.ScaledResidual`), but `main`.
    own_names: frozenset[str] = frozenset()


#: A name quoted as an error message quotes it ('lr', "fc.weight"); backticks mark code in prose.
_MESSAGE_QUOTED = LazyPattern(r"'([^'\s]{1,60})'|\"([^\"\s]{1,60})\"")


def _message_quoted(text: str) -> Iterator[str]:
    """The names TEXT quotes as an error message quotes them (_MESSAGE_QUOTED)."""
    return (next(g for g in match.groups() if g) for match in _MESSAGE_QUOTED.finditer(text))


@functools.lru_cache(maxsize=10_000)
def _quoted_terms(text: str) -> frozenset[str]:
    return frozenset(term for name in _message_quoted(text) for term in tokenize(name, phrases=False))


@functools.lru_cache(maxsize=10_000)
def _quoted_parts(text: str) -> frozenset[str]:
    """The quoted names of TEXT, lower-cased, and each part of a quoted path (`models/.tmp_latest`:
    `models`, `.tmp_latest`)."""
    names = (name.lower() for name in _message_quoted(text))
    return frozenset(part for name in names for part in (name, *re.split(r"[/\\]", name)) if part)


def _quoted_in_both(line: str, form: str) -> frozenset[str]:
    """The words of the names LINE and FORM both quote, a path's parts counted as names: a quoted
    name is evidence for a form that quotes the same name, not one that shares a word of it
    (`.tmp_latest` is no `/tmp`)."""
    return frozenset(
        term for name in _quoted_parts(line) & _quoted_parts(form) for term in tokenize(name, phrases=False)
    )


@functools.lru_cache(maxsize=10_000)
def _words(form: str) -> frozenset[str]:
    """FORM's words, kept for the next search of this process as _form_parts() keeps its fuzzy form."""
    return frozenset(tokenize(form))


@functools.lru_cache(maxsize=10_000)
def _data_terms(line: str) -> _DataTerms:
    """The words of LINE that come from its quoted names, and those that come only from its paths."""
    quoted = _quoted_terms(line)
    without_paths = set(tokenize(occurrence_form(line)))
    paths = frozenset(term for term in tokenize(line) if term not in without_paths)
    own = {term for name in _OWN_NAME.findall(line) for term in tokenize(name, phrases=False)}
    return _DataTerms(quoted, paths, frozenset(own - {"main"}))


#: A class or function of the script that was run: Python names its module `__main__`.
_OWN_NAME = LazyPattern(r"\b__main__\.[A-Za-z_][\w.]*")


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
