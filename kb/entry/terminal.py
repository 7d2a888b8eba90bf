"""Entries as text for a terminal: pure functions from content to lines, wrapped to a width.

The validation command is never wrapped, so that it can be copied in one piece. Every field goes
through kb.entry.visible first: entry text is never handed to a terminal as it is.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from kb.entry.content import EntryContent
from kb.entry.visible import HIDDEN, command_line, visible
from kb.patterns import LazyPattern

Style = Callable[[str], str]

LABEL_WIDTH = 13


def plain(text: str) -> str:
    return text


def shown(content: EntryContent) -> EntryContent:
    """CONTENT with every text field passed through visible(): what a terminal or a page may show."""
    changes: dict[str, object] = {}
    for name, value in content.as_dict().items():
        if isinstance(value, str) and HIDDEN.search(value):
            changes[name] = visible(value)
        elif isinstance(value, (list, tuple)) and any(isinstance(v, str) and HIDDEN.search(v) for v in value):
            changes[name] = tuple(visible(v) if isinstance(v, str) else v for v in value)
    return content._replace(**changes) if changes else content  # type: ignore[arg-type]


def guard_summary(guard: dict[str, object]) -> str:
    """What a guard watches, in a few words: `tripwire: torch.nn.functional.cross_entropy argument 0
    must not hold probabilities`, `environment: env-var CUDA_VISIBLE_DEVICES`."""
    kind = guard["kind"]
    if kind == "environment":
        return f"environment: {guard['check']} {guard.get('variable', '')}".rstrip()
    target = guard.get("call") or guard.get("inner") or guard.get("pattern", "")
    names = ", ".join(map(str, target)) if isinstance(target, list) else str(target)
    if kind == "tripwire":
        return f"tripwire: {names} argument {guard['argument']!r} must not hold {guard['forbid']}"
    return f"{kind}: {names}"


def field_line(content: EntryContent | None, name: str, width: int) -> str:
    """One line of CONTENT's field NAME, as a sync conflict shows it beside the other side's: a list
    joined by commas, a guard by what it watches, how the check is read in words."""
    if content is None:
        return "(none)"
    value = getattr(content, name)
    if name == "check_rule":
        rule = content.check_rule
        parts = [rule.describe()]
        parts += [f"inputs {', '.join(f'{k}={v}' for k, v in rule.inputs)}"] if rule.inputs else []
        parts += [f"needs {', '.join(rule.needs)}"] if rule.needs else []
        text = "; ".join(parts)
    elif name == "guards":
        text = "; ".join(guard_summary(guard) for guard in content.guards)
    elif isinstance(value, tuple):
        text = ", ".join(map(str, value))
    else:
        text = str(value)
    return cut(visible(text.replace("\n", " ⏎ ")), width) or "(empty)"


def bookkeeping_line(
    status: str,
    hits: int,
    occurrences: int,
    created: str,
    updated: str,
    reviewed: str | None,
    check: str | None,
) -> str:
    """One line of an entry's bookkeeping for people: status, usage, dates (YYYY-MM-DD)."""
    checked = f" · last check {check}" if check else ""
    return (
        f"{status} · hits {hits} · seen {occurrences}x · created {created}"
        f" · updated {updated} · reviewed {reviewed or 'never'}{checked}"
    )


