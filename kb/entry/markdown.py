"""How entry text becomes Markdown that shows exactly that text: the one escaper for every page kb writes.

Entry files (kb.entry.file), the wiki tables (kb.exchange.markdown_tables), the fault tree as a
Markdown list (kb.exchange.fault_tree_pages) and the TUI's entry pane (kb.tui.render) all escape
with these, so a symptom full of pipes, backticks, `<script>` or `#` renders the same everywhere: on
GitHub, on GitLab and in Textual's Markdown widget. A backslash before any ASCII punctuation is a
literal in CommonMark, so escaping a character that needed no escape is harmless; the reverse is what
breaks pages.

Pure.
"""

from __future__ import annotations

from kb.entry.terminal import one_line
from kb.entry.visible import HIDDEN, visible
from kb.patterns import LazyPattern

#: Characters that carry inline meaning on GitHub or GitLab: emphasis, code, links (an image's `!` is
#: harmless once its `[` is escaped), tables, strikethrough, math, and `#`, which starts a heading at
#: the start of a list item or a quote.
BACKSLASHED = frozenset("\\|*_`[]~$#")
#: HTML's own: written as entities, which every renderer decodes.
ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
#: What starts a list when it opens a line (`- x`, `+ x`, `1. x`, `1) x`): its last character is escaped.
LIST_MARKER = LazyPattern(r"^ *(?:[-+]|\d{1,9}[.)])")


def escape_text(text: str, separators: frozenset[str] = frozenset()) -> str:
    """TEXT as inline Markdown that renders as exactly TEXT; a newline becomes `<br>`.

    A character that hides text or acts on a terminal is shown as its escape (`\\u200b`, as
    visible() writes it) with a bare backslash, which CommonMark keeps as text, while a backslash of
    the text is written `\\\\`: the page shows both alike, and a parser tells them apart
    (kb.exchange.markdown_tokens reads the first back as the character).

    SEPARATORS are escaped too (a backslash for ASCII punctuation, a numeric entity otherwise), so
    that a list joined with them can be split again.
    """
    escaped = "".join(_escape_char(char, separators) for char in text)
    marker = LIST_MARKER.match(escaped)
    if marker:
        escaped = f"{escaped[: marker.end() - 1]}\\{escaped[marker.end() - 1 :]}"
    return escaped


def _escape_char(char: str, separators: frozenset[str]) -> str:
    if char == "\n":
        return "<br>"
    if HIDDEN.match(char):
        return visible(char)
    if char in ENTITIES:
        return ENTITIES[char]
    if char in BACKSLASHED or (char in separators and char.isascii()):
        return "\\" + char
    if char in separators:
        return f"&#x{ord(char):X};"
    return char


def escape_line(text: str) -> str:
    """TEXT on one line (whitespace runs one space, control characters made visible), escaped."""
    return escape_text(one_line(text))


def escape_heading(text: str) -> str:
    """TEXT as the text of an ATX heading: one line, and a `#` never closes the heading."""
    return escape_text(" ".join(text.split("\n")))


def code_span(text: str, in_table: bool = False) -> str:
    """TEXT as an inline code span, with a fence longer than any run of backticks inside it.

    CommonMark strips one space from each end of a span only when both ends have one, and a fence
    cannot touch a backtick of the text, so the text is padded exactly then. Inside a GFM table a `|`
    would end the cell even in code: IN_TABLE writes it `\\|`, which GFM shows as `|`. Text that cannot
    be a code span (empty, blank, on several lines, or holding a hidden character, which a span could
    neither show nor escape) becomes escaped text instead.
    """
    if not text.strip(" ") or "\n" in text or HIDDEN.search(text):
        return escape_text(text)
    fence = "`" * (_longest_backtick_run(text) + 1)
    spaced = text.startswith(" ") and text.endswith(" ")
    pad = " " if text.startswith("`") or text.endswith("`") or spaced else ""
    body = text.replace("|", "\\|") if in_table else text
    return f"{fence}{pad}{body}{pad}{fence}"


def _longest_backtick_run(text: str) -> int:
    longest = run = 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    return longest


def code_block(text: str, info: str = "") -> str:
    """TEXT as a fenced code block that no backtick run inside it can close early."""
    fence = "`" * max(3, _longest_backtick_run(text) + 1)
    return f"{fence}{info}\n{text}\n{fence}"
