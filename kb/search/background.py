"""Everyday errors: the background a confident answer must beat.

`IndexError: list index out of range` shares words with the embedding entry (`index out of range in
self`), and `ValueError: could not convert string to float: 'cat'` is word for word a variant of the
label-mapping entry; neither paste is evidence of those faults. What makes a paste evidence of one
fault is the part of it that an ordinary error would not also explain: `in self`, `Target -1`,
`No usable temporary directory`.

So kb ships a background (`seed_entries/everyday_errors.txt`): thousands of real messages that Python,
numpy, pandas, torch and scikit-learn raise when they are called wrongly, made by running code
(`bench/background/harvest.py`), owned by no fault and never shown as entries. For a line of a paste,
`explain()` finds the everyday message that explains most of its information, each word weighed by how
rare it is among everyday messages (`weights()`): a word every third everyday error has says little,
one no everyday error has says much. Ranking then asks how much of what that message leaves
unexplained the entry's own symptom holds (kb.search.ranking).

The background is read once per process from a compiled form cached in the user's cache folder
(kb.compiled), rebuilt when the file or the tokenizer changes: flat strings and arrays, which a
search reads in well under a millisecond (a dict of its few thousand words took several).
"""

import math
import os
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Generic, TypeVar, overload

from kb.compiled import compiled_path, store_compiled
from kb.paths import seed_folder
from kb.records import Record
from kb.text.paste import NORMALIZER_VERSION
from kb.text.tokens import tokenize

FILE_NAME = "everyday_errors.txt"
K = TypeVar("K")
V = TypeVar("V")

#: The messages libraries raise, read from their code (bench/background/library_messages.py).
LIBRARY_FILE_NAME = "library_messages.txt"
#: Raise when the compiled form changes, so that every cached copy is compiled again.
COMPILED_FORMAT = 7


class Background:
    """Everyday error messages, and for each word the messages that hold it.

    Flat on purpose: a search reads it in about a millisecond, where a dict of its few thousand words
    took several. The messages themselves are read only when one is asked for, and one at a time:
    ranking needs which message explains a line, and a library template's text now and then
    (kb.search.specificity.line_template()), never all ~3 MB of them.
    """

    __slots__ = ("_held", "_sizes", "_text", "_text_at", "ids", "offsets", "starts", "terms")

    def __init__(
        self,
        text: bytes | None,
        starts: "array[int]",
        terms: Sequence[str],
        offsets: "array[int]",
        ids: "array[int]",
        text_at: tuple[str, int] | None = None,
        sizes: "array[int] | None" = None,
    ) -> None:
        self._text = text
        #: How many words each message holds, as a compiled cache keeps them: else counted from IDS.
        self._sizes = sizes
        #: Where the messages are, when not yet read: a compiled cache file and where they start in it.
        self._text_at = text_at
        #: Where each message starts in the text, and where the last one ends.
        self.starts = starts
        #: Every word of the messages, sorted.
        self.terms = terms
        #: The messages holding TERMS[i] are IDS[OFFSETS[i]:OFFSETS[i + 1]], ascending.
        self.offsets = offsets
        self.ids = ids
        #: holding()'s answers so far: ranking asks for the same words of a paste once per candidate
        #: (266 times a look_up in a project folder of 487 entries), each a bisection in Python.
        self._held: dict[str, array[int]] = {}

    @property
    def text(self) -> bytes:
        """The messages, one a line, in UTF-8."""
        if self._text is None:
            self._text = self._read(0, self.starts[-1])
        return self._text

    @property
    def size(self) -> int:
        return max(0, len(self.starts) - 1)

    def message(self, number: int) -> str:
        """Message NUMBER; "" when its cache file went away under a long-lived process (a notebook,
        an agent's server): its text only refines an answer, and a search must not fail for it."""
        start, end = self.starts[number], self.starts[number + 1]
        if self._text is not None:
            raw = self._text[start:end]
        else:
            try:
                raw = self._read(start, end - start)
            except OSError:
                return ""
        return raw.decode("utf-8").rstrip("\n")

    def _read(self, start: int, length: int) -> bytes:
        """LENGTH bytes of the messages from START, read from the compiled cache file."""
        path, offset = self._text_at or ("", 0)
        with open(path, "rb") as handle:
            handle.seek(offset + start)
            raw = handle.read(length)
        if len(raw) != length:  # the file changed since it was read: a damaged cache reads as none
            raise OSError(f"{path} ends before its messages do")
        return raw

    def holding(self, term: str) -> "array[int]":
        """The messages that hold TERM, ascending."""
        held = self._held.get(term)
        if held is None:
            at = bisect_left(self.terms, term)
            if at == len(self.terms) or self.terms[at] != term:
                held = _NONE
            else:
                held = self.ids[self.offsets[at] : self.offsets[at + 1]]
            if len(self._held) >= _HELD_KEPT:  # a notebook's or an agent's process searches for days
                self._held.clear()
            self._held[term] = held
        return held

    @property
    def sizes(self) -> "array[int]":
        """How many different words each message holds."""
        if self._sizes is None:
            sizes = array("I", [0]) * self.size
            for number in self.ids:
                sizes[number] += 1
            self._sizes = sizes
        return self._sizes

    def held_within(self, terms: Iterable[str]) -> list[int]:
        """The messages every word of which is one of TERMS, ascending: the messages a line might
        be, whatever it filled in, read from the line's words alone."""
        counts: Counter[int] = Counter()
        for term in set(terms):
            counts.update(self.holding(term))
        sizes = self.sizes
        return sorted(number for number, held in counts.items() if held == sizes[number])

    def holding_all(self, terms: Iterable[str], most: int | None = None) -> list[int]:
        """The messages that hold every one of TERMS, ascending: the first MOST of them, if given."""
        lists = sorted((self.holding(term) for term in terms), key=len)
        found: list[int] = []
        if not lists:
            return found
        for number in lists[0]:
            if all(holds(ids, number) for ids in lists[1:]):
                found.append(number)
                if len(found) == most:
                    break
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Background):
            return NotImplemented
        mine = (self.text, self.starts, self.terms, self.offsets, self.ids, self.sizes)
        return mine == (other.text, other.starts, other.terms, other.offsets, other.ids, other.sizes)

    __hash__ = None  # type: ignore[assignment]


