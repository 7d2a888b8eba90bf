"""The fault tree as wiki pages: a Markdown list and a Mermaid chart that survive hostile text.

tests/exchange/test_fault_tree_pages.py draws the charts with the real renderer (mermaid-cli).
"""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from kb.domains import DOMAIN_NAMES
from kb.entry.terminal import one_line
from kb.exchange.fault_tree_pages import (
    MERMAID_ENTRIES_LEFT_OUT,
    MERMAID_MAX_EDGES,
    MERMAID_MAX_TEXT,
    MERMAID_SYMPTOM_CHARS,
    MermaidTooLarge,
    tree_as_markdown,
    tree_as_mermaid,
)
from kb.upkeep.fault_tree import RECURRING_MARK, Branch, TreeEntry, build_forest
from tests.upkeep.forests import ENTRIES, EXPECTED, all_branches, cause_path, entry_of, text


def test_no_branches_no_list() -> None:
    assert tree_as_markdown([]) == ""


# --- Markdown --------------------------------------------------------------------------------------

# markdown-it stops nesting blocks at 20 levels (a list level is two); a cause path of eight parts
# is ten list levels deep. GitHub's renderer has no such limit, so the test parser should not either.
PARSER = MarkdownIt("commonmark", {"maxNesting": 100}).enable(["table", "strikethrough"])
PLAIN_INLINE = {"text", "code_inline", "strong_open", "strong_close"}


def list_items(markdown: str) -> list[tuple[int, list[Token]]]:
    """(nesting depth, inline tokens) of every list item; fails on any block that is not a list."""
    items = []
    depth = 0
    for token in PARSER.parse(markdown):
        assert token.type in {
            "bullet_list_open",
            "bullet_list_close",
            "list_item_open",
            "list_item_close",
            "paragraph_open",
            "paragraph_close",
            "inline",
        }, token.type
        depth += {"bullet_list_open": 1, "bullet_list_close": -1}.get(token.type, 0)
        if token.type == "inline":
            children = [t for t in token.children or [] if t.type != "text" or t.content]
            assert {t.type for t in children} <= PLAIN_INLINE, [t.type for t in children]
            items.append((depth, children))
    return items


def test_render_markdown_parses_back_to_the_tree() -> None:
    forest = build_forest(ENTRIES)
    items = list_items(tree_as_markdown(forest))
    branch_items = {c[1].content: d for d, c in items if c[0].type == "strong_open"}
    for path, branch in all_branches(forest).items():
        assert branch_items[branch.name] == path.count(" > ") + 1
    head = [t.content for t in items[1][1]]
    assert head == ["", "IO bottleneck", "", f" — 3 entries, 11 occurrences ⚠ {RECURRING_MARK}"]
    entry_items = {
        c[0].content: "".join(t.content for t in c[1:]) for _, c in items if c[0].type == "code_inline"
    }
    for entry in ENTRIES:
        facts = f"(hits {entry.hits}, seen {entry.occurrences}x)"
        assert entry_items[entry.key] == f" — {entry.symptom} {facts}"


@given(key=text.filter(one_line), cause=cause_path, symptom=text)
def test_markdown_renders_any_text_as_that_text(key: str, cause: str, symptom: str) -> None:
    forest = build_forest([entry_of(key, cause, symptom, hits=2)])
    items = list_items(tree_as_markdown(forest))
    assert len(items) == len(all_branches(forest)) + 1
    names = [c[1].content for _, c in items if c[0].type == "strong_open" and len(c) == 4]
    assert names == [one_line(b.name) for b in all_branches(forest).values()]
    _, leaf = items[-1]
    assert leaf[0].type == "code_inline" and leaf[0].content == one_line(key)
    assert "".join(t.content for t in leaf[1:]) == f" — {one_line(symptom)} (hits 2, seen 1x)"


# --- Mermaid ---------------------------------------------------------------------------------------

NODE = re.compile(r'^    n\d+\["([^"]*)"\]$')
EDGE = re.compile(r"^    n\d+ --> n\d+$")
CLASSES = re.compile(r"^    class n\d+(,n\d+)* recurring$")


def mermaid_labels(chart: str) -> list[str]:
    """The labels of CHART; fails on any line that is not a header, node, edge or class line."""
    lines = chart.splitlines()
    assert lines[0] == "flowchart LR"
    labels = []
    for line in lines[1:]:
        node = NODE.match(line)
        if node:
            labels.append(node.group(1))
        else:
            assert (
                EDGE.match(line)
                or CLASSES.match(line)
                or line in {"    classDef recurring fill:#fdd,stroke:#c00", MERMAID_ENTRIES_LEFT_OUT}
            ), line
    return labels


def mermaid_text(label: str) -> list[str]:
    """What Mermaid shows for LABEL: entity codes decoded, one string per `<br/>` line, without the
    word joiners that keep Mermaid's own markers (`ﬂ°`, `¶ß`) apart."""

    def decode(match: re.Match[str]) -> str:
        code = match.group(1)
        return html.unescape(f"&#{code};" if code.isdigit() else f"&{code};")

    label = label.replace("\u2060", "")  # kb escapes a word joiner in the text itself as #8288;
    return [re.sub(r"#([A-Za-z0-9_]+);", decode, part) for part in label.split("<br/>")]


