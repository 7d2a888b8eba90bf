"""The fault tree: counts over subtrees, the recurring rule, and renderers that survive hostile text.

The Mermaid output is also drawn by the real renderer (mermaid-cli) when it is installed, since only
Mermaid's own parser can say that a chart is valid.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from kb.domains import DOMAIN_NAMES
from kb.entry.terminal import one_line
from kb.errors import UnknownDomain
from kb.upkeep.fault_tree import (
    MERMAID_ENTRIES_LEFT_OUT,
    MERMAID_MAX_EDGES,
    MERMAID_MAX_TEXT,
    MERMAID_SYMPTOM_CHARS,
    NO_CAUSE_PATH,
    RECURRING_MARK,
    Branch,
    MermaidTooLarge,
    TreeEntry,
    build_forest,
    forest_as_json,
    mark_recurring,
    recurring_branches,
    recurring_threshold,
    render_markdown,
    render_mermaid,
    render_text,
    walk_branches,
)

REPO = Path(__file__).resolve().parents[2]

ENTRIES = [
    TreeEntry(
        "dataloader-worker-killed",
        "data",
        "IO bottleneck > num_workers",
        "RuntimeError: DataLoader worker (pid 4711) is killed by signal: Killed.",
        hits=3,
        occurrences=4,
    ),
    TreeEntry(
        "too-many-open-files",
        "data",
        "IO bottleneck>num_workers",  # written without spaces: the same branch
        "OSError: [Errno 24] Too many open files",
        hits=1,
        occurrences=2,
    ),
    TreeEntry("pin-memory-slow", "data", "IO bottleneck > pin_memory", "slow | *pin* `x` **b**", 0, 1),
    TreeEntry(
        "getitem-leak",
        "data",
        "memory leak > global object > __getitem__ cache",
        '内存泄漏 <script>alert("x")</script> ] [link](http://e.x) &amp; #quot;',
        0,
        1,
    ),
    TreeEntry(
        "dtype-mismatch", "data", "data format > dtype", "#1 expected Float | got Half ~~s~~ $x$", 0, 1
    ),
    TreeEntry("unplaced", "data", "", "# heading \\ _u_ <!-- c -->", 0, 1),
    TreeEntry("nan-loss", "numerics", "loss scale", "loss is NaN", 1, 1),
    TreeEntry(
        "driver-mismatch", "hardware", '驱动 > CUDA "12" | <b>', "CUDA driver version is insufficient", 0, 1
    ),
]

#: path → (entry_count, occurred), for every branch of ENTRIES.
EXPECTED = {
    "data": (6, 14),
    "data > IO bottleneck": (3, 11),
    "data > IO bottleneck > num_workers": (2, 10),
    "data > IO bottleneck > pin_memory": (1, 1),
    "data > data format": (1, 1),
    "data > data format > dtype": (1, 1),
    "data > memory leak": (1, 1),
    "data > memory leak > global object": (1, 1),
    "data > memory leak > global object > __getitem__ cache": (1, 1),
    f"data > {NO_CAUSE_PATH}": (1, 1),
    "numerics": (1, 2),
    "numerics > loss scale": (1, 2),
    "hardware": (1, 1),
    "hardware > 驱动": (1, 1),
    'hardware > 驱动 > CUDA "12" | <b': (1, 1),  # ">" always separates parts, as in kb.entry.content
}

HOSTILE = [
    "|",
    '"',
    "'",
    "`",
    "```",
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "<",
    ">",
    "<script>",
    "<br/>",
    "#",
    "#quot;",
    "#35;",
    "&amp;",
    ";",
    "%%",
    "%%{init: {'theme': 'dark'}}%%",
    "\\",
    "*",
    "_",
    "~~",
    "$",
    "-->",
    "end",
    "classDef",
    "漢字",
    "ﬂ°",
    "¶ß",
    "🔥",
    "\n",
    "\t",
    "\x1b[31m",
]
text = st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=8)), max_size=6).map("".join)
cause_path = st.lists(text, max_size=3).map(" > ".join)


def entry_of(key: str, cause: str, symptom: str, hits: int = 0, occurrences: int = 1) -> TreeEntry:
    return TreeEntry(key, "data", cause, symptom, hits, occurrences)


def all_branches(forest: list[Branch]) -> dict[str, Branch]:
    found = {root.name: root for root in forest}
    found.update(walk_branches(forest))
    return found


# --- building --------------------------------------------------------------------------------------


def test_every_branch_counts_its_whole_subtree() -> None:
    branches = all_branches(build_forest(ENTRIES))
    assert {path: (b.entry_count, b.occurred) for path, b in branches.items()} == EXPECTED
    for branch in branches.values():
        kids = branch.children.values()
        assert branch.entry_count == len(branch.entries) + sum(k.entry_count for k in kids)
        assert branch.occurred == sum(e.hits + e.occurrences for e in branch.entries) + sum(
            k.occurred for k in kids
        )


def test_entries_sit_where_their_cause_path_ends() -> None:
    branches = all_branches(build_forest(ENTRIES))
    leaf = branches["data > memory leak > global object > __getitem__ cache"]
    assert [e.key for e in leaf.entries] == ["getitem-leak"]
    assert branches["data > memory leak"].entries == []
    assert [e.key for e in branches[f"data > {NO_CAUSE_PATH}"].entries] == ["unplaced"]
    worker = branches["data > IO bottleneck > num_workers"]
    assert [e.key for e in worker.entries] == ["dataloader-worker-killed", "too-many-open-files"]


def test_roots_follow_the_domain_order_and_children_their_counts() -> None:
    forest = build_forest(ENTRIES)
    assert [root.name for root in forest] == ["data", "numerics", "hardware"]
    assert [r.name for r in forest] == sorted((r.name for r in forest), key=DOMAIN_NAMES.index)
    # by entry count, then name; the branch with no cause path comes last
    assert list(forest[0].children) == ["IO bottleneck", "data format", "memory leak", NO_CAUSE_PATH]


def test_a_domain_filter_keeps_one_root() -> None:
    forest = build_forest(ENTRIES, "numerics")
    assert [root.name for root in forest] == ["numerics"]
    assert build_forest(ENTRIES, "numeric")[0].name == "numerics"  # the aliases resolve_domain knows
    empty = build_forest(ENTRIES, "deployment")
    assert [(r.name, r.entry_count, r.children) for r in empty] == [("deployment", 0, {})]
    with pytest.raises(UnknownDomain, match="did you mean 'data'"):
        build_forest(ENTRIES, "dta")


def test_no_entries_no_roots() -> None:
    assert build_forest([]) == []
    assert render_text([]) == render_markdown([]) == ""
    assert forest_as_json([]) == []


# --- recurring branches ----------------------------------------------------------------------------


def test_the_branch_that_keeps_happening_is_flagged_and_quiet_ones_are_not() -> None:
    forest = build_forest(ENTRIES)
    flagged = {path for path, branch in all_branches(forest).items() if branch.recurring}
    assert flagged == {"data > IO bottleneck", "data > IO bottleneck > num_workers"}
    assert [path for path, _ in recurring_branches(forest)] == [
        "data > IO bottleneck",
        "data > IO bottleneck > num_workers",
    ]
    assert [path for path, _ in recurring_branches(forest, top=1)] == ["data > IO bottleneck"]


def test_the_recurring_rule() -> None:
    assert recurring_threshold([]) == 3
    assert recurring_threshold([1, 1, 2]) == 3  # a young knowledge base: the floor
    assert recurring_threshold([4, 5, 6, 50]) == 11  # twice the median; the outlier does not move it


def test_a_uniformly_busy_knowledge_base_flags_nothing() -> None:
    entries = [entry_of(f"k{i}", f"cause {i}", "s", hits=5, occurrences=5) for i in range(6)]
    assert recurring_branches(build_forest(entries)) == []


def test_the_unplaced_branch_is_never_flagged() -> None:
    entries = [entry_of("k0", "", "s", hits=40), entry_of("k1", "a", "s"), entry_of("k2", "b", "s")]
    forest = build_forest(entries)
    assert not forest[0].children[NO_CAUSE_PATH].recurring
    assert recurring_branches(forest) == []


def test_a_domain_view_flags_what_the_whole_tree_flags() -> None:
    whole = {path: b.recurring for path, b in all_branches(build_forest(ENTRIES)).items()}
    for domain in ("data", "numerics", "hardware"):
        view = all_branches(build_forest(ENTRIES, domain))
        assert {path: b.recurring for path, b in view.items()} == {
            path: flag for path, flag in whole.items() if path.split(" > ")[0] == domain
        }


def test_mark_recurring_flags_a_forest_built_by_hand() -> None:
    quiet = [Branch(f"quiet {i}", entry_count=1, occurred=1) for i in range(3)]
    loud = Branch("loud", entry_count=1, occurred=9)
    children = {b.name: b for b in [loud, *quiet]}
    root = Branch("data", children=children, entry_count=4, occurred=12, recurring=True)
    mark_recurring([root])
    assert [b.recurring for b in (root, loud, *quiet)] == [False, True, False, False, False]


# --- terminal text ---------------------------------------------------------------------------------


def columns(line: str) -> int:
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line
    )


def test_render_text_draws_the_tree() -> None:
    out = render_text(build_forest(ENTRIES), width=120)
    assert out.splitlines()[:4] == [
        "data  [6 entries, 14 occurrences]",
        f"├── IO bottleneck  [3 entries, 11 occurrences]  ← {RECURRING_MARK}",
        f"│   ├── num_workers  [2 entries, 10 occurrences]  ← {RECURRING_MARK}",
        "│   │   ├── dataloader-worker-killed  (hits 3, seen 4x)",
    ]
    assert "│   └── pin_memory  [1 entry, 1 occurrence]" in out
    assert "│           └── getitem-leak  (hits 0, seen 1x)" in out
    assert f"└── {NO_CAUSE_PATH}  [1 entry, 1 occurrence]" in out
    assert "\n\nnumerics  [1 entry, 2 occurrences]\n└── loss scale" in out
    assert (
        'hardware  [1 entry, 1 occurrence]\n└── 驱动  [1 entry, 1 occurrence]\n    └── CUDA "12" | <b  ['
        in out
    )


@pytest.mark.parametrize("width", [12, 30, 45, 60, 80])
def test_render_text_respects_the_width(width: int) -> None:
    entries = [*ENTRIES, entry_of("k" * 90, "长长的中文原因" * 8 + " > x", "s", hits=50)]
    lines = render_text(build_forest(entries), width=width).splitlines()
    assert lines and all(columns(line) <= width for line in lines)
    assert any("…" in line for line in lines)


def test_a_narrow_line_keeps_the_counts_and_a_short_mark() -> None:
    out = render_text(build_forest(ENTRIES), width=60)
    assert "├── IO bottleneck  [3 entries, 11 occurrences]  ← recurring" in out.splitlines()


def test_render_text_shows_no_control_characters() -> None:
    entries = [entry_of("k\x1b[2J", "a\x1b]0;title\x07 > b\nc", "s")]
    out = render_text(build_forest(entries))
    assert "\x1b" not in out and "\x07" not in out
    assert len(out.splitlines()) == 4


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
    items = list_items(render_markdown(forest))
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
    items = list_items(render_markdown(forest))
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
    chart = render_mermaid(build_forest(ENTRIES))
    labels = mermaid_labels(chart)
    assert mermaid_text(labels[0]) == ["data", "6 entries, 14 occurrences"]
    assert len(labels) == len(EXPECTED) + len(ENTRIES)
    assert chart.count(" --> ") == len(labels) - 3  # every node but the three roots has a parent
    assert "    class n1,n2 recurring" in chart.splitlines()
    leak = next(mermaid_text(label) for label in labels if label.startswith("getitem-leak"))
    assert leak[0] == "getitem-leak" and leak[2] == "(hits 0, seen 1x)"
    assert leak[1].endswith("…") and ENTRIES[3].symptom.startswith(leak[1][:-1])  # a long symptom is cut
    assert 50 <= len(leak[1]) <= MERMAID_SYMPTOM_CHARS
    assert render_mermaid(build_forest(ENTRIES), "TD").startswith("flowchart TD\n")


@given(key=text, cause=cause_path, symptom=text, domain=st.sampled_from(DOMAIN_NAMES))
def test_mermaid_labels_hold_no_quote_nor_bracket_for_any_text(
    key: str, cause: str, symptom: str, domain: str
) -> None:
    forest = build_forest([TreeEntry(key, domain, cause, symptom, 6, 1), entry_of("k", "a", "s")])
    chart = render_mermaid(forest)
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
    while MERMAID_ENTRIES_LEFT_OUT not in render_mermaid(emoji_forest(count + 1)):
        count += 1
    return render_mermaid(emoji_forest(count))


def test_a_chart_past_mermaids_edge_limit_leaves_the_entries_out() -> None:
    forest = build_forest(entry_of(f"k{i}", f"cause {i % 20}", "s") for i in range(MERMAID_MAX_EDGES))
    chart = render_mermaid(forest)
    assert chart.splitlines()[:2] == ["flowchart LR", MERMAID_ENTRIES_LEFT_OUT]
    labels = [mermaid_text(label) for label in mermaid_labels(chart)]
    assert len(labels) == 21 and labels[1] == ["cause 0", "25 entries, 25 occurrences"]
    assert chart.count(" --> ") == 20


def test_mermaids_text_limit_is_counted_as_javascript_counts() -> None:
    chart = largest_chart_with_entries()
    assert js_length(chart) <= MERMAID_MAX_TEXT < 2 * len(chart)  # code points alone would fit twice
    assert MERMAID_MAX_TEXT - js_length(chart) < 600  # one more entry would not fit
    bigger = render_mermaid(emoji_forest(chart.count("🔥" * 250) + 1))
    assert MERMAID_ENTRIES_LEFT_OUT in bigger and js_length(bigger) <= MERMAID_MAX_TEXT


def test_a_tree_too_large_even_without_entries_is_refused() -> None:
    forest = build_forest(entry_of(f"k{i}", f"cause {i}", "s") for i in range(MERMAID_MAX_EDGES + 1))
    with pytest.raises(MermaidTooLarge, match="one domain at a time"):
        render_mermaid(forest)
    assert "nan-loss" in render_mermaid(build_forest(ENTRIES, "numerics"))  # one domain draws whole


# --- JSON ------------------------------------------------------------------------------------------


def test_forest_as_json_is_plain_nested_data() -> None:
    data = forest_as_json(build_forest(ENTRIES))
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    data_root = data[0]
    assert {k: data_root[k] for k in ("name", "entry_count", "occurred", "recurring")} == {
        "name": "data",
        "entry_count": 6,
        "occurred": 14,
        "recurring": False,
    }
    children = data_root["children"]
    assert isinstance(children, list)
    io = children[0]
    assert (io["name"], io["recurring"], io["entries"]) == ("IO bottleneck", True, [])
    workers = io["children"][0]
    assert workers["entries"][0] == {
        "key": "dataloader-worker-killed",
        "symptom": ENTRIES[0].symptom,
        "hits": 3,
        "occurrences": 4,
    }


# --- the real Mermaid renderer ---------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")


def find_mmdc() -> str | None:
    local = REPO / "node_modules" / ".bin" / "mmdc"
    return shutil.which("mmdc") or (str(local) if local.exists() else None)


@pytest.fixture
def mmdc() -> str:
    found = find_mmdc()
    if found is None:
        pytest.skip(
            "mmdc not installed (PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-save @mermaid-js/mermaid-cli)"
        )
    if not CHROMIUM.exists():
        pytest.skip("chromium not installed at /usr/bin/chromium (apt-get install -y chromium)")
    return found


def draw(mmdc: str, chart: str, folder: Path) -> str:
    """CHART drawn by mermaid-cli; the text the SVG shows, whitespace collapsed."""
    (folder / "tree.mmd").write_text(chart, encoding="utf-8")
    (folder / "puppeteer.json").write_text(
        json.dumps(
            {"executablePath": str(CHROMIUM), "args": ["--no-sandbox", "--headless", "--disable-gpu"]}
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [mmdc, "-p", "puppeteer.json", "-i", "tree.mmd", "-o", "tree.svg"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr  # mmdc exits 1 on a syntax error
    svg = folder / "tree.svg"
    assert svg.exists()
    root = ET.parse(svg).getroot()  # well-formed XML: no control character got through
    assert not [el for el in root.iter() if el.tag.rsplit("}", 1)[-1].lower() == "script"]
    shown = " ".join(" ".join(root.itertext()).split())
    assert "Maximum text size in diagram exceeded" not in shown  # drawn with exit 0 past the limit
    return shown.replace("\u2060", "")  # the word joiners that keep Mermaid's own markers apart


def test_mermaid_cli_draws_a_hostile_forest(mmdc: str, tmp_path: Path) -> None:
    hostile = [
        entry_of(
            "quote", 'say "hi" > [x] | {y} (z)', '"q" ] [ <script>alert(1)</script> `tick` #quot; &amp;'
        ),
        entry_of(
            "directive", "%%{init: {'theme': 'dark'}}%% > end", "classDef x fill:#f00; --> ;; Straße ﬂ°¶ß"
        ),
        entry_of("style", "style", "ValueError: style n0 fill:#f00;stroke:(x) style:#quot;"),
        entry_of("control", "a\x1b[31m > b\x00c", "bell \x07 tab\tnewline\n漢字 🔥 \\ \\\\ ﬂ\u2060°"),
        *ENTRIES,
    ]
    forest = build_forest(hostile)
    assert recurring_branches(forest)
    shown = draw(mmdc, render_mermaid(forest), tmp_path)
    for piece in (
        '"q" ] [ <script>alert(1)</script> `tick` #quot; &amp; (hits 0, seen 1x)',
        "classDef x fill:#f00; --> ;; Straße ﬂ°¶ß (hits 0, seen 1x)",
        "ValueError: style n0 fill:#f00;stroke:(x) style:#quot; (hits 0, seen 1x)",
        "%%{init: {'theme': 'dark'}}%% 1 entry",
        "bell \ufffd tab newline 漢字 🔥 \\ \\\\ ﬂ° (hits 0, seen 1x)",
    ):
        assert piece in shown


def test_mermaid_cli_draws_charts_at_the_size_limits(mmdc: str, tmp_path: Path) -> None:
    shown = draw(mmdc, largest_chart_with_entries(), tmp_path)
    assert "🔥" * 250 + "0 s" in shown
    many = build_forest(entry_of(f"k{i}", f"cause {i % 20}", "s") for i in range(MERMAID_MAX_EDGES))
    assert "cause 19 25 entries, 25 occurrences" in draw(mmdc, render_mermaid(many), tmp_path)
