"""Whether a line is evidence of an entry's fault, not only of its message: weighed against the
everyday errors no fault owns and the messages libraries raise (kb.search.background).

An entry is sure of a line only through words of its symptom that no everyday error explains
(beyond_everyday()); a team's own entry also through words no library's message explains, the values
a library's template leaves to the run set aside (line_template(), filled_in()). Pure functions of a
reading and an entry's record; kb.search.ranking asks them, and `kb add` asks only_a_librarys_message().
"""

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from kb.patterns import LazyPattern
from kb.records import Record
from kb.search.background import Background, Explanation, Remembered, explain, holds, message_terms, weights
from kb.search.reading import QUOTED_NAME_WEIGHT, Reading, analyze
from kb.text.paste import class_and_message, occurrence_form
from kb.text.tokens import tokenize

#: A confident answer shares at least this many of the deciding line's words with the entry.
MIN_SHARED_TERMS = 2

#: An error line is evidence of an entry only through words of its symptom that no everyday error
#: (kb.search.background) explains: at least this share of the line's information.
SPECIFIC_SHARE = 0.15


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
    own = {term for term in data.own_names if any(term in form_words(form) for form in forms)}
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
    exception_type = _type_words(reading.line)
    for form in forms:
        quoted = _quoted_in_both(reading.line, form, _named_by(record)) if seed else _quoted_terms(form)
        words = form_words(form)
        shared = {
            term: weight
            for term, weight in terms.items()
            if term in words and (term not in data.quoted or term in quoted)
        }
        if sum(1 for term in shared if term not in data.quoted) < MIN_SHARED_TERMS:
            continue  # a name in common, in another message or in prose, is a coincidence
        if shared.keys() <= exception_type:
            continue  # the same exception type, raised for another reason: `DatasetBuildError: …`
        everyday = explain(background, shared)
        explained = everyday.terms
        if library is not None and library.size and not record.get("seed_digest"):
            raised = explain(library, shared)
            if raised.share > everyday.share:
                # The class names the library that raised it, not why: it goes with its message.
                everyday, explained = raised, raised.terms | _class_terms(reading.line, (library, background))
            # What a library's template leaves to the run (which key, which class, which file) is
            # which object failed, not why: the team's part must be more than the values filled in.
            followed = line_template(library, raised, reading.line) or _read_from_its_words(
                library, reading.line
            )
            if followed is not None:
                number, values = followed
                held = frozenset(term for term in shared if holds(library.holding(term), number))
                explained = explained | values | held
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


def only_its_type(reading: Reading, record: Mapping[str, Any], frames: frozenset[str] = frozenset()) -> bool:
    """Whether all READING's line shares with the entry RECORD is the exception class it starts with:
    `DatasetBuildError: bucket quota exceeded` and an entry's `DatasetBuildError: duplicate ids
    found in train split` are one type raised for two reasons. A function of the user's code a form
    names (FRAMES) is more than the type. A class raised without a message (`raise ShardError`) is
    all its line says."""
    exception_type = _type_words(reading.line) or bare_class_words(reading)
    if not exception_type:
        return False
    shares = False
    for form in symptom_forms(record):
        words = form_words(form)
        shared = reading.terms.keys() & words
        if frames & words or not shared <= exception_type:
            return False
        shares = shares or bool(shared)
    return shares


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
    followed = line_template(
        messages, explain(messages, weights(messages, reading.terms)), reading.line
    ) or _read_from_its_words(messages, reading.line)
    if followed is None:
        return False
    template = messages.message(followed[0])
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


def another_own_class(reading: Reading, record: Mapping[str, Any], backgrounds: Sequence[Background]) -> bool:
    """Whether READING's line raises an exception class of the user's own (one no background holds:
    `BetaSyncError`) and every symptom form of the team's entry RECORD raises another of their own
    (`AlphaSyncError`): a team names its faults by their classes, so however alike the words, the
    line is another fault's. A class a library raises (`ValueError`) decides nothing here."""
    line_class = _own_class(reading.line, backgrounds)
    if line_class is None:
        return False
    forms = [_own_class(form, backgrounds) for form in symptom_forms(record)]
    return bool(forms) and all(form is not None and form != line_class for form in forms)


#: The name of an exception class, as a team's own code names one.
_CLASS_NAME = LazyPattern(r"[A-Z][A-Za-z0-9]*(?:Error|Exception)")

#: A team's entry whose form raises the line's own exception class is this fault only when the paste
#: holds at least this share of the words that form's message says.
OWN_MESSAGE_HELD = 0.5


def another_message_of_its_class(
    reading: Reading, record: Mapping[str, Any], backgrounds: Sequence[Background], words: frozenset[str]
) -> bool:
    """Whether READING's line raises an exception class of the user's own that a symptom form of the
    team's entry RECORD raises too, and every such form's message says words the paste (WORDS) mostly
    lacks: a team raises its own class for many causes, each its own message, and
    `DatasetBuildError: train split is empty` is not the entry for `DatasetBuildError: duplicate ids
    found in train split`, though the class and `train split` are words in common. Numbers are an
    occurrence's. A class a library raises decides nothing here (its messages are weighed against
    the library's background instead)."""
    line_class = _own_class(reading.line, backgrounds)
    if line_class is None:
        return False
    held = []
    for form in symptom_forms(record):
        parts = class_and_message(form.strip())
        if parts is None or _own_class(form, backgrounds) != line_class:
            continue
        said = frozenset(word for word in tokenize(parts[1], phrases=False) if not word.isdigit())
        if said:
            held.append(len(said & words) / len(said))
    return bool(held) and max(held) < OWN_MESSAGE_HELD