def test_render_mermaid_draws_nodes_edges_and_the_recurring_class() -> None:
    chart = tree_as_mermaid(build_forest(ENTRIES))
    labels = mermaid_labels(chart)
    assert mermaid_text(labels[0]) == ["data", "6 entries, 14 occurrences"]
    assert len(labels) == len(EXPECTED) + len(ENTRIES)
    assert chart.count(" --> ") == len(labels) - 3  # every node but the three roots has a parent
    assert "    class n1,n2 recurring" in chart.splitlines()
    leak = next(mermaid_text(label) for label in labels if label.startswith("getitem-leak"))
    assert leak[0] == "getitem-leak" and leak[2] == "(hits 0, seen 1x)"
    assert leak[1].endswith("…") and ENTRIES[3].symptom.startswith(leak[1][:-1])  # a long symptom is cut
    assert 50 <= len(leak[1]) <= MERMAID_SYMPTOM_CHARS
    assert tree_as_mermaid(build_forest(ENTRIES), "TD").startswith("flowchart TD\n")


@given(key=text, cause=cause_path, symptom=text, domain=st.sampled_from(DOMAIN_NAMES))
def test_mermaid_labels_hold_no_quote_nor_bracket_for_any_text(
    key: str, cause: str, symptom: str, domain: str
) -> None:
    forest = build_forest([TreeEntry(key, domain, cause, symptom, 6, 1), entry_of("k", "a", "s")])
    chart = tree_as_mermaid(forest)
    assert "%%" not in chart.replace(MERMAID_ENTRIES_LEFT_OUT, "")
    labels = mermaid_labels(chart)
    for label in labels:
        assert not set(label) & set('"[](){}|`\\%&:'), label
        bare = re.sub(r"#[A-Za-z0-9_]+;", "", label.replace("<br/>", ""))
        assert not set(bare) & set("<>#;"), label  # every "#" starts an entity code
    decoded = [mermaid_text(label) for label in labels]
    names = [t[0] for t in decoded if len(t) == 2]
    assert sorted(names) == sorted(one_line(b.name) for b in all_branches(forest).values())
    shown = next(t for t in decoded if t[-1] == "(hits 6, seen 1x)")
    assert shown[0] == one_line(key)
    assert shown[1].removesuffix("…") in one_line(symptom)


def js_length(chart: str) -> int:
    """The length Mermaid checks: JavaScript counts UTF-16 units, so an emoji counts two."""
    return len(chart.encode("utf-16-le")) // 2


def emoji_forest(count: int) -> list[Branch]:
    """COUNT entries on ten branches, with long emoji keys (a key is never cut, a symptom is)."""
    return build_forest(entry_of("🔥" * 250 + str(i), f"cause {i % 10}", "s" * 80) for i in range(count))


def largest_chart_with_entries() -> str:
    """The emoji forest's chart with as many entries as Mermaid's text limit allows."""
    count = 1
    while MERMAID_ENTRIES_LEFT_OUT not in tree_as_mermaid(emoji_forest(count + 1)):
        count += 1
    return tree_as_mermaid(emoji_forest(count))


def test_a_chart_past_mermaids_edge_limit_leaves_the_entries_out() -> None:
    forest = build_forest(entry_of(f"k{i}", f"cause {i % 20}", "s") for i in range(MERMAID_MAX_EDGES))
    chart = tree_as_mermaid(forest)
    assert chart.splitlines()[:2] == ["flowchart LR", MERMAID_ENTRIES_LEFT_OUT]
    labels = [mermaid_text(label) for label in mermaid_labels(chart)]
    assert len(labels) == 21 and labels[1] == ["cause 0", "25 entries, 25 occurrences"]
    assert chart.count(" --> ") == 20


def test_mermaids_text_limit_is_counted_as_javascript_counts() -> None:
    chart = largest_chart_with_entries()
    assert js_length(chart) <= MERMAID_MAX_TEXT < 2 * len(chart)  # code points alone would fit twice
    assert MERMAID_MAX_TEXT - js_length(chart) < 600  # one more entry would not fit
    bigger = tree_as_mermaid(emoji_forest(chart.count("🔥" * 250) + 1))
    assert MERMAID_ENTRIES_LEFT_OUT in bigger and js_length(bigger) <= MERMAID_MAX_TEXT


def test_a_tree_too_large_even_without_entries_is_refused() -> None:
    forest = build_forest(entry_of(f"k{i}", f"cause {i}", "s") for i in range(MERMAID_MAX_EDGES + 1))
    with pytest.raises(MermaidTooLarge, match="one domain at a time"):
        tree_as_mermaid(forest)
    assert "nan-loss" in tree_as_mermaid(build_forest(ENTRIES, "numerics"))  # one domain draws whole
