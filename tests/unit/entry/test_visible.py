"""Every character that acts on a terminal, or hides or reorders text, leaves each renderer as an
escape: the terminal's (visible), a command's (command_line), one line for pages (one_line), JSON's
(json_escaped), an entry as faces show it (shown). Each is checked one character at a time, so a
renderer that forgets one says which."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.entry.content import EntryContent
from kb.entry.terminal import one_line, shown
from kb.entry.visible import HIDDEN, command_line, consent_text, json_escaped, visible

#: Every format character of Unicode (Cf), every control but tab and newline, the line and paragraph
#: separators, and the characters that draw nothing though they are letters or marks.
HIDDEN_CHARACTERS = sorted(
    {chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"}
    | {chr(c) for c in [*range(0x00, 0x20), *range(0x7F, 0xA0)] if chr(c) not in "\t\n"}
    | set("\u2028\u2029\u3164\u115f\u1160\uffa0\u2800\u034f\ufe0f\U000e0100")
)


def test_the_list_is_the_one_a_hostile_corpus_needs() -> None:
    assert len(HIDDEN_CHARACTERS) > 200


@pytest.mark.parametrize("char", HIDDEN_CHARACTERS, ids=lambda c: f"U+{ord(c):04X}")
def test_every_renderer_escapes_a_hidden_character(char: str) -> None:
    text = f"a{char}b"
    assert HIDDEN.search(text)
    for rendered in (visible(text), command_line(text), one_line(text), consent_text(text)):
        assert char not in rendered
    dumped = json_escaped(json.dumps({"symptom": text}, ensure_ascii=False))
    assert char not in dumped and json.loads(dumped) == {"symptom": text}
    entry = shown(EntryContent(key="k", domain="data", symptom=text, fix=text, tags=(text,)))
    assert char not in entry.symptom + entry.fix + "".join(entry.tags)


@given(st.text())
def test_visible_text_holds_nothing_hidden_and_plain_text_is_unchanged(text: str) -> None:
    assert HIDDEN.search(visible(text)) is None
    if HIDDEN.search(text) is None:
        assert visible(text) == text


def test_each_ascii_character_is_shown_as_the_full_scan_shows_it() -> None:
    for code in range(128):
        text = f"a{chr(code)}b"
        assert (visible(text) == text) is (HIDDEN.search(text) is None)


@pytest.mark.parametrize(
    ("padding", "counted"),
    [
        (" " * 3000, "⟨3,000 spaces⟩"),
        ("\u00a0" * 3000, "⟨3,000 x U+00A0⟩"),  # to a shell, part of a word; on screen, a space
        ("\u3000" * 40, "⟨40 x U+3000⟩"),
        ("\t" * 3000, "⟨3,000 x \\t⟩"),
        ("\n" * 200, "⟨200 x \\n⟩"),
        ("\u200b" * 3000, "⟨3,000 x \\u200b⟩"),
        (" \t" * 1500, "⟨1,500 spaces and 1,500 x \\t⟩"),
    ],
)
def test_a_command_padded_with_any_blank_is_one_short_line_saying_how_many(
    padding: str, counted: str
) -> None:
    command = "touch /tmp/x;" + padding + "echo harmless"
    line, length = consent_text(command).split("\n")
    assert line == f"$ touch /tmp/x;{counted}echo harmless"
    assert length == f"({len(command):,} characters; all of it runs)"


def test_two_spaces_in_a_command_stay_as_they_are() -> None:
    assert consent_text("echo a  b").split("\n")[0] == "$ echo a  b"
