"""What every command-line face prints with: wrapped lines."""

from __future__ import annotations

import itertools
import textwrap

from hypothesis import given
from hypothesis import strategies as st

from kb.cli.console import wrap

#: Words: no whitespace (str.split's, nor a control character) inside.
word = st.text(st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=90)
words = st.lists(word)


@given(words, st.integers(min_value=1, max_value=120))
def test_wrapped_lines_fit_keep_every_character_and_are_as_full_as_the_next_word_allows(
    text_words: list[str], columns: int
) -> None:
    text = " ".join(text_words)
    lines = wrap(text, columns)
    assert all(0 < len(line) <= columns and line == line.strip() for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line, following in itertools.pairwise(lines):
        assert len(line) + 1 + len(following.split(" ")[0]) > columns  # the next word did not fit


@given(words, st.integers(min_value=1, max_value=120))
def test_lines_are_textwraps_without_the_space_it_can_leave_before_a_cut_word(
    text_words: list[str], columns: int
) -> None:
    text = " ".join(text_words)
    expected = [line.rstrip() for line in textwrap.wrap(text, columns, break_on_hyphens=False)]
    assert wrap(text, columns) == expected


def test_a_word_longer_than_a_line_fills_the_line_it_starts_on_then_the_next() -> None:
    assert wrap("ab " + "x" * 10, 6) == ["ab xxx", "xxxxxx", "x"]
    assert wrap("", 10) == []
