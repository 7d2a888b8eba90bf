"""The entry file: one fault per Markdown file, for people to read, review and edit.

    +++
    key = "torch-load-map-location"
    domain = "deployment"
    tags = ["torch.load", "map_location"]
    +++

    ## Symptom

    RuntimeError: CUDA error: invalid device ordinal

Front matter is TOML between two `+++` lines; the body is `##` sections read with markdown-it-py, so
a `##` inside a code fence is code, not a section. A section whose whole body is one fenced block holds
that block's text; any other body is kept exactly as written. Rendering picks the plainest form that
parses back to the same value, and falls back to a fence long enough to hold anything, which is what
makes render → parse a lossless round trip.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.entry.content import EntryContent, normalized
from kb.entry.markdown import code_block
from kb.errors import EntryFileError, KbError
from kb.paths import MAX_ENTRY_BYTES, read_bounded
from kb.patterns import LazyPattern

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

FENCE = "+++"

#: section heading → field, in the order sections are written.
SECTIONS: dict[str, str] = {
    "Symptom": "symptom",
    "Symptom variants": "symptom_variants",
    "Validation": "validation",
    "Fix": "fix",
    "Root cause": "root_cause",
    "Conditions": "conditions",
    "Environment": "environment",
    "Case": "case",
    "Snippet": "snippet",
}
_SECTION_BY_LOWER = {title.lower(): title for title in SECTIONS}

FRONT_MATTER_KEYS = (
    "key",
    "domain",
    "cause_path",
    "tags",
    "source",
    "related",
    "status",
    "applies_to",
    "check",
    "guards",
)
_LIST_KEYS = frozenset({"tags", "related", "applies_to"})

_markdown: MarkdownIt | None = None


def _parser() -> MarkdownIt:
    global _markdown
    if _markdown is None:
        from markdown_it import MarkdownIt  # deferred: ~45 ms that `kb add` with flags never needs

        # An entry file is read by its blocks (headings, fences, lists, their source lines), never
        # by its inline markup: parsing that too was half of reading a file.
        _markdown = MarkdownIt("commonmark").disable("inline")
    return _markdown


# --- parsing ----------------------------------------------------------------------------------------


def read_entry_file(path: Path, draft: bool = False) -> EntryContent:
    """Read and parse the entry file at PATH (DRAFT: as parse_entry_file). Raises EntryFileError
    naming the file and line."""
    try:
        raw = read_bounded(path, MAX_ENTRY_BYTES)
    except OSError as exc:
        raise EntryFileError(path, None, f"cannot read: {exc.strerror or exc}") from exc
    return parse_entry_file(decode_entry_bytes(raw, path), path, draft)


def decode_entry_bytes(raw: bytes, path: Path | str | None = None) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise EntryFileError(
            path, line, f"not UTF-8 (byte 0x{raw[exc.start]:02x}); save the file as UTF-8"
        ) from exc


#: The lines git writes around a merge conflict: `<<<<<<< HEAD`, `||||||| base` (diff3) and
#: `>>>>>>> theirs`. (`=======` alone is also a Markdown heading's underline: only these decide.)
_CONFLICT_MARK = LazyPattern(r"^(?:<{7}|\|{7}|>{7})(?: |$)")


def conflict_marker_line(text: str) -> int | None:
    """The line of the first mark of a merge conflict git left in TEXT (`<<<<<<< HEAD`, `=======`,
    `>>>>>>> …`), or None. Such a file holds two versions and a decision no one made, and a half-done
    resolution (one version deleted, a marker left behind) is no decision either: kb refuses it
    rather than store a marker as the entry's text."""
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        if _CONFLICT_MARK.match(line):
            return number
    return None


def refuse_conflicts(text: str, path: Path | str | None) -> None:
    """Raise EntryFileError at the first merge conflict in TEXT, if there is one."""
    line = conflict_marker_line(text)
    if line is not None:
        raise EntryFileError(
            path,
            line,
            "git left a merge conflict here (<<<<<<< … ======= … >>>>>>>); keep the version you "
            "want, delete the markers, then run kb again",
        )


