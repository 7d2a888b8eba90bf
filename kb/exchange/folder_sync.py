"""`kb sync DIR`: keep the knowledge base and an entry folder (usually a checkout of the team's
repository) in step, entry by entry. kb never runs git: the user pulls before and commits after.

Each side's version of an entry is compared with the version both last agreed on, which the store
keeps per folder (`sync_base`, under the identity the folder carries in its kb-folder.toml, so that a moved
checkout or a fresh clone keeps it). A change on one side is taken; changes on both are merged field
by field (kb.entry.merging); a field both changed differently is a conflict, and so is an archive
(a merge, a rename) on one side against an edit on the other, except a rename the folder brings,
which is followed with kb's edit (renamed_in_folder()). A conflict is left as it is on both
sides, and remembered, until the user answers: `--ours`, `--theirs`, or an edit in kb of a field in
conflict. A change of the folder's file is no answer: it is as likely a teammate's pull. Whatever a
settled conflict did not keep goes into the entry's history (`kb history`).

The folder holds the active entries, one file each at DOMAIN/KEY.md, and a tombstone for each entry
that left it (TOMBSTONES/KEY.toml: archived, merged, renamed, or purged in a folder layer, by whom,
and which version), which a kb that never synced the entry honours. Archiving an entry removes its
file and writes its tombstone; removing a file archives the entry; an entry purged here is archived
on the other side, and so is one purged in the folder: nothing is purged by a sync. kb's seed
entries stay out of the folder until someone changes one. Files are written first, each
atomically, then the knowledge base and the new bases in one transaction, so a sync stopped
between the two (a killed process) is finished by the next one; a write that fails, in the folder
or in the knowledge base, puts back the files written before it (all_or_nothing), so a sync that
reports an error has changed nothing.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from kb.entry.check_rule import CheckRule
from kb.entry.content import EntryContent
from kb.entry.folder import (
    Tombstone,
    all_or_nothing,
    entry_file_path,
    folder_identity,
    in_folder_form,
    read_folder,
    touched_by_writing,
    write_entry_file,
    write_tombstone,
)
from kb.entry.merging import EntryMerge, fingerprint, merge_entry
from kb.errors import KbError, MassArchive
from kb.paths import one_at_a_time
from kb.store.entry_store import EntryStore

Side = Literal["ours", "theirs"]
#: How a conflict is settled: one side for every field, or a side per field (the TUI's choice).
Preference = Side | Mapping[str, Side]

#: What a step does, for people (the JSON carries the names).
ACTIONS = {
    "add-to-kb": "added to kb",
    "add-to-folder": "added to the folder",
    "update-kb": "updated in kb",
    "update-folder": "updated in the folder",
    "restore-in-kb": "restored in kb",
    "restore-in-folder": "restored in the folder",
    "merge": "merged",
    "archive-in-kb": "archived in kb",
    "remove-file": "file removed",
    "archive-in-folder": "archived in the folder",
    "agreed": "already agreed",
    "resolved": "resolved",
    "conflict": "CONFLICT",
}


@dataclass(frozen=True)
class ShownConflict:
    """A conflict as it was shown: the fingerprints of both versions and kb's value of each field in
    conflict, so that only an edit of one of those fields in kb (or --ours, --theirs) settles it.
    A change of the folder's file is no answer: it is as likely a teammate's pull as the user's."""

    ours: str
    theirs: str
    kb_values: dict[str, Any] = field(default_factory=dict)
    #: The versions a settle of this conflict was to keep aside (whose, and the version), recorded
    #: before it wrote the folder: a settle killed after the folder's file and before kb's
    #: transaction leaves both sides alike, and the next sync keeps these aside instead of losing one.
    settling: tuple[tuple[str, EntryContent], ...] = ()

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ours": self.ours, "theirs": self.theirs, "kb": self.kb_values}
        if self.settling:
            data["settling"] = [{"side": side, "version": kept.as_dict()} for side, kept in self.settling]
        return data

    @classmethod
    def from_json(cls, data: Any) -> ShownConflict:
        if isinstance(data, list):  # recorded before kb kept the fields: any kb edit answers
            return cls(str(data[0]), str(data[1]))
        settling = tuple(
            (str(kept["side"]), EntryContent.from_dict(kept["version"]))
            for kept in data.get("settling") or ()
        )
        kb_values = dict(data.get("kb") or {})
        rule = kb_values.get("check_rule")
        if isinstance(rule, list):  # recorded as the rule's fields in a row, before kb kept its table
            confirms, pattern, rules_out = (str(part) for part in rule[:3])
            inputs = tuple((str(name), str(value)) for name, value in rule[3])
            needs = tuple(map(str, rule[4]))
            kb_values["check_rule"] = CheckRule(confirms, pattern, rules_out, inputs, needs).as_dict()
        return cls(str(data["ours"]), str(data["theirs"]), kb_values, settling)

    def answered_in_kb(self, ours: EntryContent) -> bool:
        if not self.kb_values:
            return fingerprint(ours) != self.ours
        return any(_json_value(getattr(ours, name)) != value for name, value in self.kb_values.items())

    def kb_side(self, content: EntryContent) -> Any:
        """What of CONTENT an answer in kb changes: the fields in conflict (all of it, for a conflict
        recorded before kb kept them)."""
        if not self.kb_values:
            return fingerprint(content)
        return {name: _json_value(getattr(content, name)) for name in self.kb_values}

    def with_kb_as(self, ours: EntryContent) -> ShownConflict:
        """The same conflict, kb's side now OURS: what changed there was no one's answer to it."""
        values = self.kb_side(ours)
        return dataclasses.replace(
            self, ours=fingerprint(ours), kb_values=values if isinstance(values, dict) else {}
        )


