"""Reading a paste: however a stranger's text is shaped, it is read in about one pass."""

from __future__ import annotations

import time

import pytest

from kb.search.reading import analyze

#: Far above the tenths of a second each takes, far below the minutes each took when two parts of a
#: pattern could share out one run of characters in every way.
SECONDS = 5.0


@pytest.mark.parametrize(
    "paste",
    [
        "(" * 50_000 + "RuntimeError: a",  # a printed value's brackets: 188 s
        " " * 50_000 + "x",  # a box's right edge, a frame line inside a box: 17 s
        " " * 50_000 + "│x",
    ],
    ids=["brackets", "spaces", "spaces-and-a-box-edge"],
)
def test_a_long_run_of_one_character_is_read_in_about_one_pass(paste: str) -> None:
    started = time.perf_counter()
    analyze(paste)
    assert time.perf_counter() - started < SECONDS
