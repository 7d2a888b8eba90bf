"""Text made safe to show: what a terminal would act on, or what hides text, shown as an escape.

Entry text may come from a shared file or another team's wiki, so it is never handed to a terminal
or a rendered page as it is: `visible()` shows every character a terminal would act on (escape
sequences that clear a line, move the cursor or write the clipboard) or that would hide or reorder
text (bidirectional overrides, zero-width characters) as an escape, `\\x1b` or `\\u202e`.
`command_line()` does the same for a command about to run, newlines included, so that what the
user agrees to is exactly what runs.

Standard library and kb.patterns only: `kb search` prints through it, and its patterns (one a class
of some sixty ranges, 9 million instructions to compile, about a twelfth of Python's own start) are
compiled on first use, from the user's cache (kb.patterns).
"""

from __future__ import annotations

import re

from kb.patterns import LazyPattern

#: C0 controls but tab and newline, DEL, C1 controls; every format character (Unicode's Cf: bidi
#: marks and overrides, zero-width characters, the soft hyphen, tag characters, …); the line and
#: paragraph separators; and the characters that draw nothing though they are letters or marks
#: (Hangul fillers, the braille blank, the combining grapheme joiner, variation selectors). (Tab and
#: newline lay text out; a command line escapes them too.)
HIDDEN = LazyPattern(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"
    "\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)
_HIDDEN_OR_LAYOUT = LazyPattern(f"[\t\n{HIDDEN.pattern[1:-1]}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    named = {9: "\\t", 10: "\\n", 13: "\\r"}.get(code)
    if named:
        return named
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str) -> str:
    """TEXT with every character a terminal would act on, or that hides text, shown as an escape."""
    if text.isascii() and text.isprintable():  # most text: told in C, where HIDDEN's ranges take a scan
        return text
    return HIDDEN.sub(_escape, text) if HIDDEN.search(text) else text


def exception_line(exc: BaseException) -> str:
    """EXC's message as one line a terminal shows as it is (its class's name when it has none): kb's
    own trouble said beside a user's failure, by a host that must not print a traceback there."""
    return visible(" ".join(str(exc).split())) or type(exc).__name__


def shell_word(text: str) -> str:
    """TEXT as one word a shell reads back as TEXT (quoted when it holds a space or a quote: a
    hint's `kb trust /home/me/my project/.kb` could not be pasted as printed), shown as visible()
    shows text."""
    import shlex

    return visible(shlex.quote(text))


def command_line(command: str) -> str:
    """COMMAND as one line of exactly what will run: newlines and tabs escaped too."""
    return _HIDDEN_OR_LAYOUT.sub(_escape, command)


def json_escaped(text: str) -> str:
    """JSON TEXT with every hidden character inside its strings written as a \\u escape: the same
    data for a program, and nothing a terminal or a viewer would act on for a person (JSON itself
    escapes only C0 controls)."""
    return HIDDEN.sub(_json_escape, text) if HIDDEN.search(text) else text


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


#: Three or more blank characters in a row: spaces of any kind, layout characters, characters that
#: draw nothing. Padding of this kind pushes what comes before it off the screen.
_PADDING = LazyPattern(f"(?:\\s|[{HIDDEN.pattern[1:-1]}]){{3,}}")


def consent_text(command: str) -> str:
    """COMMAND as a person is asked to run it: command_line(), each run of three or more blank
    characters counted (`⟨3,000 spaces⟩`, `⟨1,500 spaces and 1,500 x \\t⟩`), and its length, so
    that everything that will run is in the lines right above the question."""
    shown, start = [], 0
    for run in _PADDING.finditer(command):
        shown += [command_line(command[start : run.start()]), f"⟨{_counted(run.group())}⟩"]
        start = run.end()
    shown.append(command_line(command[start:]))
    return f"$ {''.join(shown)}\n({len(command):,} characters; all of it runs)"


def _counted(blanks: str) -> str:
    """`3,000 spaces`, `200 x \\n`, `3 x U+00A0`: how many of each blank character, in order."""
    counts: dict[str, int] = {}
    for blank in blanks:
        counts[blank] = counts.get(blank, 0) + 1
    parts = []
    for blank, count in counts.items():
        if blank == " ":
            parts.append(f"{count:,} spaces" if count != 1 else "1 space")
        else:
            name = command_line(blank)
            parts.append(f"{count:,} x {name if name != blank else f'U+{ord(blank):04X}'}")
    return " and ".join(parts)


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 entry`, `3 entries`."""
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"
