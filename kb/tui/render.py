"""Entries and results as text for the TUI: pure functions from data to strings.

Entry text is a person's, so it is never trusted as Markdown structure where a stray character
would change the page: the symptom, the validation and the snippet go in fenced blocks longer than
any backtick run inside them; one-line fields are escaped. The fix, root cause and other prose
sections are Markdown in entry files already, and render as such.
"""

from __future__ import annotations

from collections.abc import Iterator

from kb.entry.content import EntryContent
from kb.entry.markdown import code_block, code_span, escape_line
from kb.entry.terminal import one_line, shown
from kb.entry.visible import command_line

#: How much of one prose field the pane renders as Markdown: characters, and paragraphs (blocks).
#: Textual makes a widget of every paragraph, list item and code block, and lays them all out: 34 KB
#: of a case's paragraphs and lists froze the screen for 4 s, 100 KB for 15 s, 520 KB for minutes.
#: A person reads the rest with kb show, or in the file.
PROSE_SHOWN = 6_000
PROSE_BLOCKS_SHOWN = 40


def _within_reach(text: str, key: str) -> str:
    """TEXT, or as much of it as PROSE_SHOWN and PROSE_BLOCKS_SHOWN allow, cut where a paragraph
    ends, and how much is left."""
    ends = [i for i, _ in zip(_paragraph_ends(text), range(PROSE_BLOCKS_SHOWN + 1), strict=False)]
    if len(text) <= PROSE_SHOWN and len(ends) <= PROSE_BLOCKS_SHOWN:
        return text
    within = [end for end in ends[:PROSE_BLOCKS_SHOWN] if end <= PROSE_SHOWN]
    kept = text[: within[-1]] if within else text[:PROSE_SHOWN]
    left = len(text) - len(kept)
    return f"{kept}\n\n*… {left:,} more characters: `kb show {escape_line(key)}` shows them all.*"


def _paragraph_ends(text: str) -> Iterator[int]:
    """Where each paragraph of TEXT (a blank line after it) ends, and each line of a list."""
    start = 0
    while True:
        found = min(
            (at for at in (text.find("\n\n", start), text.find("\n- ", start)) if at != -1), default=-1
        )
        if found == -1:
            return
        yield found
        start = found + 1


def entry_markdown(content: EntryContent, facts: str = "") -> str:
    """The entry as one Markdown page: what you saw, the one line that proves it, the fix, then why."""
    content = shown(content)
    title = f"**{escape_line(content.key)}** · {escape_line(content.domain)}"
    if content.cause_path:
        title += f" · {escape_line(content.cause_path)}"
    if "\n" in content.symptom:
        parts = [title, code_block(content.symptom)]
    else:  # one line, the usual case: a quote takes three lines fewer than a code block
        parts = [title, f"> {escape_line(content.symptom)}"]
    # Validation and fix come first and take few lines: a bold label, not a heading, and the command
    # as a quote that wraps to the pane (a code block would be clipped at 80 columns).
    if content.validation:
        parts.append(
            f"**Validation** · c copies it, x runs it\n> $ {escape_line(command_line(content.validation))}"
        )
    else:
        parts.append("**Validation** · *none yet: add one with Edit (e).*")
    if content.fix:
        parts += [f"**Fix** · f copies it\n\n{_within_reach(content.fix, content.key)}"]
    if content.symptom_variants:
        variants = "\n".join(f"- {escape_line(v)}" for v in content.symptom_variants)
        parts += ["### Also seen as", variants]
    for heading, value in (
        ("Root cause", content.root_cause),
        ("Conditions", content.conditions),
        ("Environment", content.environment),
        ("Case", content.case),
    ):
        if value:
            parts += [f"### {heading}", _within_reach(value, content.key)]
    if content.snippet:
        parts += ["### Snippet", code_block(content.snippet, "python")]
    about = []
    if content.tags:
        about.append("Tags: " + ", ".join(code_span(one_line(t)) for t in content.tags))
    if content.related:
        about.append("Related: " + ", ".join(code_span(one_line(r)) for r in content.related))
    if content.applies_to:
        about.append("Applies to: " + ", ".join(code_span(one_line(c)) for c in content.applies_to))
    about.append(f"Source: {escape_line(content.source)}")
    if content.guards:
        about.append(
            f"Guards: {len(content.guards)} ({', '.join(sorted({g['kind'] for g in content.guards}))})"
        )
    if facts:
        about.append(escape_line(facts))
    parts += ["---", "  \n".join(about)]
    return "\n\n".join(parts) + "\n"
