"""The backgrounds, as pure functions: which message explains a line, how rare a word is among
everyday errors or library messages, and how they are compiled, cached and read back."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.search.background import (
    Background,
    Explanation,
    compile_background,
    explain,
    load_background,
    message_terms,
    weights,
)
from tests.unit.search.samples import EVERYDAY


def test_comments_and_repeats_are_not_messages() -> None:
    assert EVERYDAY.size == 8
    assert EVERYDAY.message(0) == "IndexError: list index out of range"


def test_the_messages_holding_a_word_are_the_same_asked_once_or_many_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("kb.search.background._HELD_KEPT", 3)  # kept answers let go when full
    words = ["index", "range", "lr", "nowhere", "list", "index", "argmax", "index"]
    first = {word: list(EVERYDAY.holding(word)) for word in words}
    again = {word: list(EVERYDAY.holding(word)) for word in reversed(words)}
    assert first == again and first["nowhere"] == [] and first["index"] == [0, 1, 2]


def test_a_word_every_everyday_error_has_says_less_than_one_none_has() -> None:
    rarity = weights(EVERYDAY, ["indexerror", "index", "target"])
    assert rarity["target"] > rarity["indexerror"]
    assert rarity["target"] > rarity["index"]


def test_the_message_that_explains_most_of_a_line_is_found() -> None:
    terms = dict.fromkeys(message_terms("IndexError: list index out of range"), 1.0)
    found = explain(EVERYDAY, terms)
    assert EVERYDAY.message(found.number) == "IndexError: list index out of range"
    assert found.share == 1.0


def test_a_line_no_everyday_error_shares_a_word_with_is_unexplained() -> None:
    found = explain(EVERYDAY, {"nccl": 1.0, "watchdog": 1.0})
    assert (found.number, found.share) == (-1, 0.0)


def test_the_shipped_background_is_compiled_once_and_read_back_the_same(tmp_path: Path) -> None:
    for stale in (tmp_path / "cache" / "kb").glob("everyday-*.marshal"):
        stale.unlink()  # as on a user's first search
    load_background.cache_clear()
    first = load_background()
    assert first.size > 1000
    cached = list((tmp_path / "cache" / "kb").glob("everyday-*.marshal"))
    assert len(cached) == 1
    load_background.cache_clear()
    assert load_background() == first  # read back from the cache, the same background


def test_a_damaged_cache_is_compiled_again(tmp_path: Path) -> None:
    load_background.cache_clear()
    first = load_background()
    (cached,) = (tmp_path / "cache" / "kb").glob("everyday-*.marshal")
    cached.write_bytes(b"\x00garbage")
    load_background.cache_clear()
    assert load_background() == first


def test_the_messages_are_read_from_the_cache_only_when_one_is_asked_for(tmp_path: Path) -> None:
    load_background.cache_clear()
    load_background()  # compiled (the test's cache holds a copy already), then read back
    load_background.cache_clear()
    background = load_background()
    assert background._text is None
    assert background.message(0) and background._text is None  # one message, not all of them
    source = (Path(__file__).parents[3] / "seed_entries" / "everyday_errors.txt").read_text(encoding="utf-8")
    assert background.message(background.size - 1) in source
    assert background.text.decode("utf-8").splitlines()[0] == background.message(0)


def test_a_message_whose_cache_went_away_reads_as_none(tmp_path: Path) -> None:
    load_background.cache_clear()
    load_background()
    load_background.cache_clear()
    background = load_background()
    for cached in (tmp_path / "cache" / "kb").glob("everyday-*.marshal"):
        cached.unlink()  # a cleaned cache under a notebook that searched before
    assert background.message(0) == ""


def test_a_missing_background_is_empty_not_an_error(tmp_path: Path) -> None:
    assert load_background(str(tmp_path / "nowhere.txt")).size == 0


@given(st.lists(st.text(min_size=1, max_size=80), max_size=30))
def test_any_lines_compile_and_every_message_is_found_by_its_own_words(lines: list[str]) -> None:
    background = compile_background(lines)
    for number in range(background.size):
        message = background.message(number)
        terms = dict.fromkeys(message_terms(message), 1.0)
        if terms:
            assert explain(background, terms).share == 1.0


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\n"), max_size=12), unique=True))
def test_a_term_table_reads_as_the_sorted_words_it_was_made_of(words: list[str]) -> None:
    from bisect import bisect_left

    from kb.search.background import term_table

    words.sort()
    table = term_table(words)
    assert len(table) == len(words) and list(table) == words and table == words
    for word in [*words, "", "zzz", "a"]:
        assert bisect_left(table, word) == bisect_left(words, word)


def test_the_users_own_functions_are_read_from_the_frames_not_the_librarys() -> None:
    from kb.text.frames import user_functions

    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/home/me/proj/data.py", line 26, in load_annotations\n'
        '  File "/home/me/proj/data.py", line 40, in main\n'
        '  File "/usr/lib/python3.11/json/__init__.py", line 293, in load_json_file\n'
        '  File "/venv/lib/python3.11/site-packages/torch/serialization.py", line 9, in _load_tensor\n'
        "json.decoder.JSONDecodeError: Extra data: line 2 column 1 (char 105)\n"
    )
    assert user_functions(traceback) == frozenset({"load_annotations"})


def explained_by_every_message(background: Background, terms: dict[str, float]) -> Explanation:
    """explain() the slow way: every message, its words added up exactly (math.fsum: two messages
    whose words weigh the same tie, whatever the order they are added in; the first one wins)."""
    total = sum(terms.values())
    shares = [
        math.fsum(weight for term, weight in terms.items() if number in background.holding(term))
        for number in range(background.size)
    ]
    most = max(shares, default=0.0)
    if not total or not most:
        return Explanation(-1, frozenset(), 0.0)
    best = shares.index(most)
    held = frozenset(term for term in terms if best in background.holding(term))
    return Explanation(best, held, sum(weight for term, weight in terms.items() if term in held) / total)


WORDS = ["alpha", "bravo", "delta", "echo", "golf", "hotel", "india", "kilo"]


@given(
    st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5), min_size=1, max_size=12),
    st.dictionaries(st.sampled_from(WORDS), st.floats(0.01, 20.0), min_size=1),
)
def test_explain_finds_what_weighing_every_message_finds(
    messages: list[list[str]], terms: dict[str, float]
) -> None:
    background = compile_background(" ".join(words) for words in messages)
    assert explain(background, terms) == explained_by_every_message(background, terms)


def test_the_messages_a_line_might_be_are_those_whose_words_it_all_holds() -> None:
    messages = ["alpha beta", "alpha gamma", "beta", "delta delta"]
    background = compile_background(messages)
    assert list(background.sizes) == [len(message_terms(message)) for message in messages]
    assert background.held_within(message_terms("alpha beta epsilon")) == [0, 2]
    assert background.held_within(message_terms("delta delta")) == [3]
    assert background.held_within(["delta"]) == []  # the message holds its pair of words too
    assert background.held_within([]) == []


@given(st.lists(st.text(alphabet="abc xyz", min_size=1, max_size=12), min_size=1, max_size=12))
def test_held_within_is_the_messages_whose_words_are_a_subset(messages: list[str]) -> None:
    background = compile_background(messages)
    words = message_terms("abc xyz abc")
    expected = [
        number
        for number in range(background.size)
        if (held := message_terms(background.message(number))) and held <= words
    ]
    assert background.held_within(words) == expected
