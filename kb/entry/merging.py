"""Merging entries, pure: contents in, a merge out.

Three-way, field by field (merge_entry): what `kb sync` does with an entry that changed in the
knowledge base, in an entry folder, or in both since the two last agreed (the base). A field changed
on one side only takes that side's value; a field both sides changed to the same value is agreed; a
field both changed differently is a conflict, which only the user can settle.

Two entries of one fault folded into one (merge_contents): what `kb merge` and a review's merge keep.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kb.entry.content import EntryContent

#: The fields merged one by one; the key is what pairs the versions up, never merged.
MERGED_FIELDS = tuple(name for name in EntryContent._fields if name != "key")


@dataclass(frozen=True)
class EntryMerge:
    content: EntryContent | None  # the merged entry; None while fields conflict
    ours: tuple[str, ...]  # fields taken from ours: changed there only
    theirs: tuple[str, ...]  # fields taken from theirs
    conflicts: tuple[str, ...]  # fields both sides changed, differently


def merge_entry(
    base: EntryContent | None,
    ours: EntryContent,
    theirs: EntryContent,
    prefer: str | Mapping[str, str] | None = None,
) -> EntryMerge:
    """Merge OURS and THEIRS, two versions of one entry, against BASE (None: both added it, so every
    field they disagree on is a conflict). PREFER ("ours" or "theirs") settles the conflicts, or,
    as a mapping, the conflicts of the fields it names (a choice made field by field)."""
    values: dict[str, Any] = {"key": ours.key}
    taken: dict[str, list[str]] = {"ours": [], "theirs": []}
    conflicts: list[str] = []
    for name in MERGED_FIELDS:
        mine, other = getattr(ours, name), getattr(theirs, name)
        if mine == other:
            values[name] = mine
            continue
        original = getattr(base, name) if base is not None else None
        if base is not None and mine == original:
            values[name] = other
            taken["theirs"].append(name)
        elif base is not None and other == original:
            values[name] = mine
            taken["ours"].append(name)
        elif (side := prefer.get(name) if isinstance(prefer, Mapping) else prefer) is not None:
            values[name] = mine if side == "ours" else other
            taken[side].append(name)
        else:
            conflicts.append(name)
    content = None if conflicts else EntryContent(**values)
    return EntryMerge(content, tuple(taken["ours"]), tuple(taken["theirs"]), tuple(conflicts))


def changed_fields(before: EntryContent | None, after: EntryContent) -> tuple[str, ...]:
    """The fields AFTER holds differently from BEFORE (all of them when there is no BEFORE)."""
    if before is None:
        return ()
    return tuple(name for name in ("key", *MERGED_FIELDS) if getattr(before, name) != getattr(after, name))


def fingerprint(content: EntryContent) -> str:
    """A digest of every field, status included: two versions with one fingerprint are the same."""
    canonical = json.dumps(content.as_dict(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def merge_contents(target: EntryContent, source: EntryContent) -> EntryContent:
    """TARGET with what SOURCE knew: its symptom and variants as variants, its tags, its stories and
    its guards; and its fix, root cause, snippet and check (with the rule that reads it) where TARGET
    has none. Where both have one, TARGET's stands (kb.upkeep.review.merged_said() says so)."""

    def joined(first: str, second: str) -> str:
        return first if not second or second in first else f"{first}\n\n{second}".strip()

    check = (
        (target.validation, target.check_rule)
        if target.validation
        else (source.validation, source.check_rule)
    )
    return target.replace(
        symptom_variants=(*target.symptom_variants, source.symptom, *source.symptom_variants),
        tags=(*target.tags, *source.tags),
        related=tuple(k for k in (*target.related, *source.related) if k not in (target.key, source.key)),
        conditions=joined(target.conditions, source.conditions),
        case=joined(target.case, source.case),
        environment=joined(target.environment, source.environment),
        fix=target.fix or source.fix,
        root_cause=target.root_cause or source.root_cause,
        snippet=target.snippet or source.snippet,
        validation=check[0],
        check_rule=check[1],
        guards=(*target.guards, *_carried_over(source, target.guards)),
    )


def _carried_over(source: EntryContent, kept: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """SOURCE's guards that KEPT lacks, each naming the keys it was exported under before (its
    `merged_from`): a `# kb: ignore[SOURCE-KEY]` a project wrote for it still silences it."""

    def rule(guard: Mapping[str, Any]) -> dict[str, Any]:
        return {name: value for name, value in guard.items() if name != "merged_from"}

    rules = [rule(guard) for guard in kept]
    carried = []
    for guard in source.guards:
        if rule(guard) in rules:
            continue
        was = [*guard.get("merged_from", ()), source.key]
        carried.append({**rule(guard), "merged_from": list(dict.fromkeys(was))})
    return carried
