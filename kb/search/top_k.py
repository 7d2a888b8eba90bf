"""The exact top k entries by BM25, reading as few postings as it can prove it may.

Each posting carries its entry's impact for the term, the length-normalised term frequency of BM25
(kb.store.index_writer computes it at write time), and each term's postings can be read in impact
order. An entry's score is the sum, over the query's terms, of the term's coefficient (query weight
* IDF * (k1 + 1)) times the entry's impact. So after reading a term's postings down to impact i,
no entry left unread in that list can gain more than coefficient * i from it: that bound is what lets
the search stop early (the threshold algorithm of Fagin et al., with MaxScore's treatment of short
lists).

- Short lists (rare words, and every list of a small knowledge base) are read whole at once.
- Long lists are read in impact order, a page at a time, the list that bounds the most first.
- The k best entries seen so far are completed with point lookups, which makes their scores exact
  and gives θ, the score to beat.
- It stops when no unseen entry can reach θ, and either every entry seen can be completed with
  point lookups more cheaply than reading on, or none that is incomplete can reach θ.

The answer is exactly the top k of scoring every entry (kb.search.ranking.lexical_scores, which tests
check it against), unless the caller sets a budget of postings to read in order, or asks only the
best few to be proven (the rest then the best of what was read). A long paste of
everyday words against a large knowledge base is where that matters: when scores are flat (a 40-line
traceback's fifty terms, each in thousands of entries, none in many of them), proving the top k
means reading nearly every list to its end. Past the budget the answer is the k best of the entries
seen, each scored exactly: the entries that hold the query's rarest words are always among them,
since short lists are read whole and long ones best first. Nothing here knows about SQL: the source
of postings is passed in.
"""

import heapq
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from kb.records import Record

#: Lists with at most this many postings are read whole, in one query with the others.
WHOLE_LIST = 1000
FIRST_PAGE = 256
MAX_PAGE = 16_384
#: Looking up one entry in one list costs about this many postings read in order (measured on SQLite
#: at 100,000 entries).
LOOKUP_COST = 3.0
#: θ is the k-th best exact score among this many times k entries with the best partial scores:
#: completing a few more than k costs little and raises θ, which rules out far more entries.
THETA_BREADTH = 8


class TermPlan(Record):
    term: str
    #: The term's query weight * IDF * (k1 + 1): an entry gains coefficient * impact from the term.
    coefficient: float
    #: How many postings the term has (its document frequency).
    postings: int


class PostingPage(Protocol):
    @property
    def rows(self) -> Sequence[tuple[int, float]]:
        """(entry id, impact), best first."""

    @property
    def after(self) -> tuple[float, int] | None:
        """Where the next page starts; None when the term has no more postings."""

    @property
    def bound(self) -> float:
        """No posting after this page has a higher impact."""


class PostingSource(Protocol):
    def whole(self, terms: Sequence[str]) -> Iterable[tuple[str, int, float]]:
        """Every (term, entry id, impact) of TERMS."""

    def page(self, term: str, after: tuple[float, int] | None, size: int) -> PostingPage:
        """Up to SIZE postings of TERM, best first, from AFTER (None: from the start)."""

    def of_entries(self, entry_ids: Sequence[int], terms: Sequence[str]) -> Iterable[tuple[str, int, float]]:
        """Every (term, entry id, impact) of TERMS in the given entries."""


class _Cursor:
    """Where the reading of one long list stands."""

    __slots__ = ("after", "bit", "bound", "done", "plan", "read", "size")

    def __init__(self, bit: int, plan: TermPlan, size: int) -> None:
        self.bit, self.plan, self.size = bit, plan, size
        self.bound = plan.coefficient  # no impact exceeds 1
        self.after: tuple[float, int] | None = None
        self.read = 0
        self.done = False


