"""The knowledge base as a wiki page, and wiki pages back into the knowledge base.

A personal knowledge base becomes a team's when it can be pasted into the team wiki and taken back in.
A team's first-aid handbook usually starts as a plain three-column table, symptom | validation command
| fix, so that is what `render_markdown` writes: GitHub-flavoured Markdown, one table per fault domain,
that renders the same on GitHub and GitLab and, being deterministic (no timestamps, rows sorted by
key), diffs cleanly when the export lives in a wiki repository.

`parse_markdown` reads it back, and also what teams write by hand: tables whose headers only roughly
say "symptom", "check", "solution" (in English or Chinese), and TROUBLESHOOTING.md files with a heading
per problem and Symptom / Cause / Resolution parts under it. It works on markdown-it-py's token stream,
never on the raw text with regexes, so a `|` or `##` inside code is never mistaken for structure.

Every cell is escaped so that it shows exactly its text, and the parser undoes exactly that escaping,
which makes render → parse a lossless round trip for every exported column (a hypothesis property in
tests/test_wiki.py checks it over hostile text). markdown-it-py is imported lazily: kb keeps start-up
fast, and only the commands that import or export need it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.domains import DOMAIN_NAMES, DOMAINS, resolve_domain
from kb.entry import LIST_FIELDS, EntryContent, clean_list, clean_text
from kb.errors import EntryFileError, UnknownDomain, UsageError

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

DEFAULT_COLUMNS = ("symptom", "validation", "fix")
#: What `--columns` may add to the default three.
EXTRA_COLUMNS = (
    "key",
    "root_cause",
    "tags",
    "cause_path",
    "conditions",
    "environment",
    "source",
    "domain",
    "symptom_variants",
    "related",
    "case",
)
DEFAULT_TITLE = "kb knowledge base"

#: column → the header kb writes for it.
COLUMN_TITLES: dict[str, str] = {
    "symptom": "Symptom",
    "validation": "Validation command",
    "fix": "Fix",
    "key": "Key",
    "root_cause": "Root cause",
    "tags": "Tags",
    "cause_path": "Cause path",
    "conditions": "Conditions",
    "environment": "Environment",
    "source": "Source",
    "domain": "Domain",
    "symptom_variants": "Symptom variants",
    "related": "Related",
    "case": "Case",
}

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
}  # fmt: skip

SECTION_PARTS = ("symptom", "root_cause", "fix", "validation")

#: Characters that carry inline meaning on GitHub or GitLab (emphasis, code, links, strikethrough,
#: math, table cells); a backslash before ASCII punctuation is a literal in CommonMark.
_BACKSLASHED = frozenset("\\|*_`[]~$")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
#: List items are joined with "; "; a separator inside an item is escaped so the list stays splittable.
_LIST_SEPARATORS = frozenset(";\uff1b")  # and the fullwidth semicolon
#: Hand-written tag cells often use commas instead; kb escapes those inside its own tags too.
_TAG_SEPARATORS = frozenset(",\uff0c\u3001")  # and the fullwidth and ideographic commas
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_COLONS = (":", "\uff1a")  # and the fullwidth colon
_HEADING_SEPARATORS = ("\u2014", "\u2013", " - ", *_COLONS)  # em dash, en dash
#: The level given to a bold-label part: deeper than any heading, so any heading ends it.
_BOLD_LEVEL = 7


def _squash(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


_FIELD_BY_NAME = {_squash(name): name_field for name_field, names in HEADER_NAMES.items() for name in names}


# --- rendering --------------------------------------------------------------------------------------


def render_markdown(
    entries: Sequence[EntryContent], columns: Sequence[str] = DEFAULT_COLUMNS, title: str = DEFAULT_TITLE
) -> str:
    """ENTRIES as one GitHub-flavoured Markdown page: `# TITLE`, then a table per domain.

    Domains come in kb's order and only when they have entries; rows are sorted by key. The same
    entries in any order give the same bytes. Raises UsageError for an unknown or repeated column, or
    columns without the symptom (a table without one cannot be read back).
    """
    columns = checked_columns(columns)
    lines = [f"# {escape_heading(clean_text(title) or DEFAULT_TITLE)}"]
    groups = _by_domain(entries)
    for domain in DOMAIN_NAMES:
        if domain in groups:
            lines += ["", f"## {domain} — {escape_heading(DOMAINS[domain])}", ""]
            lines += _table(groups[domain], columns)
    return "\n".join(lines) + "\n"


def checked_columns(columns: Sequence[str]) -> tuple[str, ...]:
    known = (*DEFAULT_COLUMNS, *EXTRA_COLUMNS)
    seen: list[str] = []
    for column in columns:
        if column not in known:
            raise UsageError(f"unknown column '{column}' (known: {', '.join(known)})")
        if column in seen:
            raise UsageError(f"column '{column}' is given twice")
        seen.append(column)
    if "symptom" not in seen:
        raise UsageError("the columns must include 'symptom': a table without it cannot be read back")
    return tuple(seen)


def _by_domain(entries: Sequence[EntryContent]) -> dict[str, list[EntryContent]]:
    groups: dict[str, list[EntryContent]] = {}
    for entry in entries:
        groups.setdefault(resolve_domain(entry.domain), []).append(entry)
    return groups


def _table(entries: Sequence[EntryContent], columns: Sequence[str]) -> list[str]:
    header = _row([COLUMN_TITLES[c] for c in columns])
    rule = _row(["---"] * len(columns))
    rows = sorted((entry.key, _row([render_cell(entry, c) for c in columns])) for entry in entries)
    return [header, rule, *(row for _, row in rows)]


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def render_cell(entry: EntryContent, column: str) -> str:
    """ENTRY's COLUMN as the text of one table cell."""
    value = getattr(entry, column)
    if column == "validation":
        return code_cell(value)
    if column in LIST_FIELDS:
        separators = _LIST_SEPARATORS | (_TAG_SEPARATORS if column == "tags" else frozenset())
        return "; ".join(escape_cell(item, separators) for item in value)
    return escape_cell(str(value))


