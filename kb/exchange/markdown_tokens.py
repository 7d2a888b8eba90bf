"""Reading Markdown for kb import: markdown-it-py's tokens, and the words that name entry fields.

What the two wiki readers share, the table reader (kb.exchange.markdown_tables) and the
TROUBLESHOOTING.md section reader (kb.exchange.troubleshooting): the loose header and label vocabulary,
in English and Chinese, and helpers that turn inline tokens back into the text they show. Nothing here
looks at raw text with regexes for structure; markdown-it-py decides what is a table, a heading or
code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.domains import DOMAINS, resolve_domain
from kb.entry.content import clean_text
from kb.entry.visible import HIDDEN
from kb.errors import UnknownDomain

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token


#: field → the headers (and TROUBLESHOOTING.md labels) that name it, compared case- and
#: punctuation-insensitively. The first four are also the parts of a problem section.
HEADER_NAMES: dict[str, tuple[str, ...]] = {
    "symptom": (
        "symptom", "symptoms", "problem", "error", "issue", "error message",
        "现象", "问题现象", "故障现象", "症状", "报错", "问题",
    ),
    "validation": (
        "validation", "validation command", "check", "verify", "verification", "command", "diagnosis",
        "验证命令", "验证", "检查命令", "检查",
    ),
    "fix": ("fix", "solution", "resolution", "workaround", "修复方案", "修复", "解决方案", "解决办法"),
    "root_cause": ("root cause", "cause", "根因", "原因"),
    "key": ("key", "slug"),
    "tags": ("tags", "tag", "标签"),
    "cause_path": ("cause path", "故障路径"),
    "domain": ("domain", "fault domain", "领域", "故障域"),
    "conditions": ("conditions", "reproduce conditions", "复现条件"),
    "environment": ("environment", "env", "环境"),
    "source": ("source", "来源"),
    "symptom_variants": ("symptom variants", "variants", "症状变体"),
    "related": ("related", "相关"),
    "case": ("case", "案例"),
    "status": ("status", "状态"),
}  # fmt: skip

SECTION_PARTS = ("symptom", "root_cause", "fix", "validation")

_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
#: The invisible anchor `kb export markdown` puts in each row's first cell: it carries the entry's key
#: back to an import, and lets a wiki link to the row (`wiki.md#cuda-device-side-assert`).
ANCHOR = re.compile(r'<a\s+(?:id|name)="([a-z0-9]+(?:-[a-z0-9]+)*)"\s*>', re.IGNORECASE)
COLONS = (":", "\uff1a")  # and the fullwidth colon
_HEADING_SEPARATORS = ("\u2014", "\u2013", " - ", *COLONS)  # em dash, en dash


def _squash(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


_FIELD_BY_NAME = {_squash(name): name_field for name_field, names in HEADER_NAMES.items() for name in names}


@dataclass(frozen=True)
class ImportedRow:
    """One fault read from a wiki page: the EntryContent fields the source had, and where it was."""

    fields: dict[str, object]
    path: str
    line: int


_markdown: MarkdownIt | None = None


def markdown_parser() -> MarkdownIt:
    """One parser for the process, built on first use."""
    global _markdown
    if _markdown is None:
        from markdown_it import MarkdownIt  # deferred: ~45 ms that most commands never need

        # text_join off: escapes and entities stay `text_special` tokens, so an escaped `;` in a
        # list cell can be told from a separator.
        _markdown = MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable("text_join")
    return _markdown


def column_field(header: str) -> str | None:
    """The field a table header names, loosely: `Root-cause`, `Fix / workaround`, `验证命令`."""
    whole = _FIELD_BY_NAME.get(_squash(header))
    if whole is not None:
        return whole
    for segment in re.split(r"[^\w\s]|_", header):
        found = _FIELD_BY_NAME.get(_squash(segment))
        if found is not None:
            return found
    return None


def part_field(label: str) -> str | None:
    """The field a problem-section label names (`Symptom`, `Cause:`, `解决方案`), or None."""
    found = _FIELD_BY_NAME.get(_squash(label))
    return found if found in SECTION_PARTS else None


def domain_named(heading: str) -> str | None:
    """The kb domain a heading names (`data — Data loading and pipelines`, `Hardware`), or None."""
    head = heading
    for separator in _HEADING_SEPARATORS:
        head = head.split(separator, 1)[0]
    titles = {title.casefold(): name for name, title in DOMAINS.items()}
    for candidate in dict.fromkeys((head.strip(), heading.strip())):
        if candidate.casefold() in titles:
            return titles[candidate.casefold()]
        try:
            return resolve_domain(candidate)
        except UnknownDomain:
            continue
    return None


#: The escapes kb.entry.markdown writes a hidden character as, with a bare backslash (CommonMark
#: keeps it as text: markdown-it gives `\\u` as an escape token of its own, then the digits).
_HIDDEN_ESCAPE_DIGITS = {"\\x": 2, "\\u": 4, "\\U": 8}


def _hidden_character(escape: Token, after: Token | None) -> tuple[str, str] | None:
    """The hidden character a cell shows as `\\u200b` and the text after it, when ESCAPE (a bare
    backslash and its letter) and the text AFTER it spell one; a typed backslash is `\\\\` on the
    page, a different token, and stays text."""
    digits = _HIDDEN_ESCAPE_DIGITS.get(escape.content)
    if digits is None or escape.markup != escape.content or after is None or after.type != "text":
        return None
    code = after.content[:digits]
    if len(code) != digits or any(c not in "0123456789abcdef" for c in code):
        return None
    character = chr(min(int(code, 16), 0x10FFFF))
    return (character, after.content[digits:]) if HIDDEN.match(character) else None


def inline_pieces(children: Sequence[Token]) -> Iterator[tuple[str, bool]]:
    """Inline tokens as (text, literal) pieces. Literal pieces came from escapes, entities, code or
    breaks: a list separator in them is text, not a separator. A hidden character kb wrote as its
    escape comes back as the character."""
    hrefs: list[str] = []
    in_anchor = False
    rest: str | None = None  # what follows a hidden character in the next text token
    for index, child in enumerate(children):
        kind = child.type
        if rest is not None:
            yield rest, False
            rest = None
            continue
        if kind == "text_special" and child.info == "escape":
            hidden = _hidden_character(child, children[index + 1] if index + 1 < len(children) else None)
            if hidden is not None:
                character, rest = hidden
                yield character, True
                continue
        if kind == "html_inline" and ANCHOR.fullmatch(child.content.strip()):
            in_anchor = True  # a row's key (row_anchor), not text
            continue
        if in_anchor and kind == "html_inline" and child.content.strip().lower() == "</a>":
            in_anchor = False
            continue
        if kind == "text":
            yield child.content, False
        elif kind in ("text_special", "code_inline"):
            yield child.content, True
        elif kind in ("softbreak", "hardbreak"):
            yield "\n", True
        elif kind == "html_inline":
            yield ("\n" if _BREAK.fullmatch(child.content.strip()) else child.content), True
        elif kind == "image":
            yield from inline_pieces(child.children or [])
        elif kind == "link_open":
            hrefs.append("" if child.markup == "autolink" else str(child.attrGet("href") or ""))
        elif kind == "link_close" and hrefs and (href := hrefs.pop()):
            yield f" ({href})", True


def row_anchor(cells: Sequence[Token]) -> str | None:
    """The key an exported row carries in its anchor, if it has one."""
    for cell in cells:
        for child in cell.children or []:
            match = ANCHOR.fullmatch(child.content.strip()) if child.type == "html_inline" else None
            if match:
                return match.group(1)
    return None


def inline_text(token: Token) -> str:
    """An inline token turned back into the text it shows, cleaned like every stored text."""
    return clean_text("".join(text for text, _ in inline_pieces(token.children or [])))


def first_code(token: Token) -> str | None:
    return next((c.content for c in token.children or [] if c.type == "code_inline"), None)


def token_line(token: Token) -> int:
    return (token.map or [0])[0] + 1


def closing_index(tokens: Sequence[Token], start: int) -> int:
    """The index of the token that closes tokens[start]."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


def cells_by_row(tokens: Sequence[Token]) -> list[tuple[int, list[Token]]]:
    rows: list[tuple[int, list[Token]]] = []
    for token in tokens:
        if token.type == "tr_open":
            rows.append((token_line(token), []))
        elif token.type == "inline" and rows:
            rows[-1][1].append(token)
    return rows