@dataclass(frozen=True)
class SyncStep:
    key: str
    action: str  # a name in ACTIONS
    result: EntryContent | None  # the version both sides end with; None for a conflict
    ours: EntryContent | None  # kb's version (None: not in kb)
    theirs: EntryContent | None  # the folder's version (None: no file)
    from_ours: tuple[str, ...] = ()  # fields taken from kb
    from_theirs: tuple[str, ...] = ()  # fields taken from the folder
    conflicts: tuple[str, ...] = ()
    writes_kb: bool = False
    writes_folder: bool = False
    #: For a conflict: what was shown, remembered until the user answers.
    shown: ShownConflict | None = None
    #: The tombstone the folder holds for this key after the sync (None: none).
    tombstone: Tombstone | None = None
    #: The archive was asked for by a tombstone, not only by a missing file.
    from_tombstone: bool = False
    #: The versions a settled conflict did not keep, with whose each was ("kb" or "folder"): kept
    #: in the entry's history.
    kept_aside: tuple[tuple[str, EntryContent], ...] = ()
    #: Why, for people: "archived by alice", "archived in kb, changed in the folder meanwhile".
    note: str = ""
    #: The key the folder renamed this entry to (renamed_in_folder()), or "".
    renamed_to: str = ""
    #: For a conflict: no version kb and the folder last agreed on is known (a first sync of an entry
    #: both hold, a folder that lost its kb-folder.toml), so the fields differ, and nobody can say
    #: which side changed them.
    unbased: bool = False

    @property
    def changes_nothing(self) -> bool:
        """True for a step that writes neither side: both already agreed (a conflict answered by
        an edit in kb that made kb's version the folder's, a settle a killed sync had written)."""
        return not self.writes_kb and not self.writes_folder

    @property
    def archives_unasked(self) -> bool:
        """True for an archive only a missing file asks for (no tombstone says so, no file under
        its new name, no file that says `status = "archived"`): what a bad checkout looks like,
        counted before a sync archives many at once."""
        return (
            self.action == "archive-in-kb"
            and self.theirs is None
            and not self.from_tombstone
            and not self.renamed_to
        )

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "action": self.action,
            "from_kb": list(self.from_ours),
            "from_folder": list(self.from_theirs),
            "writes_kb": self.writes_kb,
            "writes_folder": self.writes_folder,
        }
        if self.note:
            data["note"] = self.note
        if self.renamed_to:
            data["renamed_to"] = self.renamed_to
        if self.unbased:
            data["no_agreed_version"] = True
        if self.conflicts:
            data["conflicts"] = [
                {
                    "field": name,
                    "kb": _field_json(self.ours, name),
                    "folder": _field_json(self.theirs, name),
                }
                for name in self.conflicts
            ]
        return data


@dataclass
class SyncReport:
    folder: str
    dry_run: bool
    steps: list[SyncStep] = field(default_factory=list)
    unchanged: int = 0
    #: For a dry run: why the sync itself would stop before writing (MassArchive's words), or "".
    would_stop: str = ""

    @property
    def conflicts(self) -> list[SyncStep]:
        return [step for step in self.steps if step.action == "conflict"]

    def as_json(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "dry_run": self.dry_run,
            "steps": [step.as_json() for step in self.steps],
            "unchanged": self.unchanged,
            "conflicts": len(self.conflicts),
            **({"would_stop": self.would_stop} if self.would_stop else {}),
        }


def _field_json(content: EntryContent | None, name: str) -> Any:
    if content is None:
        return None
    return _json_value(getattr(content, name))


def _json_value(value: Any) -> Any:
    if hasattr(value, "as_dict"):  # the check's rule, a named tuple: its table, not its fields in a row
        return value.as_dict()
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    return value


# --- planning (pure) --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SyncBase:
    """What kb and an entry folder last agreed on for one key (kept by the store, per folder)."""

    content: EntryContent | None  # None: no agreement yet (both sides added the entry)
    conflict: ShownConflict | None = None  # a conflict shown and not settled yet


def plan_sync(
    bases: Mapping[str, SyncBase],
    ours: Mapping[str, EntryContent],
    theirs: Mapping[str, EntryContent],
    prefer: Side | None = None,
    only: Collection[str] = (),
    tombstones: Mapping[str, Tombstone] = {},
    choices: Mapping[str, Mapping[str, Side]] = {},
    seeds: Mapping[str, EntryContent] = {},
    gone: Mapping[str, tuple[str, str]] = {},
    author: str = "",
    now: str = "",
    seen: Mapping[str, ShownConflict] = {},
    archived_by: Mapping[str, tuple[str, str]] = {},
) -> tuple[list[SyncStep], int]:
    """The steps that bring kb (OURS) and the folder (THEIRS, and its TOMBSTONES) to one version of
    every entry, against their BASES, and how many entries need none. PREFER settles conflicts (only
    those of the keys in ONLY, when given); CHOICES, field by field, those of the keys it names.
    SEEDS, kb's own seed entries, stand in for a missing base and stay out of the folder while nobody
    changed them. GONE says how kb lost an entry it had synced (how, into: "merged", "other-key");
    AUTHOR and NOW sign the tombstones written, but for an entry ARCHIVED_BY names (who archived it
    in kb, and when, as its history says: a teammate on a shared database). SEEN: conflicts as a
    face showed them just now (the TUI's dialog), which a choice of the folder's side is checked
    against instead of the last sync's: a folder version no one was shown is never taken as the
    answer (_plan_entry)."""
    steps: list[SyncStep] = []
    unchanged = 0
    renamed = renamed_in_folder(bases, ours, theirs, tombstones)

    def facts_of(key: str) -> _EntryFacts:
        record = bases.get(key)
        if key in seen:
            recorded = record.conflict if record is not None else None
            settling = recorded.settling if recorded is not None else ()
            shown = dataclasses.replace(seen[key], settling=settling)
            record = SyncBase(record.content if record is not None else None, shown)
        return _EntryFacts(
            key,
            record,
            ours.get(key),
            theirs.get(key),
            tombstones.get(key),
            seeds.get(key),
            gone.get(key),
            archived_by=archived_by.get(key),
        )

    for key in sorted({*ours, *theirs, *bases, *tombstones}):
        if key in renamed.values():
            continue  # planned with the key it was renamed from
        if key in renamed:
            steps += _follow_rename(facts_of(key), facts_of(renamed[key]), author, now)
            continue
        preference: Preference | None = choices.get(key) or (prefer if not only or key in only else None)
        step = _plan_entry(facts_of(key), preference, author, now)
        if step is None:
            unchanged += 1
        else:
            steps.append(step)
    return steps, unchanged


