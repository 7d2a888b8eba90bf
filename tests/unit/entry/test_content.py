"""What kb.entry.content reads of an entry's text."""

from __future__ import annotations

from kb.entry.content import says_something


def test_a_symptom_of_a_terminals_codes_alone_says_nothing() -> None:
    """An agent's `\x00\x1b[2J` became a draft keyed `entry` with a NUL for its symptom: a screen
    clear says nothing of a fault (kb mcp's propose_entry refuses it)."""
    assert not says_something("\x00\x1b[2J") and not says_something("\x1b]0;title\x07 --- !")
    assert says_something("\x1b[31mRuntimeError: boom\x1b[0m") and says_something("训练时显存不足")
