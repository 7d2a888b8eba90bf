"""Reading a paste for search: the line it is about (the decisive line, and the other lines it might
be), the words to look for and how much each says, and whether it names a subject, states a
complaint or shows an error. Pure functions of the paste's text (kb.text.paste finds its lines);
kb.search.ranking compares these readings with the entries.
"""

import re
from typing import Literal

from kb.patterns import LazyPattern
from kb.records import Record
from kb.text.paste import Decisive, class_and_message, find_decisive, is_wrapper_line, signature
from kb.text.tokens import STOPWORDS, tokenize

#: A query of fewer words than this (`cuda`, `nccl timeout`) names a subject, not one fault: kb lists
#: what it names and is never sure of one.
MIN_CONFIDENT_WORDS = 3

#: A description in fewer words than this (`model accuracy dropped`, `pip install fails`) is a
#: complaint many faults fit, however well one entry's prose matches it: never sure of one, unless it
#: is an entry's own symptom, nearly word for word (a message several faults raise, `device-side
#: assert triggered`, is still named as theirs). Every description on kb's evaluation sets that
#: named its fault (147) had eight words or more; with five, none of them loses its confidence.
MIN_DESCRIPTION_WORDS = 5

#: How much more a quoted name (which key, which attribute, which file) counts than another word of
#: the line: it says which object failed.
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
#: run printed, not what a person wrote about it. The leading brackets are taken possessively: the
#: brackets after them are only those `tensor(` opens, and a word of 50,000 `(` took minutes when
#: the two could share them out in every way.
_PRINTED_VALUE = LazyPattern(
    r"^[\[\](){},]*+(?:tensor\(|array\()?[\[(]*-?(?:nan|inf|true|false|none)[\])},]*$", re.I
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


_QUOTED = LazyPattern(r"'([^'\s]{2,60})'|\"([^\"\s]{2,60})\"|`([^`\s]{2,60})`")


def quoted_names(text: str) -> frozenset[str]:
    """The quoted names in a message (`'NoneType'`, `"fc.weight"`): what says which object failed."""
    return frozenset(next(g for g in match.groups() if g) for match in _QUOTED.finditer(text))