def renamed_in_folder(
    bases: Mapping[str, SyncBase],
    ours: Mapping[str, EntryContent],
    theirs: Mapping[str, EntryContent],
    tombstones: Mapping[str, Tombstone],
) -> dict[str, str]:
    """OLD → NEW for each entry the folder renamed since the last sync, and kb still holds active:
    OLD's file is gone (with no tombstone, or one that says it was renamed to NEW), and NEW, a key
    neither kb nor the last sync knew, holds the version both last agreed on, under its new key. A
    rename is then followed, with any change kb made to OLD meanwhile; compared key by key, it is an
    archive of OLD against an edit, and merging NEW into OLD, as the two look alike, undoes it."""
    arriving = [key for key in theirs if key not in bases and key not in ours and key not in tombstones]
    found: dict[str, list[str]] = {}
    for old, record in bases.items():
        base, kept, tomb = record.content, ours.get(old), tombstones.get(old)
        if (
            old in theirs
            or base is None
            or base.status != "active"
            or kept is None
            or kept.status != "active"
        ):
            continue
        if tomb is not None and tomb.how != "renamed":
            continue
        found[old] = [
            new
            for new in arriving
            if (tomb is None or tomb.into == new) and _active(theirs[new]).replace(key=old) == base
        ]
    claimed = [new for news in found.values() for new in news]
    return {old: news[0] for old, news in found.items() if len(news) == 1 and claimed.count(news[0]) == 1}


def _follow_rename(old: _EntryFacts, new: _EntryFacts, author: str, now: str) -> list[SyncStep]:
    """The steps of a rename of OLD to NEW made in the folder (renamed_in_folder()): NEW takes kb's
    version of OLD, with its changes made meanwhile, and OLD is archived in kb as renamed."""
    assert old.record is not None and old.record.content is not None and old.in_kb is not None
    assert new.in_folder is not None
    base = old.record.content.replace(key=new.key)
    moved = merge_entry(base, old.in_kb.replace(key=new.key), new.in_folder)
    assert moved.content is not None  # the folder changed nothing but the key
    arrived = _finish(new, moved, None, author, now)
    left = _finish(
        dataclasses.replace(old, gone=("renamed", new.key)),
        EntryMerge(old.in_kb.replace(status="archived"), (), ("status",), ()),
        old.tombstone,
        author,
        now,
    )
    kept = "; kb's change to it went with it" if moved.ours else ""
    steps = []
    if left is not None:
        steps.append(
            dataclasses.replace(left, note=f"renamed in the folder to {new.key}{kept}", renamed_to=new.key)
        )
    if arrived is not None:
        steps.append(dataclasses.replace(arrived, note=f"renamed in the folder from {old.key}{kept}"))
    return steps


@dataclass(frozen=True)
class _EntryFacts:
    key: str
    record: SyncBase | None
    in_kb: EntryContent | None
    in_folder: EntryContent | None
    tombstone: Tombstone | None
    seed: EntryContent | None
    gone: tuple[str, str] | None
    #: A file git left beside the tombstone (left_by_git()): not the folder's version, but removed
    #: with the entry when its archive stands.
    left_file: EntryContent | None = None
    #: Who archived (merged, renamed, purged) the entry in kb, and when: what its tombstone says.
    archived_by: tuple[str, str] | None = None


def _archived(content: EntryContent | None) -> bool:
    return content is not None and content.status != "active"


def _active(content: EntryContent) -> EntryContent:
    return content.replace(status="active")


def _same_text(one: EntryContent | None, other: EntryContent | None) -> bool:
    """Whether ONE and OTHER say the same, archived or not."""
    return one is not None and other is not None and _active(one) == _active(other)


def _side(prefer: Preference | None, name: str) -> Side | None:
    """Which side PREFER takes for the field NAME, if it says."""
    return prefer.get(name) if isinstance(prefer, Mapping) else prefer


def left_by_git(facts: _EntryFacts) -> bool:
    """Whether the folder's file of FACTS is only what git kept of this checkout beside a teammate's
    tombstone: the version this kb last agreed on, and the tombstone of another one. That is git's
    modify/delete conflict (a teammate archived or purged the entry while this side changed it), which
    leaves no marker in the file; taking the file as put back undid their archive unasked. A file
    put back by hand is the version archived, or a change of it."""
    record, in_folder, tomb = facts.record, facts.in_folder, facts.tombstone
    return (
        in_folder is not None
        and tomb is not None
        and record is not None
        and record.content == in_folder
        and tomb.version != fingerprint(in_folder)
    )


