"""The fault tree: counts over subtrees, the recurring rule, and the terminal and JSON renderers."""

from __future__ import annotations

import json
import unicodedata

import pytest

from kb.domains import DOMAIN_NAMES
from kb.errors import UnknownDomain
from kb.upkeep.fault_tree import (
    NO_CAUSE_PATH,
    RECURRING_MARK,
    Branch,
    build_forest,
    forest_as_json,
    mark_recurring,
    recurring_branches,
    recurring_threshold,
    render_recurring,
    render_text,
)
from tests.upkeep.forests import ENTRIES, EXPECTED, all_branches, entry_of

# --- building --------------------------------------------------------------------------------------


def test_every_branch_counts_its_whole_subtree() -> None:
    branches = all_branches(build_forest(ENTRIES))
    assert {path: (b.entry_count, b.occurred) for path, b in branches.items()} == EXPECTED
    for branch in branches.values():
        kids = branch.children.values()
        assert branch.entry_count == len(branch.entries) + sum(k.entry_count for k in kids)
        assert branch.occurred == sum(e.occurred for e in branch.entries) + sum(k.occurred for k in kids)


def test_an_occurrence_recorded_again_counts_once_not_as_a_hit_too() -> None:
    """`kb add --occurrence` counts a hit as well (a prune must not call the entry unused): the
    tree counted a fault seen three times as five occurrences and flagged it as recurring."""
    from kb.upkeep.fault_tree import TreeEntry

    seen_three_times = TreeEntry("k", "data", "a > b", "s", hits=2, occurrences=3)
    assert seen_three_times.occurred == 3
    and_found_twice = TreeEntry("k", "data", "a > b", "s", hits=4, occurrences=3)
    assert and_found_twice.occurred == 5
    assert TreeEntry("k", "data", "", "s", hits=0, occurrences=3).occurred == 3  # counted before hits were


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
    assert render_text([]) == ""
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


def test_how_deep_a_cause_path_is_written_does_not_decide_whether_it_recurs() -> None:
    """`Storage` seen nine times was flagged; `Storage > bucket > quota` seen nine times was not: its
    count went into the median three times, and the bar rose above it."""
    for path in ("Storage", "Storage > bucket > quota"):
        entries = [entry_of("quota", path, "s", hits=8, occurrences=9), entry_of("a", "Format", "s")]
        forest = build_forest([*entries, entry_of("b", "Init", "s")])
        assert [p for p, _ in recurring_branches(forest)] == [f"data > {path}"], path  # listed once
        assert all(b.recurring for p, b in all_branches(forest).items() if p.startswith("data > Storage"))


def test_a_knowledge_base_of_one_cause_can_see_it_recur() -> None:
    """The bar is set by the other branches: alone, a branch was its own median, and never above it."""
    forest = build_forest([entry_of("quota", "Storage", "s", hits=10, occurrences=1)])
    assert [p for p, _ in recurring_branches(forest)] == ["data > Storage"]
    assert not recurring_branches(build_forest([entry_of("quota", "Storage", "s", hits=2)]))  # the floor


def test_one_fault_deep_in_its_cause_path_leaves_room_for_the_next() -> None:
    """The summary listed one fault five times, once per step of its path, and left out another."""
    deep = entry_of("quota", "Storage > bucket > region > quota > project", "s", hits=8, occurrences=9)
    other = entry_of("embed", "Vocabulary resize", "s", hits=5, occurrences=6)
    quiet = [entry_of(f"q{i}", f"quiet {i}", "s") for i in range(3)]
    listed = [p for p, _ in recurring_branches(build_forest([deep, other, *quiet]))]
    assert listed == ["data > Storage > bucket > region > quota > project", "data > Vocabulary resize"]


def test_a_cause_written_in_another_case_is_the_same_branch() -> None:
    forest = build_forest(
        [entry_of("a", "Storage > checksum", "s", hits=3), entry_of("b", "storage > Checksum", "s", hits=3)]
    )
    assert list(all_branches(forest)) == ["data", "data > Storage", "data > Storage > checksum"]
    assert all_branches(forest)["data > Storage > checksum"].entry_count == 2


def test_the_recurring_summary_keeps_to_the_width_and_says_how_many_it_left_out() -> None:
    """At 60 columns its lines ran past the edge, though every other line of `kb tree` keeps to it."""
    deep = "Storage > object store bucket for checkpoints > regional replication > quota of project"
    entries = [entry_of(f"k{i}", f"cause {i} > {deep}", "s", hits=8, occurrences=9) for i in range(7)]
    summary = render_recurring(
        build_forest([*entries, *(entry_of(f"q{i}", f"q {i}", "s") for i in range(9))]), 60
    )
    lines = summary.splitlines()
    assert lines[0] == "Recurring most (a guard could stop them):" and len(lines) == 7
    assert all(columns(line) <= 60 for line in lines) and lines[1].endswith("(9 occurrences, 1 entry)")
    assert lines[-1] == "  and 2 more, flagged in the tree above"
    assert render_recurring(build_forest([entry_of("q", "q", "s")])) == ""


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
        "│   │   ├── dataloader-worker-killed  (hits 6, seen 4x)",
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
        "hits": 6,
        "occurrences": 4,
    }
