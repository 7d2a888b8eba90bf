"""Text made safe to show: what a terminal would act on, or what hides text, shown as an escape.

Entry text may come from a shared file or another team's wiki, so it is never handed to a terminal
or a rendered page as it is: `visible()` shows every character a terminal would act on (escape
sequences that clear a line, move the cursor or write the clipboard) or that would hide or reorder
text (bidirectional overrides, zero-width characters) as an escape, `\\x1b` or `\\u202e`.
`command_line()` does the same for a command about to run, newlines included, so that what the
user agrees to is exactly what runs.

Standard library only, and nothing else imported: `kb search` prints through it.
"""

from __future__ import annotations

import re

#: C0 controls but tab and newline, DEL, C1 controls, and the format characters that hide or reorder
#: text. (Tab and newline lay text out; a command line escapes them too.)
HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_HIDDEN_OR_LAYOUT = re.compile(f"[\t\n{HIDDEN.pattern[1:-1]}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    named = {9: "\\t", 10: "\\n", 13: "\\r"}.get(code)
    return named or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: str) -> str:
    """TEXT with every character a terminal would act on, or that hides text, shown as an escape."""
    return HIDDEN.sub(_escape, text) if HIDDEN.search(text) else text


def command_line(command: str) -> str:
    """COMMAND as one line of exactly what will run: newlines and tabs escaped too."""
    return _HIDDEN_OR_LAYOUT.sub(_escape, command)


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 entry`, `3 entries`."""
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"