def _plan_entry(facts: _EntryFacts, prefer: Preference | None, author: str, now: str) -> SyncStep | None:
    if left_by_git(facts):
        facts = dataclasses.replace(facts, in_folder=None, left_file=facts.in_folder)
    record, in_kb, in_folder = facts.record, facts.in_kb, facts.in_folder
    shown = record.conflict if record is not None else None
    if shown is None:
        prefer = None  # --ours, --theirs and a face's choices settle only a conflict someone was shown
    base, ours, theirs, tomb = _sides(facts)
    if ours is None and theirs is None:
        return None
    if ours is None or theirs is None:
        return _one_side(facts, ours, theirs, tomb, author, now)
    if record is None and tomb is not None and in_folder is None:
        # A fresh kb meets a tombstone: the entry left the folder before this kb ever synced it.
        untouched = _same_text(in_kb, facts.seed) or fingerprint(_active(ours)) == tomb.version
        if untouched or ours.status != "active":
            archived = EntryMerge(ours.replace(status="archived"), (), ("status",), ())
            return _finish(facts, archived, tomb, author, now)
        if _side(prefer, "status") is None:
            return _conflict(facts, ours, theirs, ("status",), tomb)
    torn = _torn(base, ours, theirs, tomb)
    if torn.startswith("archived in kb") and facts.gone is not None and facts.gone[0] != "archived":
        how, into = facts.gone  # kb renamed or merged it: no one archived it
        torn = f"{how} in kb {'to' if how == 'renamed' else 'into'} {into}, changed in the folder meanwhile"
    # After a conflict was shown, an edit in kb of a field in conflict is the user's answer; nothing
    # else is (a change of the file may be a teammate's pull).
    answered = shown is not None and shown.answered_in_kb(ours)
    # The fields in conflict now, when a conflict was shown: what a choice or an answer may settle.
    unsettled = merge_entry(base, ours, theirs).conflicts if shown is not None else ()
    if shown is not None and (answered or prefer is not None):
        arrived = _arrived_since_shown(shown, unsettled)
        if arrived:
            fields = tuple(dict.fromkeys((*shown.kb_values, *arrived)))
            return _conflict(
                facts, ours, theirs, fields, tomb, f"{', '.join(arrived)}: {ARRIVED_SINCE_SHOWN}"
            )
    if shown is not None and prefer is not None:
        # The fields the choice decides: the status alone when the conflict is an archive against an
        # edit; none when both sides came to agree since (nothing is in conflict to show again).
        fields = unsettled or (("status",) if torn else ())
        unseen = fingerprint(theirs) != shown.theirs
        if unseen and any(_side(prefer, name) == "theirs" for name in fields):
            return _conflict(facts, ours, theirs, fields, tomb, FOLDER_CHANGED_SINCE_SHOWN)
    merge = merge_entry(base, ours, theirs, "ours" if answered and prefer is None else prefer)
    left = [name for name in unsettled if not isinstance(prefer, Mapping) or name not in prefer]
    if merge.content is None and shown is not None and isinstance(prefer, Mapping) and left:
        # Field by field, a choice of some of the fields keeps nothing: the conflict stays whole,
        # as it was shown, not narrowed to the others as if those were settled.
        taken = [name for name in unsettled if name in prefer]
        note = (
            f"--take settles {', '.join(taken) or 'none of its fields'} but not {', '.join(left)}:"
            f" nothing was kept; take every field in one sync (--take {left[0]}=ours or =theirs)"
        )
        return _conflict(facts, ours, theirs, unsettled, tomb, note)
    if merge.content is None:
        return dataclasses.replace(
            _conflict(facts, ours, theirs, merge.conflicts, tomb), unbased=base is None
        )
    if torn and _side(prefer, "status") is None and not answered:
        if tomb is not None and in_folder is None:
            torn = f"{tomb.describe()} in the folder, changed in kb meanwhile"
        return _conflict(facts, ours, theirs, ("status",), tomb, torn)
    if torn:  # settled: the chosen side says whether the entry stays, and the report says whose it is
        from_theirs = _side(prefer, "status") == "theirs"
        chosen = theirs if from_theirs else ours
        taken_ours = tuple(name for name in merge.ours if name != "status") + (
            () if from_theirs else ("status",)
        )
        taken_theirs = tuple(name for name in merge.theirs if name != "status") + (
            ("status",) if from_theirs else ()
        )
        merge = EntryMerge(merge.content.replace(status=chosen.status), taken_ours, taken_theirs, ())
    contested: tuple[str, ...] = ()
    if shown is not None:  # a preference is given only for a conflict shown
        contested = (*(("status",) if torn else unsettled), *shown.kb_values)
    return _finish(facts, merge, tomb, author, now, contested)


def _sides(
    facts: _EntryFacts,
) -> tuple[EntryContent | None, EntryContent | None, EntryContent | None, Tombstone | None]:
    """The merge's three versions of FACTS' entry, base, ours (kb's) and theirs (the folder's), and
    the tombstone that still counts: a file beats a tombstone (someone put the entry back). A side
    that lost an entry both had agreed on archived it: a tombstone, a removed file, a purge."""
    key, record, in_kb, in_folder = facts.key, facts.record, facts.in_kb, facts.in_folder
    tomb = facts.tombstone if in_folder is None else None
    base = record.content if record else None
    if base is None and _same_text(in_kb, facts.seed):
        base = facts.seed  # nobody changed kb's copy of the seed: the folder's version is a change of it
    ours = in_kb if in_kb is not None or base is None or record is None else base.replace(status="archived")
    theirs = in_folder
    if theirs is None and tomb is not None:
        theirs = base or in_kb or ours or facts.seed or EntryContent(key=key, domain="data", symptom=key)
        theirs = theirs.replace(status="archived")
    elif theirs is None and record is not None and base is not None:
        theirs = base.replace(status="archived")
    return base, ours, theirs, tomb


