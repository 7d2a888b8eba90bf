"""What a merge says it did (merged_said): the merged entry's fix, root cause and check are not kept
by the entry it went into, so the line says where they are when they differed."""

from __future__ import annotations

from kb.entry.content import EntryContent
from kb.entry.merging import merge_contents
from kb.upkeep.review import merged_said

TARGET = EntryContent(key="b1", domain="data", symptom="DatasetBuildError: duplicate ids", fix="dedupe ids")


def test_a_merge_of_a_copy_says_only_that_it_merged() -> None:
    copy = TARGET.replace(key="a1", symptom="DatasetBuildError: duplicate ids in val")
    assert merged_said(copy, TARGET) == "merged a1 into b1"


def test_a_fix_the_target_does_not_keep_is_pointed_at_and_one_it_lacked_is_not() -> None:
    """The line spoke of the target keeping its own root cause when it had none, and took the
    source's: TARGET is the entry after the merge, which has what it lacked from the source."""
    other = TARGET.replace(
        key="a1", fix="upgrade pyarrow to 15", validation="pip show pyarrow", root_cause="v1"
    )
    assert merged_said(other, merge_contents(TARGET, other)) == (
        "merged a1 into b1; b1 keeps its own fix: a1's stays in its history (kb history a1)"
    )