def escape_cell(text: str, separators: frozenset[str] = frozenset()) -> str:
    """TEXT as table-cell Markdown that renders as exactly TEXT; newlines become `<br>`.

    SEPARATORS are escaped too (a backslash for ASCII punctuation, a numeric entity otherwise), so a
    list joined with them can be split again.
    """
    return "".join(_escape_char(ch, separators) for ch in text)


def _escape_char(ch: str, separators: frozenset[str]) -> str:
    if ch == "\n":
        return "<br>"
    if ch in _ENTITIES:
        return _ENTITIES[ch]
    if ch in _BACKSLASHED or (ch in separators and ch.isascii()):
        return "\\" + ch
    if ch in separators:
        return f"&#x{ord(ch):X};"
    return ch


def escape_heading(text: str) -> str:
    """TEXT as the text of an ATX heading: one line, and a `#` never closes the heading."""
    return escape_cell(" ".join(text.split("\n"))).replace("#", "\\#")


def code_cell(command: str) -> str:
    """COMMAND as a code span that survives any backticks in it, with each `|` written `\\|` (GFM).

    A command with a newline cannot be a code span; it becomes escaped text with `<br>`.
    """
    if not command:
        return ""
    if "\n" in command or not command.strip(" "):
        return escape_cell(command)
    fence = "`" * (_longest_backtick_run(command) + 1)
    pad = " " if "`" in command or command[0] == " " or command[-1] == " " else ""
    body = command.replace("|", "\\|")
    return f"{fence}{pad}{body}{pad}{fence}"


def _longest_backtick_run(text: str) -> int:
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return longest


# --- parsing: shared --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportedRow:
    """One fault read from a wiki page: the EntryContent fields the source had, and where it was."""

    fields: dict[str, object]
    path: str
    line: int


