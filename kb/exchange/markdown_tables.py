"""The knowledge base as a wiki page, and wiki pages back into the knowledge base.

A personal knowledge base becomes a team's when it can be pasted into the team wiki and taken back in.
A team's first-aid handbook usually starts as a plain three-column table, symptom | validation command
| fix, so that is what `render_markdown` writes: GitHub-flavoured Markdown, one table per fault domain,
that renders the same on GitHub and GitLab and, being deterministic (no timestamps, rows sorted by
key), diffs cleanly when the export lives in a wiki repository.

`parse_markdown` reads it back, and also what teams write by hand: tables whose headers only roughly
say "symptom", "check", "solution" (in English or Chinese, kb.exchange.markdown_tokens), and
TROUBLESHOOTING.md files with a heading per problem and Symptom / Cause / Resolution parts under it
(kb.exchange.troubleshooting).
It works on markdown-it-py's token stream, never on the raw text with regexes, so a `|` or `##` inside
code is never mistaken for structure.

Every cell is escaped (kb.entry.markdown) so that it shows exactly its text, and the parser
undoes exactly that escaping,
which makes render → parse a lossless round trip for every exported column (a hypothesis property in
tests/exchange/test_markdown_tables.py checks it over hostile text). markdown-it-py is imported lazily:
kb keeps start-up
fast, and only the commands that import or export need it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.domains import DOMAIN_NAMES, DOMAINS, resolve_domain
from kb.entry.check_rule import fill
from kb.entry.content import LIST_FIELDS, EntryContent, clean_list, clean_text
from kb.entry.markdown import code_span, escape_heading, escape_text
from kb.errors import EntryFileError, UsageError
from kb.exchange.markdown_tokens import (
    ImportedRow,
    cells_by_row,
    closing_index,
    column_field,
    domain_named,
    inline_pieces,
    inline_text,
    markdown_parser,
    row_anchor,
)
from kb.exchange.troubleshooting import section_rows

if TYPE_CHECKING:
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
    "status",
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
    "status": "Status",
}


#: List items are joined with "; "; a separator inside an item is escaped so the list stays splittable.
_LIST_SEPARATORS = frozenset(";\uff1b")  # and the fullwidth semicolon
#: Hand-written tag cells often use commas instead; kb escapes those inside its own tags too.
_TAG_SEPARATORS = frozenset(",\uff0c\u3001")  # and the fullwidth and ideographic commas


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
    if "status" not in columns and any(entry.status != "active" for entry in entries):
        # `--status all`: without it an archived entry reads as any other, on the wiki and in an import
        columns = (*columns, "status")
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
    rows = sorted((entry.key, _row(_cells(entry, columns))) for entry in entries)
    return [header, rule, *(row for _, row in rows)]


def _cells(entry: EntryContent, columns: Sequence[str]) -> list[str]:
    """The row's cells; without a Key column, the first cell starts with the key as an invisible
    anchor, so that an import of the page knows each row's entry and a wiki can link to it."""
    cells = [render_cell(entry, c) for c in columns]
    if "key" not in columns:
        cells[0] = f'<a id="{entry.key}"></a>{cells[0]}'
    return cells


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def render_cell(entry: EntryContent, column: str) -> str:
    """ENTRY's COLUMN as the text of one table cell."""
    value = getattr(entry, column)
    if column == "validation":  # the check as a reader runs it: its inputs at their defaults
        return code_span(fill(value, entry.check_rule), in_table=True)
    if column in LIST_FIELDS:
        separators = _LIST_SEPARATORS | (_TAG_SEPARATORS if column == "tags" else frozenset())
        return "; ".join(escape_text(item, separators) for item in value)
    return escape_text(str(value))


# --- parsing ---------------------------------------------------------------------------------------


def parse_markdown(text: str, path: str = "<markdown>") -> list[ImportedRow]:
    """The faults in a Markdown page: rows of entry tables and TROUBLESHOOTING.md-style sections.

    Rows come in document order. Raises EntryFileError naming PATH and the line for malformed input.
    """
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    tokens = markdown_parser().parse(text)
    rows = [*_table_rows(tokens, text.split("\n"), path), *section_rows(tokens, path)]
    return sorted(rows, key=lambda row: row.line)


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
            end = closing_index(tokens, index)
            rows += _read_table(tokens[index : end + 1], lines, heading_domain, path)
            index = end
        index += 1
    return rows


def _read_table(
    tokens: Sequence[Token], lines: Sequence[str], heading_domain: str | None, path: str
) -> list[ImportedRow]:
    table = cells_by_row(tokens)
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
    key = row_anchor(cells)
    if key is not None and not row.get("key"):
        row["key"] = key
    if not row.get("domain"):
        row.pop("domain", None)
        if heading_domain is not None:
            row["domain"] = heading_domain
    return row


def cell_value(name: str, cell: Token) -> str | tuple[str, ...]:
    """A cell turned back into a field value: text, or a tuple for the list fields."""
    pieces = list(inline_pieces(cell.children or []))
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