class TermTable(Sequence[str]):
    """Sorted words kept as the one string they were stored as, and where each starts: splitting
    the library messages' 48,000 words took 6 ms a search, and a lookup reads some sixteen of them
    (bisect_left works on any sequence)."""

    __slots__ = ("_at", "_text")

    def __init__(self, text: str, at: "array[int]") -> None:
        self._text = text
        #: Where each word starts in TEXT, and where the last one would start after it.
        self._at = at

    def __len__(self) -> int:
        return len(self._at) - 1

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("term index out of range")
        return self._text[self._at[index] : self._at[index + 1] - 1]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def term_table(terms: Sequence[str]) -> TermTable:
    """TERMS (sorted) as a TermTable."""
    at, position = array("I", [0]), 0
    for term in terms:
        position += len(term) + 1
        at.append(position)
    return TermTable("".join(term + "\n" for term in terms), at)


_NONE = array("I")
#: Words whose holding() answers a background keeps at most.
_HELD_KEPT = 20_000
#: Message numbers fit in two bytes for a background of up to 65,536 messages: half the index to read.
_ID_TYPE = "H"


class Explanation(Record):
    """How much of a line one everyday message explains."""

    #: The message (Background.message(number)), or -1 for none.
    number: int
    #: The line's terms that the message holds too.
    terms: frozenset[str]
    #: Their share of the line's information, 0..1.
    share: float


NO_EXPLANATION = Explanation(-1, frozenset(), 0.0)

EMPTY = Background(b"", array("I", [0]), [], array("I", [0]), array("I"))


def message_terms(message: str) -> set[str]:
    """The words of an everyday MESSAGE as kb reads a paste's line (numbers left out)."""
    return {term for term in tokenize(message) if not _is_number(term)}


def _is_number(term: str) -> bool:
    return term.lstrip("-").replace(".", "", 1).isdigit()


def compile_background(messages: Iterable[str]) -> Background:
    """The background of MESSAGES (one everyday error each), with its word index."""
    kept = list(dict.fromkeys(m.strip() for m in messages if m.strip() and not m.startswith("#")))
    holders: dict[str, list[int]] = {}
    for number, message in enumerate(kept):
        for term in message_terms(message):
            holders.setdefault(term, []).append(number)
    terms = sorted(holders)
    offsets, ids = array("I", [0]), array(_ID_TYPE if len(kept) <= 0xFFFF else "I")
    for term in terms:
        ids.extend(holders[term])
        offsets.append(len(ids))
    starts, text = array("I", [0]), []
    for message in kept:
        encoded = (message + "\n").encode("utf-8", "replace")
        text.append(encoded)
        starts.append(starts[-1] + len(encoded))
    return Background(b"".join(text), starts, terms, offsets, ids)


def weights(background: Background, terms: Iterable[str]) -> dict[str, float]:
    """How much each of TERMS says about a fault, by how rare it is among everyday messages: the
    inverse document frequency of the term in BACKGROUND."""
    n = background.size
    return {term: math.log(1.0 + (n + 1) / (len(background.holding(term)) + 1)) for term in terms}


class Remembered(Generic[K, V]):
    """The answers of a pure function of a background in this process, by background and KEY: a
    search asks the same of many candidates, and a host's next failures ask it again. Backgrounds
    are told apart by identity, and at most KEPT answers are held (then all are let go)."""

    def __init__(self, kept: int) -> None:
        self._answers: dict[tuple[int, K], tuple[Background, V]] = {}
        self._kept = kept

    def __call__(self, background: Background, key: K, answer: Callable[[Background, K], V]) -> V:
        """The answer remembered for BACKGROUND and KEY, else ANSWER(BACKGROUND, KEY), remembered."""
        kept = self._answers.get((id(background), key))
        if kept is not None and kept[0] is background:  # held here, so its id names no other background
            return kept[1]
        if len(self._answers) >= self._kept:
            self._answers.clear()
        found = answer(background, key)
        self._answers[(id(background), key)] = (background, found)
        return found