def format_entry(
    content: EntryContent,
    facts: str = "",
    width: int = 80,
    bold: Style = plain,
    moved: Mapping[str, tuple[str, str]] | None = None,
) -> str:
    """The whole entry, label column on the left, for `kb show`. MOVED: where the related entries a
    merge or a rename took went (`bce-labels (merged into cross-entropy-labels)`)."""
    if moved:
        related = tuple(f"{key} ({' '.join(moved[key])})" if key in moved else key for key in content.related)
        content = content.replace(related=related)
    command = command_line(content.validation)
    content = shown(content)
    title = f"{content.key} · {content.domain}"
    lines = [bold(title)]
    if content.cause_path and len(title) + 3 + len(content.cause_path) <= width:
        lines[0] = bold(f"{title} · {content.cause_path}")
    elif content.cause_path:
        lines += _field("Cause path", content.cause_path, width, bold)
    lines += _field("Symptom", content.symptom, width, bold)
    for variant in content.symptom_variants:
        lines += _field("  also", variant, width, bold)
    if content.validation:
        body = wrap_columns("$ " + command, max(20, width - LABEL_WIDTH), hard=True)
        lines.append(bold("Validation".ljust(LABEL_WIDTH)) + body[0])
        lines += [" " * LABEL_WIDTH + line for line in body[1:]]
        if len(body) > 1:
            note = f"(one line, wrapped here: `kb check {content.key}` runs it)"
            lines += [" " * LABEL_WIDTH + line for line in wrap_columns(note, max(20, width - LABEL_WIDTH))]
    else:
        lines.append(bold("Validation".ljust(LABEL_WIDTH)) + "(none: add one with `kb edit`)")
    for label, value in (
        ("Fix", content.fix),
        ("Root cause", content.root_cause),
        ("Conditions", content.conditions),
        ("Environment", content.environment),
        ("Case", content.case),
    ):
        if value:
            lines += _field(label, value, width, bold, keep_lines=label == "Environment")
    if content.tags:
        lines += _field("Tags", ", ".join(content.tags), width, bold)
    if content.related:
        lines += _field("Related", ", ".join(content.related), width, bold)
    if content.applies_to:
        lines += _field("Applies to", ", ".join(content.applies_to), width, bold)
    lines += _field("Source", content.source, width, bold)
    for guard in content.guards:
        lines += _field("Guard", guard_summary(guard), width, bold)
    if facts:
        lines += _field("Status", facts, width, bold)
    if content.snippet:
        lines.append(bold("Snippet") + "  (kb show " + content.key + " --snippet)")
        lines += ["  " + line for line in content.snippet.splitlines()]
    return "\n".join(lines)


_STARTS_OWN_LINE = LazyPattern(r"^\s*(?:[-*+] |\d+[.)] |```|~~~|#|\|)|^\s{4}")


def reflow(text: str) -> list[str]:
    """Markdown-ish paragraphs: soft-wrapped lines are joined, list items and code keep their lines."""
    lines: list[str] = []
    in_code = False
    joinable = False
    for line in text.splitlines():
        fence = line.lstrip().startswith(("```", "~~~"))
        if in_code or fence or not line.strip() or _STARTS_OWN_LINE.match(line):
            lines.append(line.rstrip())
            joinable = bool(line.strip()) and not in_code and not fence and not line.startswith("    ")
            in_code = in_code != fence
            continue
        if joinable and lines:
            lines[-1] = f"{lines[-1]} {line.strip()}"
        else:
            lines.append(line.strip())
        joinable = True
    return lines


def _field(label: str, value: str, width: int, bold: Style, keep_lines: bool = False) -> list[str]:
    """LABEL and VALUE wrapped beside it. KEEP_LINES: each line is its own (an environment is a list
    of facts, one per line, not prose)."""
    body_width = max(20, width - LABEL_WIDTH)
    wrapped: list[str] = []
    for paragraph in (value.splitlines() if keep_lines else reflow(value)) or [""]:
        wrapped += wrap_columns(paragraph, body_width)
    head = bold(label.ljust(LABEL_WIDTH)) + wrapped[0]
    return [head] + [" " * LABEL_WIDTH + line for line in wrapped[1:]]


#: What a line may break between: words, single wide (CJK) characters, and the spaces between.
_PIECES = LazyPattern(
    r"\s+|[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]+"
)


def wrap_columns(text: str, width: int, hard: bool = False) -> list[str]:
    """TEXT in lines of at most WIDTH terminal columns (CJK characters take two, and a line may break
    between any two of them). A word wider than WIDTH is broken; HARD keeps every space, for a
    command whose exact text matters."""
    lines: list[str] = []
    line, taken = "", 0  # the line being filled, and its columns: counted once per piece
    for piece in _PIECES.findall(text):
        if piece.isspace() and not hard:
            piece = " "
            if not line:
                continue
        columns = display_width(piece)
        if taken + columns <= width:
            line, taken = line + piece, taken + columns
            continue
        if line.strip():
            lines.append(line.rstrip() if not hard else line)
        line, taken = ("", 0) if piece.isspace() and not hard else (piece, columns)
        if taken > width:
            *heads, line = _broken(line, width)
            lines += heads
            taken = display_width(line)
    if line.strip() or not lines:
        lines.append(line.rstrip() if not hard else line)
    return lines


def _broken(word: str, width: int) -> list[str]:
    """WORD in pieces of at most WIDTH columns, in one pass (a character wider than WIDTH alone is a
    piece of its own); the last piece may be empty."""
    pieces: list[str] = []
    start, taken = 0, 0
    for index, char in enumerate(word):
        columns = _char_width(char)
        if taken + columns > width and index > start:
            pieces.append(word[start:index])
            start, taken = index, 0
        taken += columns
        if taken > width:  # wider than a whole line by itself
            pieces.append(word[start : index + 1])
            start, taken = index + 1, 0
    return [*pieces, word[start:]]


