"""A host's searches keep the database open with what they read (pytest --kb, a notebook): they must
answer exactly as a fresh search would, and see every change made since, by anyone."""

from __future__ import annotations

import os

import pytest

from kb.paths import resolve_location
from kb.search.lookup import SearchOptions, search
from kb.search.ranking import Scored
from kb.store.entry_store import open_store

PASTES = (
    "IndexError: Target 5 is out of bounds.",
    "IndexError: Target 7 is out of bounds.",
    "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB",
    "KeyError: 'learning_rate'",
    "OSError: [Errno 98] Address already in use",
    "the loss is nan after a few hundred steps with fp16",
    "RuntimeError: mat1 and mat2 shapes cannot be multiplied (64x512 and 256x10)",
    "RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x768 and 512x2)",
)


def answers(paste: str, keep_open: bool) -> list[tuple[str, float, bool, str, dict[str, float]]]:
    """The results, down to the last bit of each part of their scores."""
    options = SearchOptions(limit=5, record_usage=False, keep_open=keep_open)
    response = search(paste, resolve_location(None), options)
    return [(r.candidate.key, r.score, r.confident, r.why, r.parts) for r in response.results]


def test_a_search_kept_open_answers_as_a_fresh_one_every_time() -> None:
    for _ in range(2):  # the second round is answered from what the first one kept
        for paste in PASTES:
            assert answers(paste, keep_open=True) == answers(paste, keep_open=False)


def test_a_search_kept_open_sees_an_entry_changed_by_another_connection() -> None:
    paste = "IndexError: Target 5 is out of bounds."
    before = answers(paste, keep_open=True)
    assert before[0][0] == "cross-entropy-label-out-of-range"
    with open_store(os.environ["KB_DB"]) as store:
        entry = store.get("cross-entropy-label-out-of-range").content()
        store.update(entry.key, entry.replace(symptom="ValueError: the frobnicator rejected the zorblax"))
    after = answers(paste, keep_open=True)
    assert after == answers(paste, keep_open=False)
    assert after != before


def test_a_search_kept_open_sees_its_own_usage_record() -> None:
    """A write through the kept connection leaves SQLite's data_version as it was: the reader forgets
    what it kept itself."""
    paste = "IndexError: Target 5 is out of bounds."
    location = resolve_location(None)
    recording = SearchOptions(limit=1, record_usage=True, keep_open=True)
    first = search(paste, location, recording).results[0].candidate.hits
    second = search(paste, location, recording).results[0].candidate.hits
    fresh = search(paste, location, SearchOptions(limit=1, record_usage=False)).results[0].candidate.hits
    assert second == fresh == first + 1


@pytest.mark.sqlite_only("ranking takes the candidates as data: the backend that read them plays no part")
def test_ranking_only_the_results_a_search_shows_ranks_them_as_ranking_all_does() -> None:
    """rank(needed=N) leaves unscored the candidates that cannot reach the best N: the best N, their
    scores, confidence and one-of group are those of ranking every candidate. Asked of every
    symptom and variant of the seeds, and of pastes that end in each of them."""
    from kb.handbook import load_shared_messages
    from kb.search.background import load_background
    from kb.search.lookup import _candidates
    from kb.search.ranking import one_of, rank
    from kb.search.reading import analyze
    from kb.store.index_reader import IndexReader

    pastes = []
    with open_store(os.environ["KB_DB"]) as store:
        for entry in store.list():
            for form in (entry.symptom, *entry.symptom_variants):
                pastes += [form, f'Traceback (most recent call last):\n  File "train.py", line 7\n{form}']
    shared, background = load_shared_messages(), load_background()
    pruned = 0
    with IndexReader(resolve_location(None)).open() as reader:
        for paste in pastes:
            query = analyze(paste)
            candidates, idf, unheard = _candidates(reader, query, SearchOptions(), None)
            every = rank(query, candidates, idf, shared, None, background, None, unheard)
            for needed in (2, 4, 6):
                some = rank(query, candidates, idf, shared, None, background, needed, unheard)
                pruned += len(some) < len(every)
                assert [shown(r) for r in some[:needed]] == [shown(r) for r in every[:needed]], paste
                assert [r.candidate.key for r in one_of(some)] == [r.candidate.key for r in one_of(every)]
    assert pruned  # it does leave candidates out


def shown(result: Scored) -> tuple[str, float, bool, str | None, str]:
    return result.candidate.key, result.score, result.confident, result.doubt, result.why
