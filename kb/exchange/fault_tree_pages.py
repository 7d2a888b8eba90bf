"""The fault tree as a page for the team wiki: a nested Markdown list, or a Mermaid flowchart.

kb.upkeep.fault_tree builds the tree and draws it for a terminal; these draw the same branches for
pages that GitHub, GitLab and Obsidian render. Every text is escaped for where it lands: Markdown
through kb.entry.markdown, Mermaid labels with Mermaid's entity codes, so a symptom full of
pipes, quotes, backticks or `<script>` shows as the text it is.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal

from kb.entry.markdown import code_span, escape_line
from kb.entry.terminal import cut, one_line
from kb.errors import KbError
from kb.upkeep.fault_tree import RECURRING_MARK, Branch, branch_counts, entry_facts

# --- Markdown list ----------------------------------------------------------------------------------


def tree_as_markdown(forest: Sequence[Branch]) -> str:
    """The forest as a nested Markdown list (GitHub-flavoured), every text escaped.

    - **data** — 3 entries, 9 occurrences
      - **IO bottleneck** — 2 entries, 8 occurrences ⚠ recurring: a guard could stop it
        - `too-many-open-files` — OSError: \\[Errno 24\\] Too many open files (hits 1, seen 2x)
    """
    lines: list[str] = []
    for root in forest:
        _markdown_branch(root, 0, lines)
    return "\n".join(lines) + ("\n" if lines else "")


def _markdown_branch(branch: Branch, depth: int, lines: list[str]) -> None:
    flag = f" ⚠ {RECURRING_MARK}" if branch.recurring else ""
    lines.append(f"{'  ' * depth}- **{escape_line(branch.name)}** — {branch_counts(branch)}{flag}")
    indent = "  " * (depth + 1)
    for entry in branch.entries:
        facts = entry_facts(entry)
        said = f"{escape_line(entry.symptom)} {facts}" if facts else escape_line(entry.symptom)
        lines.append(f"{indent}- {code_span(one_line(entry.key))} — {said}")
    for child in branch.children.values():
        _markdown_branch(child, depth + 1, lines)


# --- Mermaid ---------------------------------------------------------------------------------------

#: Characters a Mermaid label must not hold raw, as Mermaid entity codes (`#quot;` becomes `&quot;`
#: in the drawing). Quotes end the label; brackets, pipes and braces are node and edge syntax; `#`,
#: `&` and `;` would make text look like an entity; `<`, `>` like HTML; `%` starts directives;
#: a backtick starts a Markdown label. A raw `:` would let Mermaid's own clean-up take `style x:#…;`
#: or `classDef x:#…;` in a symptom for a style and drop the `;` that ends an entity code.
_MERMAID_ENTITIES: dict[str, str] = {
    '"': "#quot;",
    ":": "#58;",
    "#": "#35;",
    "&": "#amp;",
    ";": "#59;",
    "<": "#lt;",
    ">": "#gt;",
    "[": "#91;",
    "]": "#93;",
    "(": "#40;",
    ")": "#41;",
    "{": "#123;",
    "}": "#125;",
    "|": "#124;",
    "`": "#96;",
    "\\": "#92;",
    "%": "#37;",
    "\u2060": "#8288;",  # so that every raw word joiner in a label is one of _MERMAID_MARKERS
}

#: Mermaid marks entities with `ﬂ°` and `¶ß` while it decodes them, and turns those pairs into `&`
#: and `;` wherever they appear, escaped or not. A word joiner (invisible) keeps a literal pair apart.
_MERMAID_MARKERS = {"ﬂ°": "ﬂ\u2060°", "¶ß": "¶\u2060ß"}

#: Symptoms are cut to this many columns (a CJK character takes two) in a Mermaid leaf, so that one
#: long traceback line does not make a box as wide as the page.
MERMAID_SYMPTOM_CHARS = 60


def escape_mermaid(text: str) -> str:
    """TEXT on one line, safe inside a double-quoted Mermaid label."""
    text = "".join(_MERMAID_ENTITIES.get(char, char) for char in one_line(text))
    for pair, kept_apart in _MERMAID_MARKERS.items():
        text = text.replace(pair, kept_apart)
    return text


#: Mermaid's limits, which a chart cannot raise for itself (they are "secure" settings): past
#: MERMAID_MAX_TEXT characters, counted in UTF-16 units as JavaScript counts, it draws "Maximum text
#: size in diagram exceeded" instead of the chart; past MERMAID_MAX_EDGES edges it fails.
MERMAID_MAX_TEXT = 50_000
MERMAID_MAX_EDGES = 500

MERMAID_ENTRIES_LEFT_OUT = "%% entries left out: with them the chart would pass Mermaid's size limits"


class MermaidTooLarge(KbError):
    """Even without its entries, the tree is more than one Mermaid chart can draw."""

    def __init__(self, edges: int, size: int) -> None:
        super().__init__(
            f"the tree is too large for one Mermaid chart ({edges} edges, {size} characters; Mermaid "
            f"draws at most {MERMAID_MAX_EDGES} and {MERMAID_MAX_TEXT:,}): draw one domain at a time"
        )


def tree_as_mermaid(forest: Sequence[Branch], direction: Literal["LR", "TD"] = "LR") -> str:
    """The forest as a Mermaid flowchart, for wikis that draw Mermaid (GitHub, GitLab, Obsidian).

    Node ids are generated (`n0`, `n1`, ...), labels are escaped with Mermaid entity codes, so any
    text is valid; recurring branches get the class `recurring`; entries are leaf nodes. When the
    entries would take the chart past Mermaid's limits, they are left out (a `%%` comment says so)
    and the branches, which carry the counts, are drawn alone. Raises MermaidTooLarge when even
    those do not fit.
    """
    for with_entries in (True, False):
        lines, edges = _mermaid_chart(forest, direction, with_entries)
        if not with_entries:
            lines.insert(1, MERMAID_ENTRIES_LEFT_OUT)
        chart = "\n".join(lines) + "\n"
        size = len(chart.encode("utf-16-le")) // 2
        if edges <= MERMAID_MAX_EDGES and size <= MERMAID_MAX_TEXT:
            return chart
    raise MermaidTooLarge(edges, size)


def _mermaid_chart(forest: Sequence[Branch], direction: str, with_entries: bool) -> tuple[list[str], int]:
    """The lines of the chart and its number of edges."""
    lines = [f"flowchart {direction}"]
    edges: list[str] = []
    flagged: list[str] = []
    ids = itertools.count()

    def new_node(label: str) -> str:
        node = f"n{next(ids)}"
        lines.append(f'    {node}["{label}"]')
        return node

    def add(branch: Branch, parent: str | None) -> None:
        node = new_node(f"{escape_mermaid(branch.name)}<br/>{escape_mermaid(branch_counts(branch))}")
        if parent is not None:
            edges.append(f"    {parent} --> {node}")
        if branch.recurring:
            flagged.append(node)
        for entry in branch.entries if with_entries else ():
            symptom = cut(one_line(entry.symptom), MERMAID_SYMPTOM_CHARS)
            facts = entry_facts(entry)
            leaf = new_node(
                f"{escape_mermaid(entry.key)}<br/>{escape_mermaid(symptom)}"
                + (f"<br/>{escape_mermaid(facts)}" if facts else "")
            )
            edges.append(f"    {node} --> {leaf}")
        for child in branch.children.values():
            add(child, node)

    for root in forest:
        add(root, None)
    lines += edges
    if flagged:
        lines.append("    classDef recurring fill:#fdd,stroke:#c00")
        lines.append(f"    class {','.join(flagged)} recurring")
    return lines, len(edges)