#: explain()'s answers: a search asks about each candidate's shared words.
_EXPLAINED: Remembered[frozenset[tuple[str, float]], Explanation] = Remembered(4096)


def explain(background: Background, terms: Mapping[str, float]) -> Explanation:
    """explain_once(), remembered (it is pure): see there."""
    return _EXPLAINED(background, frozenset(terms.items()), lambda asked, _: explain_once(asked, terms))


def explain_once(background: Background, terms: Mapping[str, float]) -> Explanation:
    """The everyday message that explains most of TERMS (term → its weight in the line, times how
    much it says: see weights()); the first such message when several explain as much.

    Words are taken heaviest first, and a message is counted from the first of them it holds. Once
    the words left weigh less than the best message so far, a message holding none of the words taken
    cannot win, so only the messages already counted are looked up in the lists of the rest: a common
    word such as `typeerror` is held by thousands of everyday messages, and adding up its whole list
    cost milliseconds.
    """
    # Weights as whole numbers (in units of 2**-32): sums are then exact in any order, so the
    # answer is the same to the last bit whichever order the words were read in, and ties are ties.
    units = {term: round(weight * _UNITS) for term, weight in terms.items()}
    total = sum(units.values())
    if not total or not background.size:
        return NO_EXPLANATION
    explained: dict[int, int] = {}
    most, rest = 0, total
    for term in sorted(units, key=lambda t: (-units[t], t)):
        weight, ids = units[term], background.holding(term)
        if most <= rest:  # a message not counted yet may still win
            for number in ids:
                explained[number] = explained.get(number, 0) + weight
        elif len(ids) < len(explained):
            for number in ids:
                if number in explained:
                    explained[number] += weight
        else:
            for number in explained:
                if holds(ids, number):
                    explained[number] += weight
        rest -= weight
        most = max(explained.values(), default=0)
    if not most:
        return NO_EXPLANATION
    best = min(number for number, share in explained.items() if share == most)
    held = frozenset(term for term in terms if holds(background.holding(term), best))
    share = sum(weight for term, weight in terms.items() if term in held) / sum(terms.values())
    return Explanation(best, held, share)


#: Weight units per 1.0 of weight in explain().
_UNITS = 1 << 32


def holds(ids: "array[int]", number: int) -> bool:
    """Whether the ascending IDS hold NUMBER."""
    at = bisect_left(ids, number)
    return at < len(ids) and ids[at] == number


def load_library_messages() -> Background:
    """The messages libraries raise (seed_entries/library_messages.txt), as a background: what a
    team's own entry must beat, beside everyday errors (kb.search.specificity.beyond_everyday())."""
    return load_background(os.path.join(seed_folder(), LIBRARY_FILE_NAME), kind="library")


@cache
def load_background(path: str | None = None, kind: str = "everyday") -> Background:
    """The shipped background (or the one at PATH), compiled once and cached per user as KIND."""
    import marshal

    source = path or os.path.join(seed_folder(), FILE_NAME)
    cached = compiled_path(kind, source, f"{COMPILED_FORMAT}-{NORMALIZER_VERSION}")
    if cached is None:
        return EMPTY
    try:
        with open(cached, "rb") as handle:
            length = int.from_bytes(handle.read(8), "little")
            if length > os.fstat(handle.fileno()).st_size - 8:
                raise ValueError("a damaged cache")
            starts, terms, term_at, offsets, id_type, ids, sizes = marshal.loads(handle.read(length))
            if (
                len(starts) < 4
                or 8 + length + int.from_bytes(starts[-4:], "little") > os.fstat(handle.fileno()).st_size
            ):
                raise ValueError("a damaged cache")
        return Background(
            None,
            _numbers(starts),
            TermTable(terms, _numbers(term_at)),
            _numbers(offsets),
            _numbers(ids, id_type),
            text_at=(cached, 8 + length),
            sizes=_numbers(sizes),
        )
    except (OSError, ValueError, EOFError, TypeError):
        pass
    try:
        with open(source, encoding="utf-8", errors="replace") as handle:
            background = compile_background(handle.read().splitlines())
    except OSError:
        return EMPTY
    table = term_table(background.terms)
    index = marshal.dumps(
        (
            background.starts.tobytes(),
            table._text,
            table._at.tobytes(),
            background.offsets.tobytes(),
            background.ids.typecode,
            background.ids.tobytes(),
            background.sizes.tobytes(),
        )
    )
    store_compiled(cached, len(index).to_bytes(8, "little") + index + background.text)
    return background


def _numbers(raw: bytes, typecode: str = "I") -> "array[int]":
    numbers = array(typecode)
    numbers.frombytes(raw)
    return numbers
