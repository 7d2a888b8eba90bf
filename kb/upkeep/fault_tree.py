"""The fault tree: entries grouped by domain and cause path, to see why a fault keeps coming back.

A list of entries answers "have I seen this?"; a tree answers "where do my faults come from?". Each
domain is a root and each part of an entry's cause path (`IO bottleneck > num_workers`) a branch
under it, so that ten entries about worker processes add up on one branch instead of hiding among
fifty rows. A branch that has happened far more often than the others is flagged as recurring: that
is where a guard (a pre-commit hook, a pytest check) pays for itself.

Everything here is pure: `build_forest` turns entries into branches with their counts and flags, and
the renderers turn branches into text for a terminal (every control character made visible) or JSON.
The wiki forms, a Markdown list and a Mermaid chart, are pages like the tables, so they live in
kb.exchange.fault_tree_pages.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.entry.content import normalize_cause_path
from kb.entry.terminal import cut, display_width, one_line
from kb.errors import UnknownDomain

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore

#: The branch that holds entries with no cause path yet. It is shown last and never flagged: what
#: recurs there is a missing cause path, which no guard can stop.
NO_CAUSE_PATH = "(no cause path)"

RECURRING_MARK = "recurring: a guard could stop it"

#: A branch is recurring when it happened at least this often...
RECURRING_FLOOR = 3
#: ...and at least this many times as often as the median branch.
RECURRING_MEDIAN_FACTOR = 2


@dataclass(frozen=True)
class TreeEntry:
    """What the tree needs of an entry."""

    key: str
    domain: str
    cause_path: str  # parts joined by " > "; "" goes under NO_CAUSE_PATH
    symptom: str
    hits: int  # confident searches that found it, and recorded occurrences after the first
    #: Times the user recorded it happening: >= 1 for their own entry, whose first is its recording;
    #: >= 0 for a seed, whose first, as shipped, is the field guide's, not one the user had.
    occurrences: int
    #: Whether where it lives counts its use: an entry folder keeps no hits and no occurrences, so
    #: the tree of one shows its entries and claims no count.
    counted: bool = True
    #: Shipped with kb (a seed): each occurrence the user recorded counted a hit, the first too.
    seed: bool = False

    @property
    def occurred(self) -> int:
        """How often the fault came up: each recorded occurrence, and each search that found it.
        A recorded occurrence counts as a hit too (so that a prune never calls it unused): those
        hits are left out here, or a fault seen three times would count five."""
        recorded_as_hits = self.occurrences if self.seed else self.occurrences - 1
        searches = max(self.hits - recorded_as_hits, 0)
        return self.occurrences + searches


@dataclass
class Branch:
    """One node of the tree. The counts cover the whole subtree; `build_forest` computes them."""

    name: str
    entries: list[TreeEntry] = field(default_factory=list)  # entries whose cause path ends here
    children: dict[str, Branch] = field(default_factory=dict)  # by entry count, then name
    entry_count: int = 0
    occurred: int = 0  # TreeEntry.occurred over the subtree
    recurring: bool = False
    counted: bool = True  # every entry of the subtree is (TreeEntry.counted)
    #: Entries of the subtree whose fault never came up: seeds the user has not met.
    unmet: int = 0


# --- building --------------------------------------------------------------------------------------


def cause_parts(cause_path: str) -> list[str]:
    """`IO bottleneck > num_workers` → its parts; an empty path → [NO_CAUSE_PATH]."""
    path = normalize_cause_path(cause_path)
    return path.split(" > ") if path else [NO_CAUSE_PATH]


def build_forest(entries: Iterable[TreeEntry], domain: str | None = None) -> list[Branch]:
    """One root per domain that has entries, in the order of DOMAIN_NAMES; only DOMAIN's root when set.

    DOMAIN is resolved with `resolve_domain`, which raises UnknownDomain with a suggestion; a known
    domain with no entries gives one empty root. Recurring branches are flagged over all entries
    before the domain is picked, so a domain's view flags the same branches as the whole tree.
    """
    wanted = resolve_domain(domain) if domain is not None else None
    roots: dict[str, Branch] = {}
    for entry in entries:
        name = _domain_of(entry)
        node = roots.setdefault(name, Branch(name))
        for part in cause_parts(entry.cause_path):
            node = _child_named(node, part)
        node.entries.append(entry)
    for root in roots.values():
        _summarize(root)
    forest = sorted(roots.values(), key=_domain_rank)
    mark_recurring(forest)
    if wanted is not None:
        return [roots.get(wanted) or Branch(wanted)]
    return forest


def _child_named(branch: Branch, part: str) -> Branch:
    """BRANCH's child PART, made if there is none. `Storage > checksum` and `storage > Checksum` are
    one cause written twice (as kb review's duplicate check reads them): one branch, under the
    spelling met first, so that neither half of its count stays below the recurring bar."""
    child = branch.children.get(part)
    if child is None:
        folded = part.casefold()
        child = next((c for name, c in branch.children.items() if name.casefold() == folded), None)
    if child is None:
        child = branch.children[part] = Branch(part)
    return child


def _domain_of(entry: TreeEntry) -> str:
    try:
        return resolve_domain(entry.domain)
    except UnknownDomain:
        return entry.domain  # a stored entry is validated; keep an odd one visible rather than fail


def _domain_rank(root: Branch) -> tuple[int, str]:
    known = root.name in DOMAIN_NAMES
    return (DOMAIN_NAMES.index(root.name) if known else len(DOMAIN_NAMES), root.name)


def _summarize(branch: Branch) -> None:
    """Fill in the counts of BRANCH's subtree and put its children and entries in display order."""
    for child in branch.children.values():
        _summarize(child)
    branch.entries.sort(key=lambda e: (-e.occurred, e.key))
    branch.children = dict(sorted(branch.children.items(), key=lambda item: _child_rank(item[1])))
    kids = branch.children.values()
    branch.entry_count = len(branch.entries) + sum(child.entry_count for child in kids)
    branch.occurred = sum(e.occurred for e in branch.entries) + sum(child.occurred for child in kids)
    branch.counted = all(e.counted for e in branch.entries) and all(child.counted for child in kids)
    branch.unmet = sum(1 for e in branch.entries if not e.occurred) + sum(child.unmet for child in kids)


def _child_rank(branch: Branch) -> tuple[bool, int, str, str]:
    return (branch.name == NO_CAUSE_PATH, -branch.entry_count, branch.name.casefold(), branch.name)


# --- recurring branches ----------------------------------------------------------------------------


def repeats(branch: Branch) -> int:
    """How often the branch's faults came back after they were first recorded.

    Each entry's first occurrence is the recording itself; what recurs is everything after it. So a
    broad branch of ten faults each seen once does not recur, while one fault found by five searches does.
    A seed the user never met has no first occurrence to leave out.
    """
    return branch.occurred - (branch.entry_count - branch.unmet)


def passes_through(branch: Branch) -> bool:
    """Whether BRANCH only leads to one other (no entry of its own, one child): in `Storage > bucket >
    quota`, Storage and bucket hold quota's count again, and are one cause with it, not three."""
    return not branch.entries and len(branch.children) == 1


def recurring_threshold(occurred: Sequence[int]) -> float:
    """How often a branch's faults must have come back to count as recurring, given the other branches'
    counts.

    The rule: `repeats >= max(RECURRING_FLOOR, RECURRING_MEDIAN_FACTOR * median)`, where `repeats` is
    hits + occurrences beyond each entry's first over the branch's subtree, and the median is over the
    other cause branches (not the domain roots, not NO_CAUSE_PATH, and a chain of branches that only
    lead to the next, `passes_through()`, counted once, as the branch it leads to).

    - Against the others, not against itself: a knowledge base of one cause whose fault came back
      eight times holds a recurring fault, though its median branch is that branch.
    - One branch for a chain: a cause written deeply (`Storage > bucket > quota`) put its count into
      the median three times, raising the bar above itself.

    - Relative to the median, so the bar rises with the knowledge base: when every branch has been
      hit ten times, none of them stands out, and a flag on all of them would say nothing.
    - The median and not the mean, so that one runaway branch does not raise the bar for the rest.
    - Twice the median: a branch must be clearly above the typical one, not just above half of them.
    - At least RECURRING_FLOOR (3): in a young knowledge base the median is 1 or 2, and a fault seen
      twice may be a coincidence; three times is a pattern worth a guard.
    """
    median = statistics.median(occurred) if occurred else 0
    return max(RECURRING_FLOOR, RECURRING_MEDIAN_FACTOR * median)


def mark_recurring(forest: Sequence[Branch]) -> None:
    """Set `recurring` on every branch of FOREST by `recurring_threshold` (roots are never flagged)."""
    branches = [branch for _, branch in walk_branches(forest) if branch.name != NO_CAUSE_PATH]
    counts = sorted(repeats(b) for b in branches if not passes_through(b))
    for root in forest:
        root.recurring = False
    for _, branch in walk_branches(forest):
        branch.recurring = False
    for branch in branches:
        others = list(counts)
        if repeats(branch) in others:  # a chain's branches leave out the one branch they all are
            others.remove(repeats(branch))
        branch.recurring = repeats(branch) >= recurring_threshold(others)


def walk_branches(forest: Sequence[Branch]) -> Iterator[tuple[str, Branch]]:
    """Every branch below the roots, depth first, with its path (`data > IO bottleneck`)."""

    def walk(path: str, branch: Branch) -> Iterator[tuple[str, Branch]]:
        for child in branch.children.values():
            child_path = f"{path} > {child.name}"
            yield child_path, child
            yield from walk(child_path, child)

    for root in forest:
        yield from walk(root.name, root)


def recurring_branches(forest: Sequence[Branch], top: int | None = 5) -> list[tuple[str, Branch]]:
    """The TOP flagged branches (all when None) with their paths, the ones that happened most first.
    A branch that only leads to the next (`passes_through()`) is not listed apart from it: the
    deeper path names it, and one fault listed as each step of its cause path crowded out the rest.

    The flags are the ones `build_forest` set (over the whole knowledge base); call `mark_recurring`
    first on a forest built by hand.
    """
    flagged = [
        (path, branch)
        for path, branch in walk_branches(forest)
        if branch.recurring and not passes_through(branch)
    ]
    flagged.sort(key=lambda item: (-item[1].occurred, item[0]))
    return flagged if top is None else flagged[: max(top, 0)]


# --- words every format shares ---------------------------------------------------------------------


def branch_counts(branch: Branch) -> str:
    """`3 entries, 9 occurrences`, singular where it is one; `3 entries` where nothing is counted."""
    entries = "1 entry" if branch.entry_count == 1 else f"{branch.entry_count} entries"
    if not branch.counted:
        return entries
    occurred = "1 occurrence" if branch.occurred == 1 else f"{branch.occurred} occurrences"
    return f"{entries}, {occurred}"


def entry_facts(entry: TreeEntry) -> str:
    """`(hits 3, seen 2x)`; nothing for an entry whose use is not counted."""
    return f"(hits {entry.hits}, seen {entry.occurrences}x)" if entry.counted else ""


# --- terminal text ---------------------------------------------------------------------------------


#: The least of a name kept when a line is too long: below this, the whole line is cut instead.
_MIN_NAME = 8


def _fit(prefix: str, name: str, suffix: str, width: int) -> str:
    """PREFIX + NAME + SUFFIX in WIDTH columns: the name gives way first, so counts and flag stay."""
    line = prefix + name + suffix
    if display_width(line) <= width:
        return line
    room = width - display_width(prefix) - display_width(suffix)
    if room >= _MIN_NAME:
        return prefix + cut(name, room) + suffix
    return cut(line, width)


def render_text(forest: Sequence[Branch], width: int = 80) -> str:
    """The forest as a box-drawing tree for a terminal, every line at most WIDTH columns.

    data  [3 entries, 9 occurrences]
    ├── IO bottleneck  [2 entries, 8 occurrences]  ← recurring: a guard could stop it
    │   └── num_workers  [2 entries, 8 occurrences]  ← recurring: a guard could stop it
    │       ├── dataloader-worker-killed  (hits 3, seen 2x)
    │       └── too-many-open-files  (hits 1, seen 2x)
    └── (no cause path)  [1 entry, 1 occurrence]
        └── odd-fault  (hits 0, seen 1x)
    """
    blocks = []
    for root in forest:
        lines = [_branch_line("", root, width)]
        _text_children(root, "", width, lines)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _branch_line(prefix: str, branch: Branch, width: int) -> str:
    """`name  [N entries, M occurrences]`, and the recurring mark, shortened when the line is narrow."""
    name = one_line(branch.name)
    suffix = f"  [{branch_counts(branch)}]"
    if branch.recurring:  # the whole name before the whole flag: a cut name hides what recurs
        full = f"{suffix}  ← {RECURRING_MARK}"
        suffix = full if display_width(prefix + name + full) <= width else f"{suffix}  ← recurring"
    return _fit(prefix, name, suffix, width)


def _text_children(branch: Branch, indent: str, width: int, lines: list[str]) -> None:
    items: list[TreeEntry | Branch] = [*branch.entries, *branch.children.values()]
    for i, item in enumerate(items):
        last = i == len(items) - 1
        prefix = indent + ("└── " if last else "├── ")
        if isinstance(item, Branch):
            lines.append(_branch_line(prefix, item, width))
            _text_children(item, indent + ("    " if last else "│   "), width, lines)
        else:
            facts = entry_facts(item)
            lines.append(_fit(prefix, one_line(item.key), f"  {facts}" if facts else "", width))


def render_recurring(forest: Sequence[Branch], width: int = 80, top: int = 5) -> str:
    """The flagged causes that happened most (recurring_branches()), TOP of them, each on a line of at
    most WIDTH columns (the path gives way, its counts stay), and how many more the tree flags; ""
    when none is flagged."""
    flagged = recurring_branches(forest, top=None)
    if not flagged:
        return ""
    lines = ["Recurring most (a guard could stop them):"]
    for path, branch in flagged[:top]:
        entries = "1 entry" if branch.entry_count == 1 else f"{branch.entry_count} entries"
        lines.append(_fit("  ", one_line(path), f"  ({branch.occurred} occurrences, {entries})", width))
    if len(flagged) > top:
        lines.append(f"  and {len(flagged) - top} more, flagged in the tree above")
    return "\n".join(lines)


# --- JSON ------------------------------------------------------------------------------------------


def forest_as_json(forest: Sequence[Branch]) -> list[dict[str, object]]:
    """The forest as nested dicts of plain values, for `--json`."""
    return [_branch_json(root) for root in forest]


def _branch_json(branch: Branch) -> dict[str, object]:
    """A count nothing kept (an entry folder's) is null."""
    return {
        "name": branch.name,
        "entry_count": branch.entry_count,
        "occurred": branch.occurred if branch.counted else None,
        "recurring": branch.recurring,
        "entries": [
            {
                "key": e.key,
                "symptom": e.symptom,
                "hits": e.hits if e.counted else None,
                "occurrences": e.occurrences if e.counted else None,
            }
            for e in branch.entries
        ],
        "children": [_branch_json(child) for child in branch.children.values()],
    }


def forest_of(store: EntryStore, domain: str | None = None) -> list[Branch]:
    """The fault trees of the active entries, only DOMAIN's when set, as `kb tree` and the Tree tab
    show them. Every entry goes in: a branch recurs or not against the whole knowledge base."""
    counted = store.keeps_usage
    entries = []
    for e in store.list():
        seed = e.seed_digest is not None  # its stored first occurrence is the one it shipped with
        entries.append(
            TreeEntry(e.key, e.domain, e.cause_path, e.symptom, e.hits, e.occurrences_met, counted, seed)
        )
    return build_forest(entries, domain)
