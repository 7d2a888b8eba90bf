"""What every command-line face shares, with the standard library alone: the one place an error becomes
a line on stderr and an exit code, plain output, terminal facts, and the questions asked at a prompt.

The fast faces (`kb search`, `kb add`) and the Typer app (kb.cli.common) both use these, so that a
message, a JSON document, a bold key or a wrapped line looks the same whichever parser read the
command line. Nothing here imports Typer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

from kb.errors import KbError, failure_text

#: Exit code for Ctrl-C, as shells report a SIGINT.
INTERRUPTED = 130


def usage_message(prog: str, message: str) -> str:
    """`search: MESSAGE (see kb search --help)`: what a bad command line gets, from either parser."""
    command = prog.removeprefix("kb").strip()
    return f"{command + ': ' if command else ''}{message} (see {prog} --help)"


def error_line(exc: BaseException) -> str:
    """`kb: message`, with whatever the message quotes from a stranger's file (a key, a line of TOML)
    shown through kb.entry.visible: an error line acts on the terminal no more than an entry does.
    One line, whatever it quotes: a key typed with a line break in it (`kb show $'a\\nb'`) split
    the error in two, the second half reading as another message."""
    from kb.entry.visible import visible
    from kb.paths import without_passwords

    return f"kb: {visible(without_passwords(str(exc))).replace(chr(10), chr(92) + 'n')}"


def writes_so_far() -> int:
    """How many write transactions this process has committed (kb.store.entry_store)."""
    store = sys.modules.get("kb.store.entry_store")  # not imported: nothing was written through it
    return store.writes_committed if store is not None else 0


def report_error(exc: BaseException, writes_before: int = 0) -> int:
    """The one place an expected failure becomes `kb: message` on stderr; returns its exit code.

    An OSError that no command turned into a KbError (a team folder kb may not write, a file another
    program holds) is one line too, naming the place: never a traceback. An interrupted command
    says "nothing was written" only when it committed nothing since WRITES_BEFORE (writes_so_far()
    as it started): `kb review` saves each decision as it is made."""
    if isinstance(exc, KbError):
        sys.stderr.write(error_line(exc) + "\n")
        return exc.exit_code
    if isinstance(exc, OSError):
        return _report_os_error(exc)
    if writes_so_far() > writes_before:
        sys.stderr.write("kb: interrupted; what it had saved before stays saved, nothing is half-written\n")
    else:
        sys.stderr.write("kb: interrupted; nothing was written\n")
    return INTERRUPTED


def _report_os_error(exc: OSError) -> int:
    if isinstance(exc, BrokenPipeError):  # the reader left (`kb ... | head`): nothing to tell it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    sys.stderr.write(error_line(KbError(failure_text(exc))) + "\n")
    return 1


def standard_streams_open() -> bool:
    """Make a closed standard stream (`kb … <&-`, `>&-`: Python's sys.stdin is then None) something
    kb can talk to, or refuse in one line. A closed stdin reads as empty, as /dev/null does: `kb
    search -` finds nothing to search, `kb tui` has no terminal. A closed stdout leaves nowhere to
    print what was asked for: False, after saying so on stderr (if that is open)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115  (open for the process's life)
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        sys.stderr.write("kb: standard output is closed: nowhere to print; nothing was done\n")
        return False
    return True


def run_reporting_errors(command: Callable[[], int]) -> int:
    """Run COMMAND; an expected failure or Ctrl-C becomes one line and its exit code."""
    before = writes_so_far()
    try:
        return command()
    except (KbError, OSError, KeyboardInterrupt, EOFError) as exc:
        return report_error(exc, before)


def echo(message: str, err: bool = False) -> None:
    (sys.stderr if err else sys.stdout).write(message + "\n")


def print_lines(lines: Iterable[str]) -> int:
    """Print LINES as they come; how many there were (at least one when the reader left before the
    first, which is still a line there was). A reader that leaves early (`kb list | head`) ends the
    printing quietly: the rest is not read at all."""
    count = 0
    try:
        for line in lines:
            count += 1
            sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout once more as it exits: point it at nothing, so that it cannot fail.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        close = getattr(lines, "close", None)
        if close is not None:
            close()  # the reading behind LINES ends now, while its database is still open
    return count


def print_json(data: Any) -> None:
    """DATA as JSON on stdout; on a stream that cannot carry every character (a C or Latin-1
    locale), with the others as \\u escapes: still the same JSON for a program."""
    import json  # deferred: the commands typed mid-incident print text unless asked

    from kb.entry.visible import json_escaped

    wide = carries_any_text(sys.stdout)
    sys.stdout.write(json_escaped(json.dumps(data, ensure_ascii=not wide, indent=2)) + "\n")


def carries_any_text(stream: object) -> bool:
    """Whether STREAM encodes every character: kb prints `…`, `→` and the seeds' Chinese, which the
    stream of a C or Latin-1 locale cannot carry."""
    import codecs  # imported by every Python as it starts: free

    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def fit_output_to_locale() -> None:
    """Under a locale whose encoding is not UTF-8 (`LC_ALL=C`, a Latin-1 terminal), a character the
    terminal cannot show is written as its escape (`\\u2026`), not a crash halfway through a
    listing. Files kb writes stay UTF-8 (kb.paths.write_atomically)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not carries_any_text(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def interactive() -> bool:
    """Prompts only make sense when a person is at the keyboard."""
    return sys.stdin.isatty()


def width() -> int:
    """The terminal's width for wrapped text: 80 columns when it cannot be told, never over 120.

    What shutil.get_terminal_size does ($COLUMNS, then the terminal), without importing shutil:
    `kb search` is typed mid-incident, and shutil costs it three milliseconds.
    """
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return min(int(columns), 120)
    try:
        found = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
    except (AttributeError, ValueError, OSError):
        found = 0
    return min(found or 80, 120)


def wrap(text: str, columns: int) -> list[str]:
    """TEXT's words in lines of at most COLUMNS characters (COLUMNS > 0), each line as full as the
    next word allows; a word longer than a line is cut, filling the line it starts on first.

    textwrap.wrap(text, columns, break_on_hyphens=False) but for that cut (textwrap can leave the
    line before it one space over), without textwrap: it compiles its patterns when imported, and
    that import and its wrapping of each result cost every `kb search` six million instructions."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while word:
            room = columns - len(line) - 1 if line else columns
            if len(word) <= room:
                line = f"{line} {word}" if line else word
                word = ""
                continue
            if len(word) > columns and room > 0:
                piece, word = word[:room], word[room:]
                line = f"{line} {piece}" if line else piece
            lines.append(line)
            line = ""
    if line:
        lines.append(line)
    return lines


def bold(text: str) -> str:
    """TEXT in bold on a terminal that shows it: not with NO_COLOR, not on TERM=dumb (Emacs' shell,
    a CI log), which prints the escape codes as they are."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb" or not sys.stdout.isatty():
        return text
    return f"\x1b[1m{text}\x1b[0m"


class TerminalAsker:
    """Questions at the terminal prompt, for `kb add`, `kb edit` and `kb triage` on either face."""

    def text(self, question: str, default: str | None = None) -> str:
        while True:
            suffix = f" [{default}]" if default else ""
            answer = _answer(f"{question}{suffix}: ").strip()
            if answer or default is not None:
                return answer or (default or "")

    def confirm(self, question: str, default: bool) -> bool:
        answer = _answer(f"{question} [{'Y/n' if default else 'y/N'}]: ").strip().lower()
        return default if not answer else answer.startswith("y")


def _answer(prompt: str) -> str:
    """What is typed at PROMPT, as text: a byte that is not UTF-8 (a line pasted from a Latin-1
    log) becomes U+FFFD, as it does in an argument (kb.__main__). As it came, it failed the whole
    `kb add` after its last question, with a traceback, and every answer was lost."""
    stdin = sys.stdin
    if getattr(stdin, "errors", None) == "strict" and hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="surrogateescape")
    return input(prompt).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
