"""The terminal view's wrapping: lines that fit their columns and lose no word."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kb.entry.terminal import _safe_char, display_width, format_table, one_line, streamed_table, wrap_columns

#: ASCII, accented and combining letters, CJK (two columns each), and whitespace of every kind.
PIECES = [*"ab -\t\n", "é", "e\u0301", "中", "文", "ｱ", "x" * 30]
TEXT = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)


@given(TEXT, st.integers(min_value=2, max_value=30))
def test_every_line_fits_and_every_word_is_kept(text: str, width: int) -> None:
    lines = wrap_columns(text, width)
    assert all(display_width(line) <= width for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())


@given(TEXT, st.integers(min_value=2, max_value=30))
def test_hard_wrapping_keeps_every_character(text: str, width: int) -> None:
    lines = wrap_columns(text, width, hard=True)
    assert all(display_width(line) <= width and line in text for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())


def test_a_word_wider_than_the_line_is_broken_into_full_lines() -> None:
    assert wrap_columns("a" * 25, 10) == ["a" * 10, "a" * 10, "a" * 5]
    assert wrap_columns("中" * 7, 4) == ["中中", "中中", "中中", "中"]
    assert wrap_columns("see " + "x" * 200_001, 80)[-1] == "x"


ROWS = st.lists(
    st.tuples(st.text("abc-", min_size=1, max_size=40), st.sampled_from(["data", "model"]), TEXT), max_size=12
)


@given(ROWS, st.integers(min_value=20, max_value=120))
def test_a_listing_that_fits_the_first_rows_is_laid_out_as_the_whole_table_is(
    rows: list[tuple[str, str, str]], width: int
) -> None:
    assert "\n".join(streamed_table(rows, width, least=(0, 10), first=12)) == format_table(rows, width)


def test_a_longer_listing_takes_its_columns_from_its_first_rows_and_the_least_widths() -> None:
    rows = [
        ("short", "data", "symptom one"),
        ("tiny", "data", "symptom two"),
        ("small", "data", "symptom three"),
        ("a-much-longer-key", "model", "x"),
    ]
    lines = list(streamed_table(rows, 80, least=(0, 10), first=2))
    assert lines[0] == "short  data        symptom one"
    assert lines[3:] == ["a-much-longer-key", "       model       x"]


@given(st.one_of(st.text(st.characters(max_codepoint=0x7F)), st.text()))
def test_one_line_shows_each_character_as_its_own_rule_says(text: str) -> None:
    """ASCII text takes a shortcut through a translation table: it must agree, character by
    character, with the rule every other text goes through."""
    assert one_line(text) == " ".join("".join(map(_safe_char, text)).split())