def _torn(base: EntryContent | None, ours: EntryContent, theirs: EntryContent, tomb: Tombstone | None) -> str:
    """Why the entry was archived on one side and changed on the other, or "": an archive against
    an edit is not to be settled unasked. TOMB, the folder's tombstone when the file is gone, says
    it archived a version older than kb's: an edit synced meanwhile from another checkout (its push
    rejected, then a pull that brought the archive)."""
    torn = _archived_against_an_edit(base, ours, theirs) if base is not None else ""
    if (
        not torn
        and tomb is not None
        and ours.status == "active"
        and tomb.version
        and fingerprint(_active(ours)) != tomb.version
    ):
        torn = "archived in the folder, changed in kb meanwhile"
    return torn


#: Why a settle (--ours, --theirs, an edit in kb) is shown the conflict again instead: a field came
#: into conflict after the person was shown the others (a pull), and nobody chose for it.
ARRIVED_SINCE_SHOWN = "in conflict since the conflict was shown: look at it again"


def _arrived_since_shown(shown: ShownConflict, conflicts: tuple[str, ...]) -> tuple[str, ...]:
    """The fields of CONFLICTS that SHOWN did not show (none when it kept no fields: any settles)."""
    if not shown.kb_values:
        return ()
    return tuple(name for name in conflicts if name not in shown.kb_values)


#: Why a settle that takes the folder's side is shown the conflict again instead: the file changed
#: (a pull) after the person was shown it, and what they chose is not what would be kept.
FOLDER_CHANGED_SINCE_SHOWN = "the folder's version changed since the conflict was shown: look at it again"


def _archived_against_an_edit(base: EntryContent, ours: EntryContent, theirs: EntryContent) -> str:
    """Why the merge of OURS and THEIRS is a conflict although no field is: one side archived (or
    merged, or renamed) the entry while the other changed it. Empty when it is not."""
    if base.status != "active" or (ours.status == "active") == (theirs.status == "active"):
        return ""
    kept, left = (ours, "the folder") if ours.status == "active" else (theirs, "kb")
    if _active(kept) == base:
        return ""
    changed = "kb" if kept is ours else "the folder"
    return f"archived in {left}, changed in {changed} meanwhile"


def _one_side(
    facts: _EntryFacts,
    ours: EntryContent | None,
    theirs: EntryContent | None,
    tomb: Tombstone | None,
    author: str,
    now: str,
) -> SyncStep | None:
    """An entry only one side has."""
    result = ours or theirs
    assert result is not None
    if facts.in_folder is None and result.status != "active":
        if facts.seed is not None and facts.record is None and tomb is None:
            # A seed every kb holds, archived here: the folder records it, so the team's kbs follow.
            return _finish(
                facts, EntryMerge(result, ("status",), (), ()), tomb, author, now, seed_archive=True
            )
        return None  # an archived entry of one's own, never shared, stays out of the folder
    if theirs is None and _same_text(ours, facts.seed) and facts.record is None:
        return None  # a seed nobody changed: every kb has it; the team's repository needs no copy
    return _finish(facts, EntryMerge(result, (), (), ()), tomb, author, now)


def _conflict(
    facts: _EntryFacts,
    ours: EntryContent,
    theirs: EntryContent,
    fields: tuple[str, ...],
    tomb: Tombstone | None,
    note: str = "",
) -> SyncStep:
    if not note and tomb is not None:
        note = f"{tomb.describe()} in the folder, changed in kb"
    if not note and "status" in fields and ours.status != theirs.status:
        note = "archived on one side, changed on the other"
    recorded = facts.record.conflict if facts.record is not None else None
    shown = ShownConflict(
        fingerprint(ours),
        fingerprint(theirs),
        {name: _json_value(getattr(ours, name)) for name in fields},
        recorded.settling if recorded is not None else (),  # a settle begun is not forgotten
    )
    return SyncStep(
        facts.key,
        "conflict",
        None,
        facts.in_kb,
        facts.in_folder,
        conflicts=fields,
        shown=shown,
        tombstone=tomb,
        note=note,
    )


