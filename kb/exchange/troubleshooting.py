"""TROUBLESHOOTING.md pages back into the knowledge base: a heading per problem, with Symptom /
Cause / Resolution parts under it (as headings, or as bold labels), read from markdown-it-py's tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.entry.content import clean_text
from kb.errors import EntryFileError
from kb.exchange.markdown_tokens import (
    COLONS,
    ImportedRow,
    cells_by_row,
    closing_index,
    domain_named,
    first_code,
    inline_pieces,
    inline_text,
    part_field,
    token_line,
)

if TYPE_CHECKING:
    from markdown_it.token import Token


#: The level given to a bold-label part: deeper than any heading, so any heading ends it.
_BOLD_LEVEL = 7


@dataclass(frozen=True)
class _Block:
    """A block of a page, flattened: a heading, a bold-label paragraph, or content."""

    kind: str  # "heading", "label" or "content"
    line: int
    text: str
    level: int = 0
    part: str | None = None
    label: str = ""
    code: str | None = None
    #: A table row's cells, turned into text only if a part takes the row in: on a page of tables
    #: and no problem sections, no part ever does.
    cells: tuple[Token, ...] = ()

    def content(self) -> str:
        return " | ".join(inline_text(cell) for cell in self.cells) if self.cells else self.text


@dataclass
class _Part:
    name: str
    label: str
    line: int
    level: int
    texts: list[str] = field(default_factory=list)
    code: str | None = None


@dataclass
class _Problem:
    heading: _Block
    domain: str | None
    parts: list[_Part] = field(default_factory=list)


def section_rows(tokens: Sequence[Token], path: str) -> list[ImportedRow]:
    """One row per problem section of the page that has parts (Symptom, Cause, Fix, Validation)."""
    rows = []
    for problem in _problems(_blocks(tokens)):
        fields = _problem_fields(problem, path)
        if fields is not None:
            rows.append(ImportedRow(fields=fields, path=path, line=problem.heading.line))
    return rows


def _blocks(tokens: Sequence[Token]) -> list[_Block]:
    blocks: list[_Block] = []
    marker = ""
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open":
            inline = tokens[index + 1]
            text = inline_text(inline)
            level = int(token.tag[1:])
            part = part_field(text)
            blocks.append(_Block("heading", token_line(token), text, level, part, text, first_code(inline)))
        elif token.type == "list_item_open":
            marker = f"{token.info}{token.markup} "
        elif token.type == "paragraph_open":
            blocks += _paragraph(tokens[index + 1], token_line(token), marker)
            marker = ""
        elif token.type in ("fence", "code_block", "html_block"):
            text = token.content.rstrip("\n")
            code = _first_code_line(text) if token.type != "html_block" else None
            blocks.append(_Block("content", token_line(token), marker + text, code=code))
            marker = ""
        elif token.type == "table_open":
            end = closing_index(tokens, index)
            rows = cells_by_row(tokens[index : end + 1])
            blocks += [_Block("content", line, "", cells=tuple(cells)) for line, cells in rows]
            index = end
        index += 1
    return blocks


def _paragraph(inline: Token, line: int, marker: str) -> list[_Block]:
    """A paragraph's blocks: each line that starts with a bold label (`**Fix:** ...`) starts a part."""
    blocks: list[_Block] = []
    for offset, children in enumerate(_lines_of(inline.children or [])):
        label = _bold_label(children, line + offset)
        if label is None:
            text = clean_text("".join(text for text, _ in inline_pieces(children)))
            code = next((c.content for c in children if c.type == "code_inline"), None)
            label = _Block("content", line + offset, marker + text, code=code)
        blocks.append(label)
        marker = ""
    return blocks


def _lines_of(children: Sequence[Token]) -> list[list[Token]]:
    lines: list[list[Token]] = [[]]
    for child in children:
        if child.type in ("softbreak", "hardbreak"):
            lines.append([])
        else:
            lines[-1].append(child)
    return lines


def _bold_label(children: Sequence[Token], line: int) -> _Block | None:
    """`**Symptom:** text` (or `**Symptom**: text`) as a label block, else None."""
    while children and children[0].type == "text" and not children[0].content.strip():
        children = children[1:]  # markdown-it starts a paragraph with an empty text token
    close = next((i for i, c in enumerate(children) if c.type == "strong_close"), None)
    if not children or children[0].type != "strong_open" or close is None:
        return None
    inner = children[1:close]
    if not all(c.type in ("text", "text_special") for c in inner):
        return None
    label = "".join(c.content for c in inner).strip().rstrip("".join(COLONS)).strip()
    part = part_field(label)
    if part is None:
        return None
    rest = children[close + 1 :]
    text = "".join(text for text, _ in inline_pieces(rest)).lstrip()
    text = clean_text(text[1:] if text[:1] in COLONS else text)
    code = next((c.content for c in rest if c.type == "code_inline"), None)
    return _Block("label", line, text, part=part, label=label, code=code)


def _first_code_line(code: str) -> str | None:
    """The first command in a code block: not blank, not a comment, without a `$ ` prompt."""
    for line in code.split("\n"):
        text = line.strip()
        if text and not text.startswith("#"):
            return text.removeprefix("$ ").strip()
    return None


def _problems(blocks: Sequence[_Block]) -> list[_Problem]:
    """Group the parts (label headings, bold labels) under the heading that owns them.

    A label heading belongs to the nearest heading above it of a higher level; a bold label to the
    nearest heading. A part runs until the next part, or a heading that is not inside it.
    """
    problems: list[_Problem] = []
    stack: list[tuple[int, _Problem]] = []
    part: _Part | None = None
    for block in blocks:
        if block.kind == "content" or (
            block.kind == "heading" and block.part is None and _inside(block, part)
        ):
            if part is not None:
                part.texts.append(block.content())
                part.code = part.code or block.code
            continue
        if block.kind == "label":
            part = _Part(block.part or "", block.label, block.line, _BOLD_LEVEL, [block.text], block.code)
        else:
            while stack and stack[-1][0] >= block.level:
                stack.pop()
            if block.part is None:
                problem = _Problem(block, _ancestor_domain(stack))
                stack.append((block.level, problem))
                problems.append(problem)
                part = None
                continue
            part = _Part(block.part, block.label, block.line, block.level)
        if stack:
            stack[-1][1].parts.append(part)
    return problems


def _inside(heading: _Block, part: _Part | None) -> bool:
    return part is not None and heading.level > part.level


def _ancestor_domain(stack: Sequence[tuple[int, _Problem]]) -> str | None:
    return next((domain_named(p.heading.text) for level, p in stack if level == 2), None)


def _problem_fields(problem: _Problem, path: str) -> dict[str, object] | None:
    if not problem.parts:
        return None
    texts: dict[str, list[str]] = {}
    codes: dict[str, str] = {}
    for part in problem.parts:
        text = clean_text("\n".join(part.texts))
        if not text:
            raise EntryFileError(path, part.line, f"'{part.label}' has nothing under it")
        texts.setdefault(part.name, []).append(text)
        if part.code and part.name not in codes:
            codes[part.name] = part.code
    values = {name: "\n".join(found) for name, found in texts.items()}
    symptom = values.get("symptom") or problem.heading.text
    if not symptom or not (values.get("fix") or values.get("root_cause")):
        return None
    fields: dict[str, object] = {"symptom": symptom}
    for name in ("validation", "fix", "root_cause"):
        if name in values:
            fields[name] = codes.get(name, values[name]) if name == "validation" else values[name]
    if problem.domain is not None:
        fields["domain"] = problem.domain
    return fields