def fitting_start(text: str, width: int) -> str:
    """The longest start of TEXT that fits in WIDTH columns (possibly empty)."""
    if text.isascii():
        return text[:width]
    taken = 0
    for index, char in enumerate(text):
        taken += _char_width(char)
        if taken > width:
            return text[:index]
    return text


def format_table(rows: Sequence[Sequence[str]], width: int = 80) -> str:
    """Columns padded to their widest cell, the last one cut to fit WIDTH. The first column (a key,
    which is never cut: it is what the next command takes) gets at most two fifths of the width; a
    longer one has its line to itself, and the rest of its row goes on the next."""
    if not rows:
        return ""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return "\n".join(table_lines(rows, widths, width))


def listed_symptom(symptom: str, status: str) -> str:
    """SYMPTOM as `kb list` shows it: an entry put away says so (`(archived) …`), for a listing of
    every status holds both kinds, and they read alike."""
    return symptom if status == "active" else f"({status}) {symptom}"


def streamed_table(
    rows: Iterable[Sequence[str]], width: int = 80, least: Sequence[int] = (), first: int = 200
) -> Iterator[str]:
    """format_table's lines as ROWS arrive, so that a listing of any length prints its first line at
    once. A listing of up to FIRST rows is laid out as format_table lays it out; a longer one has
    columns as wide as the widest cells of its FIRST rows, and at least LEAST: a later key wider
    than its column has its line to itself, as a key too long for the column always has."""
    rows = iter(rows)
    head = list(itertools.islice(rows, first + 1))
    if not head:
        return
    least = least if len(head) > first else ()
    columns = len(head[0]) - 1
    widths = [max([*(display_width(row[i]) for row in head), *least[i : i + 1]]) for i in range(columns)]
    yield from table_lines(itertools.chain(head, rows), widths, width)


def table_lines(rows: Iterable[Sequence[str]], widths: Sequence[int], width: int = 80) -> Iterator[str]:
    """format_table's lines, one row at a time, for columns of the WIDTHS known beforehand (the
    widest cell of each but the last)."""
    widths = list(widths)
    if widths:
        widths[0] = min(widths[0], max(16, width * 2 // 5))
    for row in rows:
        first, *middle = row[:-1]
        if widths and display_width(first) > widths[0]:
            yield first
            first = ""
        cells = [first, *middle] if widths else []
        head = "  ".join(_pad(cell, w) for cell, w in zip(cells, widths, strict=False))
        room = max(10, width - display_width(head) - 2)
        yield f"{head}  {cut(' '.join(row[-1].split()), room)}".rstrip()


def _pad(cell: str, width: int) -> str:
    return cell + " " * max(0, width - display_width(cell))


# --- one line in a given width (the tree, the TUI's lists) ------------------------------------------


def one_line(text: str) -> str:
    """TEXT on one line: whitespace runs become one space; control characters, lone surrogates and
    non-characters (which break a terminal, an SVG or UTF-8) become U+FFFD."""
    if text.isascii():  # most text: one translation instead of a lookup per character
        return " ".join(text.translate(_ASCII_CONTROLS).split())
    return " ".join("".join(map(_safe_char, text)).split())


def _safe_char(char: str) -> str:
    """One character as one_line() shows it."""
    if char.isspace():
        return " "
    if unicodedata.category(char) in {"Cc", "Cs"} or char in "\ufffe\uffff":
        return "\ufffd"
    return visible(char)  # a format or invisible character: shown as its escape


#: What _safe_char() makes of the ASCII characters it changes (the controls); the others it keeps.
_ASCII_CONTROLS = {code: _safe_char(chr(code)) for code in (*range(0x20), 0x7F)}


def display_width(text: str) -> int:
    """Terminal columns TEXT takes: wide (CJK) characters take two, combining marks none."""
    if text.isascii():
        return len(text)
    return sum(_char_width(char) for char in text)


def _char_width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in {"W", "F"} else 1


def cut(text: str, width: int) -> str:
    """TEXT cut to WIDTH columns, ending in "…" when something was cut."""
    if display_width(text) <= width:
        return text
    return fitting_start(text, max(width, 1) - 1) + "…"
