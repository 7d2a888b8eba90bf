"""Two entries of one fault folded into one (merge_contents), as `kb merge` keeps them: the target
speaks, and nothing the source knew is lost or said twice."""

from __future__ import annotations

from kb.entry.content import EntryContent
from kb.entry.merging import merge_contents

TARGET = EntryContent(
    key="cuda-device-side-assert",
    domain="training",
    symptom="CUDA error: device-side assert triggered",
    fix="Check the labels against num_classes.",
    tags=("cuda", "labels"),
    related=("ce-target-out-of-range",),
    conditions="Only on the GPU.",
)
SOURCE = EntryContent(
    key="ce-target-out-of-range",
    domain="training",
    symptom="IndexError: Target 5 is out of bounds.",
    symptom_variants=("Assertion `t >= 0 && t < n_classes` failed.",),
    fix="Remap the labels.",
    tags=("labels", "loss"),
    related=("cuda-device-side-assert", "bce-labels-out-of-range"),
    conditions="Only on the GPU.",
    case="A new class in the March export.",
)


def test_the_source_symptoms_become_variants_of_the_target() -> None:
    merged = merge_contents(TARGET, SOURCE)
    assert merged.key == TARGET.key and merged.symptom == TARGET.symptom and merged.fix == TARGET.fix
    assert merged.symptom_variants == (SOURCE.symptom, *SOURCE.symptom_variants)


def test_tags_and_related_entries_are_joined_without_the_two_themselves() -> None:
    merged = merge_contents(TARGET, SOURCE)
    assert set(merged.tags) == {"cuda", "labels", "loss"}
    assert merged.related == ("bce-labels-out-of-range",)


def test_a_story_is_added_once_and_one_already_told_is_not_repeated() -> None:
    merged = merge_contents(TARGET, SOURCE)
    assert merged.conditions == "Only on the GPU."
    assert merged.case == "A new class in the March export."
    assert merge_contents(merged, SOURCE).case == merged.case


def test_what_the_target_lacks_it_takes_from_the_source_and_what_it_has_it_keeps() -> None:
    """A merge kept none of the source's guards, snippet or root cause: the guard left the pre-commit
    export, and the fault it blocked could come back."""
    guard = {"kind": "regex", "pattern": "widget_cache\\.load\\(\\)", "bad": "x = widget_cache.load()"}
    source = SOURCE.replace(root_cause="stale cache from v1", snippet="print(cache.stats())", guards=(guard,))
    merged = merge_contents(TARGET, source)
    carried = {**guard, "merged_from": [SOURCE.key]}
    assert (merged.root_cause, merged.snippet, merged.guards) == (
        "stale cache from v1",
        "print(cache.stats())",
        (carried,),
    )
    assert merged.fix == TARGET.fix  # the target's own stands
    assert merge_contents(merged, source).guards == (carried,)  # a guard both hold is kept once
    checked = SOURCE.replace(validation="python3 check_labels.py")
    assert merge_contents(TARGET, checked).validation == "python3 check_labels.py"


def test_a_guard_carried_over_names_every_key_it_was_exported_under() -> None:
    """A `# kb: ignore[OLD]` a project wrote for a guard must keep silencing it after OLD is merged
    into another entry, and after that entry is merged in turn."""
    guard = {"kind": "regex", "pattern": "widget_cache\\.load\\(\\)", "bad": "x = widget_cache.load()"}
    first = merge_contents(TARGET, SOURCE.replace(guards=(guard,)))
    last = merge_contents(EntryContent(key="widget-faults", domain="data", symptom="s"), first)
    assert last.guards == ({**guard, "merged_from": [SOURCE.key, TARGET.key]},)