_markdown: MarkdownIt | None = None


def _parser() -> MarkdownIt:
    global _markdown
    if _markdown is None:
        from markdown_it import MarkdownIt  # deferred: ~45 ms that most commands never need

        # text_join off: escapes and entities stay `text_special` tokens, so an escaped `;` in a
        # list cell can be told from a separator.
        _markdown = MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable("text_join")
    return _markdown


def parse_markdown(text: str, path: str = "<markdown>") -> list[ImportedRow]:
    """The faults in a Markdown page: rows of entry tables and TROUBLESHOOTING.md-style sections.

    Rows come in document order. Raises EntryFileError naming PATH and the line for malformed input.
    """
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    tokens = _parser().parse(text)
    rows = [*_table_rows(tokens, text.split("\n"), path), *_section_rows(tokens, path)]
    return sorted(rows, key=lambda row: row.line)


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


def _pieces(children: Sequence[Token]) -> Iterator[tuple[str, bool]]:
    """Inline tokens as (text, literal) pieces. Literal pieces came from escapes, entities, code or
    breaks: a list separator in them is text, not a separator."""
    hrefs: list[str] = []
    for child in children:
        kind = child.type
        if kind == "text":
            yield child.content, False
        elif kind in ("text_special", "code_inline"):
            yield child.content, True
        elif kind in ("softbreak", "hardbreak"):
            yield "\n", True
        elif kind == "html_inline":
            yield ("\n" if _BREAK.fullmatch(child.content.strip()) else child.content), True
        elif kind == "image":
            yield from _pieces(child.children or [])
        elif kind == "link_open":
            hrefs.append("" if child.markup == "autolink" else str(child.attrGet("href") or ""))
        elif kind == "link_close" and hrefs and (href := hrefs.pop()):
            yield f" ({href})", True


def inline_text(token: Token) -> str:
    """An inline token turned back into the text it shows, cleaned like every stored text."""
    return clean_text("".join(text for text, _ in _pieces(token.children or [])))


def _first_code(token: Token) -> str | None:
    return next((c.content for c in token.children or [] if c.type == "code_inline"), None)


def _line(token: Token) -> int:
    return (token.map or [0])[0] + 1