def parse_entry_file(text: str, path: Path | str | None = None, draft: bool = False) -> EntryContent:
    """Parse an entry file's text into normalized content. A file with a merge conflict in it is
    refused (conflict_marker_line). DRAFT: an entry still to be finished (a triage's, `kb add
    --from-file`) may leave its domain blank, for the person to choose when nothing placed it."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    refuse_conflicts(text, path)
    lines = text.split("\n")
    front, body_start = _split_front_matter(lines, path)
    fields = _parse_front_matter(front, path)
    body = "\n".join(lines[body_start:])
    fields.update(_parse_body(body, body_start, path))
    if "symptom" not in fields:
        raise EntryFileError(
            path, None, "no '## Symptom' section; every entry needs the symptom it describes"
        )
    try:
        return normalized(EntryContent(**fields), draft)
    except KbError as exc:
        raise EntryFileError(path, _front_matter_line(front, exc), str(exc)) from exc


def _split_front_matter(lines: list[str], path: Path | str | None) -> tuple[list[str], int]:
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise EntryFileError(path, 1, "the file is empty")
    if lines[first].strip() != FENCE:
        raise EntryFileError(
            path, first + 1, f"an entry file starts with a '{FENCE}' line, then TOML front matter"
        )
    for end in range(first + 1, len(lines)):
        if lines[end].strip() == FENCE:
            return lines[first + 1 : end], end + 1
    raise EntryFileError(path, first + 1, f"the front matter is never closed: add a '{FENCE}' line after it")


#: Front matter holds a few short fields; past this size (a 50,000-part dotted key took tomllib
#: 40 s and 9 GB) it is refused before it is parsed.
MAX_FRONT_MATTER_CHARS = 20_000
_MAX_KEY_DOTS = 8


def _parse_front_matter(front: list[str], path: Path | str | None) -> dict[str, Any]:
    text = "\n".join(front)
    if len(text) > MAX_FRONT_MATTER_CHARS:
        raise EntryFileError(path, 2, f"the front matter is over {MAX_FRONT_MATTER_CHARS:,} characters")
    for number, row in enumerate(front, 2):
        if row.split("=", 1)[0].count(".") > _MAX_KEY_DOTS:
            raise EntryFileError(path, number, "a dotted key with this many parts is no entry field")
    import tomllib  # deferred: writing an entry (kb add) never parses one

    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise EntryFileError(path, 2, "the front matter is nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(match.group(1)) + 1 if match else len(front) + 1
        message = (
            re.sub(r"\s*\(at (?:line \d+, column \d+|end of document)\)", "", str(exc)) or "invalid TOML"
        )
        raise EntryFileError(path, line, f"broken TOML front matter: {message}") from exc
    except ValueError:  # a number of thousands of digits
        raise EntryFileError(path, 2, "the front matter holds a number longer than any entry field") from None
    fields: dict[str, Any] = {}
    for name, value in data.items():
        key_line = _key_line(front, name)
        if name not in FRONT_MATTER_KEYS:
            raise EntryFileError(
                path, key_line, f"unknown front matter key '{name}' (known: {', '.join(FRONT_MATTER_KEYS)})"
            )
        if name == "check":
            if not isinstance(value, dict):
                raise EntryFileError(path, key_line, "'check' must be a [check] table")
            fields["check_rule"] = value
        elif name == "guards":
            if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
                raise EntryFileError(path, key_line, "'guards' must be [[guards]] tables")
            fields[name] = tuple(value)
        elif name in _LIST_KEYS:
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise EntryFileError(path, key_line, f"'{name}' must be a list of strings")
            fields[name] = tuple(value)
        elif not isinstance(value, str):
            raise EntryFileError(path, key_line, f"'{name}' must be a string")
        else:
            fields[name] = value
    for required in ("key", "domain"):
        if required not in fields:
            raise EntryFileError(path, 1, f"the front matter has no '{required}'")
    return fields


def _key_line(front: list[str], name: str) -> int | None:
    pattern = re.compile(rf"^\s*(?:{re.escape(name)}\s*=|\[\[?{re.escape(name)}\]\]?)")
    return next((i + 2 for i, line in enumerate(front) if pattern.match(line)), None)


def _front_matter_line(front: list[str], exc: KbError) -> int | None:
    message = str(exc)
    if "check" in message:
        return _key_line(front, "check")
    for name in ("domain", "status", "key"):
        if name in message:
            return _key_line(front, name)
    return None


def _parse_body(body: str, offset: int, path: Path | str | None) -> dict[str, Any]:
    tokens = _parser().parse(body)
    headings = [
        i for i, t in enumerate(tokens) if t.type == "heading_open" and t.level == 0 and t.tag == "h2"
    ]
    fields: dict[str, Any] = {}
    lines = body.split("\n")
    for token in tokens:
        if token.type == "fence" and token.map is not None and not _closed(token, lines):
            raise EntryFileError(
                path,
                offset + token.map[0] + 1,
                f"the code block opened here ({token.markup}) never closes: a file cut short? close"
                " it, or restore the file (git checkout, kb history)",
            )
    before = _blocks(tokens, 0, headings[0] if headings else len(tokens))
    if before:
        start = (before[0].map or [0])[0]
        raise EntryFileError(path, offset + start + 1, "text before the first '## ' section heading")
    for n, index in enumerate(headings):
        heading = tokens[index]
        title = tokens[index + 1].content.strip()
        line_no = offset + (heading.map or [0])[0] + 1
        canonical = _SECTION_BY_LOWER.get(title.lower())
        if canonical is None:
            raise EntryFileError(
                path, line_no, f"unknown section '## {title}' (known: {', '.join(SECTIONS)})"
            )
        name = SECTIONS[canonical]
        if name in fields:
            raise EntryFileError(path, line_no, f"section '## {canonical}' appears twice")
        end = headings[n + 1] if n + 1 < len(headings) else len(tokens)
        blocks = _blocks(tokens, index + 3, end)
        if name == "symptom_variants":
            fields[name] = tuple(_list_items(blocks, lines))
        else:
            fields[name] = _section_text(blocks, lines)
    return fields


def _closed(fence: Token, lines: list[str]) -> bool:
    """Whether FENCE ends with its closing line: Markdown runs a fence that never closes to the end
    of the file, which is what a file cut short in a code block looks like (its check cut, and every
    section after it gone), and nothing kb writes."""
    start, end = fence.map or (0, 0)
    if end - 1 <= start or end > len(lines):
        return False
    last = lines[end - 1].rstrip(" \t\r")
    mark = last.lstrip(" ")
    return len(last) - len(mark) <= 3 and len(mark) >= len(fence.markup) and set(mark) == {fence.markup[0]}


def _blocks(tokens: Sequence[Token], start: int, end: int) -> list[Token]:
    """The top-level block tokens in tokens[start:end] that carry a source line range."""
    return [t for t in tokens[start:end] if t.level == 0 and t.map is not None and t.nesting >= 0]


def _section_text(blocks: list[Token], lines: list[str]) -> str:
    if not blocks:
        return ""
    if len(blocks) == 1 and blocks[0].type == "fence":
        return blocks[0].content.removesuffix("\n")
    start = (blocks[0].map or [0, 0])[0]
    end = max((b.map or [0, 0])[1] for b in blocks)
    return "\n".join(lines[start:end]).strip()


_BULLET = LazyPattern(r"^( {0,3}[-*+])( +|$)")


def _list_items(blocks: list[Token], lines: list[str]) -> list[str]:
    items: list[str] = []
    for block in blocks:
        if block.type == "fence":
            items.append(block.content.removesuffix("\n"))
        elif block.type == "bullet_list_open":
            items.extend(_bullet_texts(block, lines))
        else:
            items.append(_section_text([block], lines))
    return [item for item in items if item.strip()]


def _bullet_texts(list_open: Token, lines: list[str]) -> list[str]:
    start, end = list_open.map or (0, 0)
    texts: list[str] = []
    current: list[str] | None = None
    indent = 0
    for line in lines[start:end]:
        match = _BULLET.match(line)
        if match:
            if current is not None:
                texts.append("\n".join(current).strip())
            indent = len(match.group(0))
            current = [line[indent:]]
        elif current is not None:
            current.append(line[indent:] if line[:indent].strip() == "" else line.lstrip())
    if current is not None:
        texts.append("\n".join(current).strip())
    return texts


# --- rendering --------------------------------------------------------------------------------------


def render_entry_file(content: EntryContent) -> str:
    """The entry file text for CONTENT; parse_entry_file(render_entry_file(c)) == c for normalized c."""
    parts = [FENCE, *_front_matter_lines(content), FENCE]
    for title, name in SECTIONS.items():
        value = getattr(content, name)
        if not value:
            continue
        if name == "symptom_variants":
            section = _render_list(title, value)
        elif name == "validation":
            section = _render_block(title, value, "sh")
        elif name == "snippet":
            section = _render_block(title, value, "python" if _is_python(value) else "text")
        else:
            section = _render_prose(title, value)
        parts.append("")
        parts.append(section)
    return "\n".join(parts) + "\n"


def _front_matter_lines(content: EntryContent) -> list[str]:
    lines = [f"key = {toml_string(content.key)}", f"domain = {toml_string(content.domain)}"]
    if content.cause_path:
        lines.append(f"cause_path = {toml_string(content.cause_path)}")
    if content.tags:
        lines.append(f"tags = {toml_array(content.tags)}")
    lines.append(f"source = {toml_string(content.source)}")
    if content.related:
        lines.append(f"related = {toml_array(content.related)}")
    if content.status != "active":
        lines.append(f"status = {toml_string(content.status)}")
    if content.applies_to:
        lines.append(f"applies_to = {toml_array(content.applies_to)}")
    rule = content.check_rule.stored()
    if rule:
        lines += ["", "[check]", *(f"{name} = {toml_value(value)}" for name, value in rule.items())]
    for guard in content.guards:
        lines += ["", "[[guards]]", *(f"{name} = {toml_value(value)}" for name, value in guard.items())]
    return lines


def _render_prose(title: str, value: str) -> str:
    plain = f"## {title}\n\n{value}"
    if conflict_marker_line(value) is None and _reads_back(plain, value):
        return plain
    return _render_block(title, value, "text")


def _render_block(title: str, value: str, info: str) -> str:
    return f"## {title}\n\n{_fenced(value, info)}"


def _fenced(text: str, info: str) -> str:
    """TEXT as a fenced code block (code_block()); when a line of it starts as git's conflict markers
    do (an entry about a config file a merge left them in), the whole block one space in: Markdown
    takes that space off each line of the block as it reads it, and no line of the file then starts
    with a marker that would make every reader refuse it as a conflict (conflict_marker_line())."""
    block = code_block(text, info)
    if conflict_marker_line(text) is None:
        return block
    return "\n".join(f" {line}" if line else line for line in block.split("\n"))


def _render_list(title: str, values: tuple[str, ...]) -> str:
    blocks = [
        f"- {v}" if "\n" not in v and _reads_back(f"## {title}\n\n- {v}", (v,)) else _fenced(v, "text")
        for v in values
    ]
    body = "\n".join(blocks) if all(b.startswith("- ") for b in blocks) else "\n\n".join(blocks)
    rendered = f"## {title}\n\n{body}"
    if _reads_back(rendered, values):
        return rendered
    return f"## {title}\n\n" + "\n\n".join(_fenced(v, "text") for v in values)


def _reads_back(section: str, expected: str | tuple[str, ...]) -> bool:
    """Whether SECTION parses back to EXPECTED and leaves the section after it intact.

    The sentinel section catches bodies that would swallow what follows, such as an unclosed fence.
    """
    title = section.split("\n", 1)[0].removeprefix("## ")
    sentinel_title = "Case" if title != "Case" else "Fix"
    try:
        parsed = _parse_body(f"{section}\n\n## {sentinel_title}\n\nsentinel", 0, None)
    except EntryFileError:
        return False
    if len(parsed) != 2 or parsed.get(SECTIONS[sentinel_title]) != "sentinel":
        return False
    return bool(parsed[SECTIONS[title]] == expected)


def _is_python(code: str) -> bool:
    try:
        ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    return True


_TOML_ESCAPES: dict[str, str] = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(value: str) -> str:
    """A TOML basic string that holds VALUE exactly, control characters included."""
    return '"' + "".join(_toml_char(ch) for ch in value) + '"'


def _toml_char(ch: str) -> str:
    if ch in _TOML_ESCAPES:
        return _TOML_ESCAPES[ch]
    return f"\\u{ord(ch):04x}" if ord(ch) < 0x20 or ord(ch) == 0x7F else ch


def toml_array(values: Sequence[str]) -> str:
    return "[" + ", ".join(toml_string(v) for v in values) + "]"


def toml_value(value: Any) -> str:
    """TOML for the values a guard holds: text, numbers, booleans, lists and small tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_string(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} in TOML")
