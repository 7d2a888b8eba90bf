"""A sample forest and hostile text, shared by the tests of the fault tree and of its wiki pages."""

from __future__ import annotations

from hypothesis import strategies as st

from kb.upkeep.fault_tree import NO_CAUSE_PATH, Branch, TreeEntry, walk_branches

ENTRIES = [
    TreeEntry(
        "dataloader-worker-killed",
        "data",
        "IO bottleneck > num_workers",
        "RuntimeError: DataLoader worker (pid 4711) is killed by signal: Killed.",
        hits=6,  # 3 confident searches, and the 3 occurrences recorded after the first
        occurrences=4,
    ),
    TreeEntry(
        "too-many-open-files",
        "data",
        "IO bottleneck>num_workers",  # written without spaces: the same branch
        "OSError: [Errno 24] Too many open files",
        hits=2,
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