def _finish(
    facts: _EntryFacts,
    merge: EntryMerge,
    tomb: Tombstone | None,
    author: str,
    now: str,
    contested: tuple[str, ...] = (),
    seed_archive: bool = False,
) -> SyncStep | None:
    """The step that makes both sides hold MERGE's result: files, kb, the tombstone. CONTESTED: the
    fields of a conflict it settles; a side whose value of one was not kept is kept aside."""
    record, in_kb, in_folder = facts.record, facts.in_kb, facts.in_folder
    result = merge.content
    assert result is not None
    base = record.content if record else None
    writes_kb = result != in_kb and not (in_kb is None and result.status != "active")
    wanted_file = in_folder_form(result)
    tomb_wanted: Tombstone | None = None
    if result.status != "active" and (
        in_folder is not None or tomb is not None or base is not None or seed_archive
    ):
        how, into = facts.gone or ("archived", "")
        last = in_folder or base or result
        by, at = facts.archived_by or (author, now)
        tomb_wanted = tomb or Tombstone(facts.key, how, into, fingerprint(_active(last)), by, at)
    writes_folder = wanted_file != in_folder or tomb_wanted != facts.tombstone or facts.left_file is not None
    note = tomb.describe() if tomb is not None and writes_kb else ""
    was_conflict = record is not None and record.conflict is not None
    settling = record.conflict.settling if record is not None and record.conflict is not None else ()
    kept_aside = tuple(
        (side, version)
        for side, version in (("folder", in_folder), ("kb", in_kb))
        if version is not None and any(getattr(version, name) != getattr(result, name) for name in contested)
    )
    # A settle begun chose these for their fields in conflict then; only one kept since is left out.
    for side, version in settling:
        if version != result and all(version != kept for _, kept in kept_aside):
            kept_aside += ((side, version),)
    if not writes_kb and not writes_folder:
        if record is not None and record.content == result and record.conflict is None:
            return None
        if record is None and result.status != "active":
            return None  # archived on both sides before either kept a base: nothing to agree on
        action = "resolved" if was_conflict else "agreed"
    elif writes_kb and in_kb is not None and in_kb.status == "active" and result.status != "active":
        action = "archive-in-kb"  # its file goes too, for a tombstone: no merge of texts
    elif writes_kb and writes_folder and wanted_file != in_folder:
        action = "merge"
    elif writes_kb and in_kb is not None and in_kb.status != "active" and result.status == "active":
        action = "restore-in-kb"  # brought back in the folder: its file again, its tombstone gone
    elif writes_kb:
        action = "add-to-kb" if in_kb is None else "update-kb"
    elif in_folder is None and wanted_file is not None and (tomb is not None or _archived(base)):
        action = "restore-in-folder"  # brought back in kb: the file again, the tombstone removed
    elif in_folder is None and wanted_file is not None:
        action = "add-to-folder"
    elif wanted_file is None:
        action = "remove-file" if in_folder is not None else "archive-in-folder"
    else:
        action = "update-folder"
    if was_conflict and action not in ("agreed", "resolved"):
        action = "resolved"
    return SyncStep(
        facts.key,
        action,
        result,
        in_kb,
        in_folder,
        merge.ours,
        merge.theirs,
        (),
        writes_kb,
        writes_folder,
        tombstone=tomb_wanted,
        from_tombstone=tomb is not None,
        kept_aside=kept_aside,
        note=note,
    )


# --- applying -------------------------------------------------------------------------------------


def sync_folder(
    store: EntryStore,
    folder: Path,
    dry_run: bool = False,
    prefer: Side | None = None,
    only: Collection[str] = (),
    archive_many: bool = False,
    choices: Mapping[str, Mapping[str, Side]] = {},
    seen: Mapping[str, ShownConflict] = {},
) -> SyncReport:
    """Bring STORE and FOLDER to one version of every entry (see the module's docstring). A sync that
    would archive many entries at once only because their files are gone (too_many_archived) raises
    MassArchive before it writes anything, unless ARCHIVE_MANY. One sync of a folder at a time on
    this machine: a second waits for the first (kb.paths.one_at_a_time), and then reads what the
    first wrote."""
    if not folder.is_dir():
        raise KbError(
            f"{folder} is not a folder; kb sync takes a folder of entry files (mkdir it, or clone the"
            " team's repository there)"
        )
    with one_at_a_time(folder, "run kb sync"):
        return _sync_folder(store, folder, dry_run, prefer, only, archive_many, choices, seen)


def _sync_folder(
    store: EntryStore,
    folder: Path,
    dry_run: bool,
    prefer: Side | None,
    only: Collection[str],
    archive_many: bool,
    choices: Mapping[str, Mapping[str, Side]],
    seen: Mapping[str, ShownConflict],
) -> SyncReport:
    from kb.store.seeding import read_seed_entries

    on_disk = read_folder(folder)
    ours = {entry.key: entry.content() for entry in store.list(status=None)}
    unknown = [key for key in only if key not in ours and key not in on_disk.contents]
    if unknown:
        raise KbError(f"neither kb nor {folder} has an entry '{unknown[0]}'")
    identity = _bases_identity(store, folder, create=not dry_run)
    bases = {
        key: SyncBase(content, ShownConflict.from_json(shown) if shown else None)
        for key, (content, shown) in store.sync_bases(identity).items()
    }
    for key, base in bases.items():
        if base.conflict is None or key not in ours or not base.conflict.answered_in_kb(ours[key]):
            continue
        if not _set_by_a_person(store, key, base.conflict, ours[key]):
            bases[key] = dataclasses.replace(base, conflict=base.conflict.with_kb_as(ours[key]))
    seeds = {content.key: content for content in read_seed_entries()}
    gone, archived_by = _left_kb(store, bases, ours, seeds)
    now = store.now().strftime(TOMBSTONE_TIME)
    steps, unchanged = plan_sync(
        bases,
        ours,
        on_disk.contents,
        prefer,
        only,
        on_disk.tombstones,
        choices,
        seeds,
        gone,
        store.author,
        now,
        seen,
        archived_by,
    )
    steps = _say_moves(folder, _flag_duplicates(store, steps), on_disk.paths)
    report = SyncReport(str(folder), dry_run, steps, unchanged)
    archived = sum(1 for step in steps if step.archives_unasked)
    held = sum(1 for base in bases.values() if base.content is not None and base.content.status == "active")
    stop = too_many_archived(archived, held) and not archive_many
    if dry_run:
        return (
            dataclasses.replace(report, would_stop=str(MassArchive(archived, held, str(folder))))
            if stop
            else report
        )
    if stop:
        raise MassArchive(archived, held, str(folder))
    writing = [step for step in steps if step.writes_folder]
    touched = touched_by_writing(
        folder, [step.key for step in writing], {step.key: step.result for step in writing}, on_disk.paths
    )
    _record_settling(store, identity, writing, bases, seen)
    with all_or_nothing(touched):
        for step in writing:
            write_entry_file(folder, on_disk.paths.get(step.key), step.result)
            kept = (
                step.result
                if step.tombstone is not None and step.tombstone is not on_disk.tombstones.get(step.key)
                else None
            )
            write_tombstone(folder, step.key, step.tombstone, kept)
        _record_sync(store, identity, steps, report, bases, folder, archived)
    return report