def _closing(tokens: Sequence[Token], start: int) -> int:
    """The index of the token that closes tokens[start]."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


# --- parsing: tables --------------------------------------------------------------------------------


def _table_rows(tokens: Sequence[Token], lines: Sequence[str], path: str) -> list[ImportedRow]:
    rows: list[ImportedRow] = []
    heading_domain: str | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open" and token.tag == "h2":
            heading_domain = domain_named(inline_text(tokens[index + 1]))
        elif token.type == "table_open":
            end = _closing(tokens, index)
            rows += _read_table(tokens[index : end + 1], lines, heading_domain, path)
            index = end
        index += 1
    return rows


def _read_table(
    tokens: Sequence[Token], lines: Sequence[str], heading_domain: str | None, path: str
) -> list[ImportedRow]:
    table = _cells_by_row(tokens)
    (header_line, header), body = table[0], table[1:]
    fields = _header_fields(header, header_line, path)
    if "symptom" not in fields:
        return []
    rows: list[ImportedRow] = []
    for line, cells in body:
        count = _cells_beyond(lines[line - 1], len(header))
        if count is not None:
            raise EntryFileError(
                path,
                line,
                f"this row has {count} cells but the table's header has {len(header)}; "
                "write a '|' inside a cell as '\\|'",
            )
        row = _row_fields(fields, cells, heading_domain)
        if row is None:
            continue
        if not row.get("symptom"):
            raise EntryFileError(path, line, "this row has no symptom")
        rows.append(ImportedRow(fields=row, path=path, line=line))
    return rows


def _cells_by_row(tokens: Sequence[Token]) -> list[tuple[int, list[Token]]]:
    rows: list[tuple[int, list[Token]]] = []
    for token in tokens:
        if token.type == "tr_open":
            rows.append((_line(token), []))
        elif token.type == "inline" and rows:
            rows[-1][1].append(token)
    return rows


def _header_fields(header: Sequence[Token], line: int, path: str) -> list[str | None]:
    fields: list[str | None] = []
    for cell in header:
        name = column_field(inline_text(cell))
        if name is not None and name in fields:
            raise EntryFileError(path, line, f"two columns hold the {name.replace('_', ' ')}")
        fields.append(name)
    return fields


def _cells_beyond(line: str, width: int) -> int | None:
    """How many cells a table row's source line holds, when that is more than WIDTH (the header's).

    The table extension keeps only WIDTH cells and drops the rest silently, so the line is split again
    the way markdown-it splits it; but only when it has enough pipes for that, which most rows lack:
    a cell past the first needs a pipe before it, and a leading or trailing pipe adds no cell.
    """
    text = line.lstrip("> \t").strip()
    if text.count("|") + 1 - text.startswith("|") - (len(text) > 1 and text.endswith("|")) <= width:
        return None
    from markdown_it.rules_block.table import escapedSplit

    cells = escapedSplit(text)
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return len(cells) if len(cells) > width else None


def _row_fields(
    fields: Sequence[str | None], cells: Sequence[Token], heading_domain: str | None
) -> dict[str, object] | None:
    """A body row's fields, or None for a row with nothing in it."""
    if not any(cell.content.strip() for cell in cells):
        return None
    row: dict[str, object] = {}
    for name, cell in zip(fields, cells, strict=True):
        if name is not None:
            row[name] = cell_value(name, cell)
    if not row.get("domain"):
        row.pop("domain", None)
        if heading_domain is not None:
            row["domain"] = heading_domain
    return row


def cell_value(name: str, cell: Token) -> str | tuple[str, ...]:
    """A cell turned back into a field value: text, or a tuple for the list fields."""
    pieces = list(_pieces(cell.children or []))
    if name not in LIST_FIELDS:
        return clean_text("".join(text for text, _ in pieces))
    plain = "".join(text for text, literal in pieces if not literal)
    separators = _LIST_SEPARATORS
    if name == "tags" and not separators & set(plain):
        separators = _TAG_SEPARATORS
    return clean_list(_split(pieces, separators))


def _split(pieces: Sequence[tuple[str, bool]], separators: frozenset[str]) -> list[str]:
    items = [""]
    for text, literal in pieces:
        if literal:
            items[-1] += text
            continue
        for ch in text:
            if ch in separators:
                items.append("")
            else:
                items[-1] += ch
    return items


# --- parsing: TROUBLESHOOTING.md sections -----------------------------------------------------------


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


def _section_rows(tokens: Sequence[Token], path: str) -> list[ImportedRow]:
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
            blocks.append(_Block("heading", _line(token), text, level, part, text, _first_code(inline)))
        elif token.type == "list_item_open":
            marker = f"{token.info}{token.markup} "
        elif token.type == "paragraph_open":
            blocks += _paragraph(tokens[index + 1], _line(token), marker)
            marker = ""
        elif token.type in ("fence", "code_block", "html_block"):
            text = token.content.rstrip("\n")
            code = _first_code_line(text) if token.type != "html_block" else None
            blocks.append(_Block("content", _line(token), marker + text, code=code))
            marker = ""
        elif token.type == "table_open":
            end = _closing(tokens, index)
            rows = _cells_by_row(tokens[index : end + 1])
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
            text = clean_text("".join(text for text, _ in _pieces(children)))
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
    label = "".join(c.content for c in inner).strip().rstrip("".join(_COLONS)).strip()
    part = part_field(label)
    if part is None:
        return None
    rest = children[close + 1 :]
    text = "".join(text for text, _ in _pieces(rest)).lstrip()
    text = clean_text(text[1:] if text[:1] in _COLONS else text)
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