def _own_class(line: str, backgrounds: Sequence[Background]) -> str | None:
    """The exception class LINE starts with, its last dotted part lower-cased, when no background
    holds its name: none for a library's (`ValueError`, `sqlite3.OperationalError`) or no class."""
    parts = class_and_message(line)
    if parts is None:
        return None
    name = parts[0].rsplit(".", 1)[-1]
    if not _CLASS_NAME.fullmatch(name) or _raised_by_them(parts[0], backgrounds):
        return None
    return name.lower()


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
    no exception class is weighed as a search weighs such a line (only_a_librarys_line()); a word or
    two (`x`, `cuda`) is no library's message, only too short for a search to be sure of."""
    query = analyze(symptom)
    if not query.readings or query.short:
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


def _read_from_its_words(library: Background, line: str) -> tuple[int, frozenset[str]] | None:
    """The library message LINE follows with the most words of its own (most_specific_template()),
    and the words LINE fills in: for a line whose shared words a more common message holds best
    (`str`, `column` and `key` of pandas' `None of [Index([…], dtype='str')] are in the [columns]`
    are `KeyError: String passed to weights not a valid column`'s), line_template() looks among
    the wrong messages."""
    number = most_specific_template(library, line)
    if number is None:
        return None
    template = library.message(number)
    texts = _as_printed_and_unquoted(line)
    return number, frozenset().union(
        *(found for text in texts if (found := _follows(template, text)) is not None)
    )


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
#: (`np.str_('de-AT')`, `np.int64(3)`), a list, tuple, set or dict as Python prints it (pandas'
#: `columns expected but not found: ['basket_value', 'points']` fills in both names), or a run of
#: other characters.
_ONE_VALUE = (
    r"('[^']*'|\"[^\"]*\"|[\w.]+\((?:[^()]|\([^()]*\))*\)"
    r"|\[(?:[^\[\]]|\[[^\[\]]*\])*\]|\((?:[^()]|\([^()]*\))*\)|\{(?:[^{}]|\{[^{}]*\})*\}"
    r"|[^\s'\"]+)"
)
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
    return terms if _raised_by_them(parts[0], backgrounds) else frozenset()


def _raised_by_them(name: str, backgrounds: Sequence[Background]) -> bool:
    """Whether one of BACKGROUNDS holds the exception class NAME, dotted or by its last part:
    `sqlite3.OperationalError` is read as one dotted word."""
    dotted = name.lower()
    names = {dotted, dotted.rsplit(".", 1)[-1]}
    return any(len(background.holding(held)) for background in backgrounds for held in names)


def bare_class_words(reading: Reading) -> frozenset[str]:
    """The words of READING's line when it is an exception class alone (`ShardChecksumError`,
    `data.errors.ShardChecksumError`), a class raised without a message; none otherwise."""
    line = reading.line.strip().rstrip(":")
    if not reading.short_type or line.rsplit(".", 1)[-1] != reading.short_type:
        return frozenset()
    return _class_words(line)


def _type_words(line: str) -> frozenset[str]:
    """The words of the exception class LINE starts with; none without one."""
    parts = class_and_message(line)
    return _class_words(parts[0]) if parts is not None else frozenset()


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


def _quoted_in_both(line: str, form: str, named: frozenset[str] = frozenset()) -> frozenset[str]:
    """The words of the names LINE and FORM both quote, a path's parts counted as names: a quoted
    name is evidence for a form that quotes the same name, not one that shares a word of it
    (`.tmp_latest` is no `/tmp`). None are when, the names taken in turn, LINE quotes another in the
    place where FORM quotes one its entry is about (NAMED, _named_by()): `'Sequential' object has no
    attribute 'fc'` is not the DataParallel entry's `'DataParallel' object has no attribute 'fc'`,
    and its `fc` was that entry's known fault; `'DataParallel' object has no attribute 'encode'` is."""
    if _another_of_its_names(line, form, named):
        return frozenset()
    return frozenset(
        term for name in _quoted_parts(line) & _quoted_parts(form) for term in tokenize(name, phrases=False)
    )


def _another_of_its_names(line: str, form: str, named: frozenset[str]) -> bool:
    """Whether LINE and FORM each quote two names or more and, taken in turn, LINE quotes another
    name (sharing no part with it, as _quoted_parts() reads parts) where FORM quotes one whose words
    are all among NAMED."""
    said, written = list(_message_quoted(line)), list(_message_quoted(form))
    if min(len(said), len(written)) < 2:
        return False
    return any(
        not (_quoted_parts(f"'{ours}'") & _quoted_parts(f"'{theirs}'"))
        and set(tokenize(theirs, phrases=False)) <= named
        for ours, theirs in zip(said, written, strict=False)
    )


def _named_by(record: Mapping[str, Any]) -> frozenset[str]:
    """The words an entry names its fault by: its key, its cause path and its tags."""
    tags = record.get("tags") or ()
    return _words_of(str(record.get("key") or ""), str(record.get("cause_path") or ""), tuple(map(str, tags)))


@functools.lru_cache(maxsize=2_000)
def _words_of(key: str, cause_path: str, tags: tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        term for text in (key.replace("-", " "), cause_path, *tags) for term in tokenize(text, phrases=False)
    )


@functools.lru_cache(maxsize=10_000)
def form_words(form: str) -> frozenset[str]:
    """FORM's words (a symptom form, or a line), kept for the next search of this process as
    kb.search.ranking keeps a form's fuzzy form."""
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