#: Changes kb records that no one made in kb: another folder's sync, an import, kb seed.
_NOT_A_PERSONS_EDIT = frozenset({"synced", "imported", "seed-updated"})


def _set_by_a_person(store: EntryStore, key: str, shown: ShownConflict, ours: EntryContent) -> bool:
    """Whether kb's side of the conflict SHOWN, as OURS holds it, was set by an edit in kb (the
    user's answer), not by a sync of another folder, an import or kb seed, which answer nothing:
    the change of kb's history that last set those fields decides."""
    now = shown.kb_side(ours)
    setter = None
    for change in reversed(store.history(key)):
        if change.content is None or change.action == "kept-aside":
            continue
        if shown.kb_side(change.content) != now:
            break
        setter = change
    return setter is None or setter.action not in _NOT_A_PERSONS_EDIT


def _left_kb(
    store: EntryStore,
    bases: Mapping[str, SyncBase],
    ours: Mapping[str, EntryContent],
    seeds: Mapping[str, EntryContent],
) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """What left kb since the last sync, read from its history: how kb lost each entry the folder
    still holds (merged, renamed, archived: for its tombstone), and who archived, merged, renamed
    or purged each entry whose tombstone kb may write (those it lost or archived since a sync, and
    seeds it archived before any)."""
    gone = {
        key: _how_gone(store, key)
        for key, base in bases.items()
        if key not in ours and base.content is not None and base.content.status == "active"
    }
    left = [
        key
        for key, base in bases.items()
        if base.content is not None
        and base.content.status == "active"
        and (key not in ours or ours[key].status != "active")
    ] + [key for key in seeds if key not in bases and key in ours and ours[key].status != "active"]
    archived_by = {key: who for key in left if (who := _who_archived(store, key)) is not None}
    return gone, archived_by


def _record_settling(
    store: EntryStore,
    identity: str,
    writing: list[SyncStep],
    bases: Mapping[str, SyncBase],
    seen: Mapping[str, ShownConflict],
) -> None:
    """Before the folder is written: each conflict WRITING settles keeps, in its record, the versions
    the settle keeps aside. Killed after the files and before kb's transaction, a sync leaves kb and
    the folder alike, and nothing else would remember the version not kept (the folder's, overwritten)."""
    conflicts: dict[str, tuple[EntryContent | None, Any]] = {}
    for step in writing:
        base = bases.get(step.key)
        shown = (base.conflict if base is not None else None) or seen.get(step.key)
        if step.kept_aside and shown is not None:
            settling = dataclasses.replace(shown, settling=step.kept_aside)
            conflicts[step.key] = (base.content if base is not None else None, settling.as_json())
    if conflicts:
        store.apply_sync(identity, writes=[], agreed={}, conflicts=conflicts)


def _record_sync(
    store: EntryStore,
    identity: str,
    steps: list[SyncStep],
    report: SyncReport,
    bases: Mapping[str, SyncBase],
    folder: Path,
    archived: int,
) -> None:
    """The knowledge base's side of a sync, in one transaction: kb's new versions, the versions both
    now agree on, the conflicts shown, what settled conflicts did not keep, and the undo record."""
    store.apply_sync(
        identity,
        writes=[step.result for step in steps if step.writes_kb and step.result is not None],
        agreed={step.key: step.result for step in steps if step.result is not None},
        conflicts={
            step.key: (bases[step.key].content if step.key in bases else None, step.shown.as_json())
            for step in report.conflicts
            if step.shown is not None
        },
        kept_aside=[
            (
                step.key,
                version,
                f"{'kb' if side == 'kb' else 'the folder'}'s version, not kept when the conflict was settled",
            )
            for step in steps
            for side, version in step.kept_aside
        ],
        source=f"from {folder}",
        undo_record=(LAST_SYNC_ARCHIVE, [s.key for s in steps if s.archives_unasked]) if archived else None,
        planned_from={step.key: step.ours for step in steps if step.writes_kb},
    )


#: The kb_meta name under which a sync keeps the entries it archived because their files were gone:
#: `kb restore --last-sync` brings them back in one step.
LAST_SYNC_ARCHIVE = "last_sync_archive"


def last_sync_archive(store: EntryStore) -> list[str]:
    """The entries the last sync archived that it would bring back: still archived by a sync
    (recorded "from FOLDER"), not restored and archived again by hand since."""
    from kb.upkeep.review import still_archived_by

    return still_archived_by(store, LAST_SYNC_ARCHIVE, lambda detail: detail.startswith("from "))


#: How many arriving entries one sync compares with kb's own (a search each).
DUPLICATE_CHECKS = 200