def top_entries(
    plans: Sequence[TermPlan],
    k: int,
    source: PostingSource,
    *,
    whole_list: int = WHOLE_LIST,
    first_page: int = FIRST_PAGE,
    budget: int | None = None,
    proven: int | None = None,
) -> dict[int, float]:
    """The k entries with the highest scores over PLANS, with their scores; an entry tied on score
    with the k-th comes too, so that the caller can break ties (by entry id) itself. With BUDGET, at
    most that many postings of long lists are read (or their first pages, if more): once it is
    spent, the k best of the entries seen, with exact scores. With PROVEN, reading also stops once
    the best PROVEN are proven (a search shows a few, and needs the next one's score): those are
    exactly the top of scoring everything; the rest of the k, the best of the entries seen."""
    if k <= 0 or not plans:
        return {}
    score: dict[int, float] = {}
    #: For each entry, the long lists whose impact for it is known (read, or looked up), as bits.
    known: dict[int, int] = {}
    coefficient = {plan.term: plan.coefficient for plan in plans}
    short = [plan.term for plan in plans if plan.postings <= whole_list]
    for term, entry, impact in source.whole(short):
        score[entry] = score.get(entry, 0.0) + coefficient[term] * impact
        known.setdefault(entry, 0)
    cursors = [
        _Cursor(1 << n, plan, first_page)
        for n, plan in enumerate(p for p in plans if p.postings > whole_list)
    ]
    every_bit = (1 << len(cursors)) - 1
    exhausted = 0

    def is_exact(entry: int) -> bool:
        return (known[entry] | exhausted) == every_bit

    def complete(entries: Iterable[int]) -> None:
        """Make the scores of ENTRIES exact: look up, entry by entry, the long lists not yet read
        to their end (an entry's postings sit together, so its lookups share index pages)."""
        pending = sorted(e for e in entries if not is_exact(e))
        live = {cursor.plan.term: cursor for cursor in cursors if not cursor.done}
        if not pending or not live:
            return
        for term, entry, impact in source.of_entries(pending, list(live)):
            cursor = live[term]
            if not known[entry] & cursor.bit:
                score[entry] += cursor.plan.coefficient * impact
        live_bits = sum(cursor.bit for cursor in live.values())
        for entry in pending:
            known[entry] |= live_bits

    def read_page(cursor: _Cursor, limit: int = MAX_PAGE) -> int:
        nonlocal exhausted
        page = source.page(cursor.plan.term, cursor.after, min(cursor.size, limit))
        bit, coefficient, known_get = cursor.bit, cursor.plan.coefficient, known.get
        for entry, impact in page.rows:
            bits = known_get(entry)
            if bits is None:
                known[entry] = bit
                score[entry] = coefficient * impact
            elif not bits & bit:
                known[entry] = bits | bit
                score[entry] += coefficient * impact
        cursor.read += len(page.rows)
        if page.after is None:
            cursor.done, cursor.bound = True, 0.0
            exhausted |= cursor.bit
        else:
            cursor.after = page.after
            cursor.bound = cursor.plan.coefficient * page.bound
            cursor.size = min(2 * cursor.size, MAX_PAGE)
        return len(page.rows)

    def settled(live: Sequence[_Cursor], threshold: float) -> bool:
        """Whether every entry that can reach THRESHOLD now has its exact score. Only when no
        unseen entry can reach it: then the seen ones that still might are completed, once that is
        cheaper than reading every list to its end; until then, each round of reading lowers the
        bounds and so rules more of them out."""
        if sum(cursor.bound for cursor in live) >= threshold:
            return False
        survivors, lookups = _survivors(score, known, live, threshold)
        if lookups * LOOKUP_COST > sum(cursor.plan.postings - cursor.read for cursor in live):
            return False
        complete(survivors)
        return True

    for cursor in cursors:  # a first page of each long list turns its bound into a real one
        read_page(cursor)
    left = float("inf") if budget is None else float(budget - sum(cursor.read for cursor in cursors))
    while live := [cursor for cursor in cursors if not cursor.done]:
        best = heapq.nlargest(THETA_BREADTH * k, score, key=score.__getitem__)
        complete(best)
        exact = heapq.nlargest(k, (score[e] for e in best))
        theta = exact[-1] if len(exact) >= k else float("-inf")
        if settled(live, theta):
            break
        if proven is not None and proven < k and len(exact) >= proven and settled(live, exact[proven - 1]):
            break
        if left <= 0:  # the best of what was read: `best` were completed above
            break
        # Read on, each round as much as all the rounds before it, so that checking stays cheap.
        rounds = min(sum(cursor.read for cursor in cursors), left)
        while rounds > 0 and (live := [cursor for cursor in cursors if not cursor.done]):
            taken = read_page(max(live, key=lambda c: (c.bound, -c.bit)), int(min(rounds, MAX_PAGE)))
            rounds, left = rounds - taken, left - taken
    return _best(score, k, is_exact)


def _survivors(
    score: dict[int, float], known: dict[int, int], live: Sequence[_Cursor], theta: float
) -> tuple[list[int], int]:
    """Entries not yet exact whose best possible score still reaches THETA, and how many (entry,
    list) lookups completing them would take."""
    live_bits = sum(cursor.bit for cursor in live)
    headroom = sum(cursor.bound for cursor in live)
    missing: dict[int, tuple[float, int]] = {}  # entries missing from the same lists share one bound
    survivors, lookups = [], 0
    for entry, partial in score.items():
        if partial + headroom < theta:
            continue
        bits = known[entry] & live_bits
        if bits == live_bits:
            continue
        if bits not in missing:
            unread = [cursor for cursor in live if not bits & cursor.bit]
            missing[bits] = (sum(cursor.bound for cursor in unread), len(unread))
        bound, count = missing[bits]
        if partial + bound >= theta:
            survivors.append(entry)
            lookups += count
    return survivors, lookups


def _best(score: dict[int, float], k: int, is_exact: Callable[[int], bool]) -> dict[int, float]:
    """The top k of the exact scores. An entry whose score is not exact cannot reach the k-th (it
    would have been completed), so the top k of all scores are the top k of the exact ones."""
    top = heapq.nlargest(k, score.values())
    if not top:
        return {}
    floor = top[-1] - 1e-9 * max(1.0, abs(top[-1]))  # sums in another order may differ in the last bit
    return {entry: value for entry, value in score.items() if value >= floor and is_exact(entry)}