def _flag_duplicates(store: EntryStore, steps: list[SyncStep]) -> list[SyncStep]:
    """STEPS, each entry the folder brings that looks like one kb holds under another key noted so:
    the same fault added by two people under two keys is worth a merge, not two answers."""
    from kb.search.duplicates import find_duplicate

    flagged, checked = [], 0
    leaving = {step.key for step in steps if step.result is not None and step.result.status != "active"}
    # Keys whose entry in kb this sync replaces with another fault: a search of kb now finds them as
    # they were, which is the fault the folder moved to another key, not the one they will hold.
    replaced = {
        step.key
        for step in steps
        if step.writes_kb
        and step.ours is not None
        and step.result is not None
        and step.result.symptom != step.ours.symptom
    }
    for step in steps:
        if (
            step.action == "add-to-kb"
            and not step.note  # a step already explained (a rename followed) is not a duplicate
            and step.result is not None
            and step.result.status == "active"
            and checked < DUPLICATE_CHECKS
        ):
            checked += 1
            duplicate = find_duplicate(store.location, step.result.symptom)
            if duplicate is not None and duplicate.key in leaving:  # renamed by hand, and edited
                note = f"looks like {duplicate.key}, which this sync archives: renamed in the folder?"
                step = dataclasses.replace(step, note=note)
            elif duplicate is not None and duplicate.key in replaced:  # its key then given to another
                note = (
                    f"looks like {duplicate.key} as kb held it before this sync, which gives that key to"
                    " another fault: renamed in the folder?"
                )
                step = dataclasses.replace(step, note=note)
            elif duplicate is not None and duplicate.key != step.key:
                note = f"looks like {duplicate.key} here: kb review {step.key} --merge-into {duplicate.key}"
                step = dataclasses.replace(step, note=note)
        flagged.append(step)
    return flagged


def _say_moves(folder: Path, steps: list[SyncStep], paths: Mapping[str, Path]) -> list[SyncStep]:
    """STEPS, each that writes an entry's file where its domain and key put it (DOMAIN/KEY.md) and
    so removes the file it was found in (PATHS: key → file) noted so: a teammate's `data/x.md`
    holding key `gizmo` of domain hardware became `hardware/gizmo.md`, and the sync said only
    "updated in the folder gizmo" of a file the next commit deletes."""
    noted = []
    for step in steps:
        found = paths.get(step.key)
        target = entry_file_path(folder, step.result) if step.writes_folder else None
        if found is not None and target is not None and found != target:
            moved = f"its file {found.relative_to(folder)} becomes {target.relative_to(folder)}"
            step = dataclasses.replace(step, note=f"{step.note}; {moved}" if step.note else moved)
        noted.append(step)
    return noted


def _bases_identity(store: EntryStore, folder: Path, create: bool) -> str:
    """The name FOLDER's bases are kept under: its identity file's, moving over the bases kept
    under its real path by an older kb."""
    real = os.path.realpath(folder)
    identity = folder_identity(folder, create)
    if identity is None:
        return real
    if not create:  # a dry run writes nothing: it reads the bases wherever they are
        return identity if store.sync_bases(identity) or not store.sync_bases(real) else real
    store.move_sync_bases(real, identity)
    folders = synced_folders(store)
    if folders.get(identity) != real:
        store.set_meta(SYNCED_FOLDERS, json.dumps({**folders, identity: real}))
    return identity


#: kb_meta name of the folders kb synced with: identity → where it was last synced (the TUI lists
#: their open conflicts).
SYNCED_FOLDERS = "synced_folders"


def synced_folders(store: EntryStore) -> dict[str, str]:
    try:
        folders = json.loads(store.meta(SYNCED_FOLDERS) or "{}")
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in folders.items()} if isinstance(folders, dict) else {}


def open_conflicts(store: EntryStore) -> list[tuple[Path, SyncStep]]:
    """The conflicts waiting in every folder kb synced with and can still find, as a sync would show
    them now (a dry run: nothing is written)."""
    found = []
    for path in sorted(set(synced_folders(store).values())):
        folder = Path(path)
        if folder.is_dir():
            found += [(folder, step) for step in sync_folder(store, folder, dry_run=True).conflicts]
    return found


#: How a tombstone writes its time: UTC, to the second.
TOMBSTONE_TIME = "%Y-%m-%dT%H:%M:%SZ"


def _who_archived(store: EntryStore, key: str) -> tuple[str, str] | None:
    """Who archived, merged, renamed or purged KEY in kb, and when, from its history; None when it
    was restored since (or its history holds no such change)."""
    for change in reversed(store.history(key)):
        if change.action in ("archived", "merged", "renamed", "purged"):
            return change.author, change.at.strftime(TOMBSTONE_TIME)
        if change.action == "restored":
            return None
    return None


def _how_gone(store: EntryStore, key: str) -> tuple[str, str]:
    """How kb lost KEY, from its history: ("merged", into), ("renamed", to), or ("archived", "")."""
    for change in reversed(store.history(key)):
        if change.went_to is not None:
            return change.action, change.went_to
        if change.action in ("purged", "archived"):
            break
    return "archived", ""


#: A sync may archive this many entries without asking: a teammate's cleanup.
ARCHIVE_WITHOUT_ASKING = 5


def too_many_archived(archived: int, synced: int) -> bool:
    """Whether archiving ARCHIVED of the SYNCED entries at once looks like a lost folder rather than
    teammates' deletions: more than a few, or two or more that are most of what was synced (a folder
    of three that lost every file is lost, however small; one file a teammate removed is theirs)."""
    return archived > ARCHIVE_WITHOUT_ASKING or (archived >= 2 and archived > synced // 2)
