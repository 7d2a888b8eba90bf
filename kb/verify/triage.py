"""The first-aid handbook's four-step method (《项目急救手册》) as data: anchor, locate, verify, roll back.

The CLI walks a person through it; this module holds what each step produces, so that the flow can
be scripted (`kb triage --json` with every answer as a flag) and tested without a terminal.

1. Anchor: three sentences — the observable phenomenon (the decisive error line), how to reproduce
   it, and the environment baseline.
2. Locate: the fault domain, from the keyword map and the entries that match.
3. Verify minimally: the validation commands of the matching entries and the domain's golden checks.
   Each runs only after a confirmation; its outcome is recorded.
4. Roll back: after two checks rule their causes out, look at `git status`, reset unrelated changes, and
   start again from the anchor.

At the end the triage becomes a draft entry file, finished with `kb add --from-triage`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kb.entry.content import EntryContent, key_from_symptom
from kb.entry.file import render_entry_file
from kb.entry.redaction import redact_text
from kb.handbook import load_triage
from kb.paths import drafts_folder, new_draft_path, write_atomically
from kb.records import Record
from kb.search.lookup import SearchResponse
from kb.text.frames import failed_in, named_in
from kb.text.paste import find_decisive
from kb.verify.runner import CheckResult


@dataclass(frozen=True)
class Anchor:
    phenomenon: str
    conditions: str
    environment: str
    #: The function of the user's own code the traceback failed in (kb.text.frames), or "".
    function: str = ""


@dataclass(frozen=True)
class Proposal:
    """A check worth running: an entry's validation (runnable), or a domain's golden lines (to paste)."""

    source: str  # an entry key, or "golden:<domain>"
    title: str
    command: str
    runnable: bool
    #: An entry's check as the entry holds it: its command before the paste's values fill it, and
    #: its [check] rule (stored form), which a draft this check confirmed takes whole.
    validation: str = ""
    check_rule: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Verification:
    source: str
    command: str
    verdict: str
    reason: str
    exit_code: int | None
    output_tail: str


@dataclass
class TriageRecord:
    anchor: Anchor
    domain: str | None = None
    keywords: tuple[str, ...] = ()
    matches: list[dict[str, Any]] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    verifications: list[Verification] = field(default_factory=list)
    rollbacks: int = 0
    #: The values the paste names for the checks' inputs (kb.text.paste.paste_values).
    values: dict[str, str] = field(default_factory=dict)
    #: The entries that each raise the paste's message, when it is one several faults share
    #: (SearchResponse.one_of): their checks are what tells them apart.
    one_of: list[str] = field(default_factory=list)

    @property
    def failed_in_a_row(self) -> int:
        """How many causes the latest checks ruled out since one was confirmed: a check that could
        not run, broke or did not decide is evidence neither way."""
        count = 0
        for verification in reversed(self.verifications):
            if verification.verdict == "confirmed":
                break
            count += verification.verdict == "ruled out"
        return count

    def needs_rollback(self) -> bool:
        return self.failed_in_a_row >= load_triage().rollback_after

    def cause(self) -> Cause | None:
        """What the verdicts so far say: a cause confirmed by its check, or, when the paste's message
        is one several known faults raise (one_of), the one left after the checks of all the others
        ruled theirs out. None while they decide nothing: closest entries that merely scored well are
        not all the causes there are, so ruling them out leaves none "left"."""
        return cause_of({v.source: v.verdict for v in self.verifications}, self.one_of)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["needs_rollback"] = self.needs_rollback()
        cause = self.cause()
        data["cause"] = cause._asdict() if cause else None
        return data


def cause_of(verdicts: Mapping[str, str], one_of: Sequence[str]) -> Cause | None:
    """The cause the latest VERDICTS (entry key → verdict) point to: one confirmed, or the one of
    ONE_OF (the entries that each raise a shared message) left when all the others are ruled out."""
    confirmed = [key for key, verdict in verdicts.items() if verdict == "confirmed"]
    if confirmed:
        return Cause(confirmed[-1], "confirmed", tuple(confirmed[:-1]))
    left = [key for key in one_of if verdicts.get(key) != "ruled out"]
    if len(one_of) > 1 and len(left) == 1:
        return Cause(left[0], "left", ran=verdicts.get(left[0], ""))
    return None


class Cause(Record):
    """The entry the checks point to: its cause "confirmed" by its own check, or the one "left" once
    the checks of the others ruled theirs out."""

    key: str
    how: str
    #: The other entries whose checks confirmed their causes too: each is there, none is the one.
    also: tuple[str, ...] = ()
    #: For the one "left": the verdict its own check gave here, if it ran (it did not decide).
    ran: str = ""

    def line(self, kb: str = "kb ") -> str:
        """What the checks found, in a sentence whose commands start with KB (`kb --db TEAM `
        where the entries are another knowledge base's)."""
        if self.how == "confirmed" and self.also:
            keys = [*self.also, self.key]
            named = ", ".join(keys[:-1]) + f" and {keys[-1]}"
            shows = ", ".join(f"{kb}show {key}" for key in keys)
            return f"Confirmed: {named}: each check found its cause here. Apply each fix ({shows})."
        if self.how == "confirmed":
            return f"Confirmed: {self.key}. Apply its fix ({kb}show {self.key})."
        if self.ran:
            return (
                f"The other known faults that raise this message are ruled out; the one left is {self.key},"
                f" and its own check did not decide it here ({self.ran}): read its output, or run it"
                f" where it can run ({kb}check {self.key})."
            )
        return (
            f"The other known faults that raise this message are ruled out; the one left is {self.key}"
            f"; its check is the next to run ({kb}check {self.key})."
        )


def anchor(text: str, conditions: str = "", environment: str = "") -> Anchor:
    """Step 1: the decisive error line of a log or traceback (or the description as given),
    redacted as its draft is: the anchor is printed, and given in --json, as the entry will hold it;
    and the function of the user's own code it failed in, which the draft's symptom variant names."""
    line = find_decisive(text).line
    return Anchor(
        redact_text(line),
        redact_text(conditions.strip()),
        redact_text(environment.strip()),
        failed_in(text) or "",
    )


def locate(record: TriageRecord, response: SearchResponse) -> None:
    """Step 2: the domain from the keyword map, else from the entry search is sure of; the matches
    themselves. Otherwise the domain is unknown, as `kb add` leaves it (kb.capture.suggestions): the
    best of matches search is not sure of placed `KeyError: 'zorblax'` in data."""
    guess = load_triage().guess_domain(record.anchor.phenomenon)
    if guess and not response.confident:
        record.domain, record.keywords = guess.domain, guess.keywords
    elif response.confident:
        top = response.results[0].candidate.record
        record.domain, record.keywords = str(top["domain"]), guess.keywords if guess else ()
    record.matches = [
        {
            "key": s.candidate.key,
            "symptom": s.candidate.record["symptom"],
            "score": s.score,
            "confident": s.confident,
        }
        for s in response.results
    ]
    record.proposals = propose(response, record.domain, record.values)
    record.one_of = [scored.candidate.key for scored in response.one_of]


def propose(
    response: SearchResponse, domain: str | None, values: dict[str, str] | None = None
) -> list[Proposal]:
    """Step 3's candidates: matching entries' checks first, their inputs filled with VALUES (from
    the paste), then the domain's golden checks."""
    proposals = [
        Proposal(
            s.candidate.key,
            str(s.candidate.record["symptom"]),
            filled_check(s.candidate.record, values),
            True,
            str(s.candidate.record["validation"]),
            dict(s.candidate.record.get("check_rule") or {}),
        )
        for s in response.results
        if s.candidate.record.get("validation")
    ][:3]
    golden = load_triage().golden.get(domain or "")
    if golden:
        proposals.append(Proposal(f"golden:{golden.domain}", golden.title, "\n".join(golden.lines), False))
    return proposals


def filled_check(record: dict[str, Any], values: dict[str, str] | None) -> str:
    """An entry's check (RECORD as EntryContent.as_dict() or a search hit has it) as it will run
    with the VALUES a paste names (kb.entry.check_rule.offered)."""
    from kb.entry.check_rule import offered

    return offered(str(record["validation"]), record.get("check_rule") or {}, values)[0]


def record_verification(record: TriageRecord, source: str, result: CheckResult) -> Verification:
    verification = Verification(
        source, result.command, result.verdict, result.reason, result.exit_code, result.output[-2000:]
    )
    record.verifications.append(verification)
    return verification


def draft_entry(record: TriageRecord) -> EntryContent:
    """The triage as an entry to finish: symptom, conditions, environment, domain (blank when the
    triage placed none: `kb add --from-triage` asks it), and the check that confirmed its cause (none
    when no check did: a check that was ruled out or could not run here is no proof of this fault,
    and the draft took the last one run). The check comes as its entry holds it, with its rule: the
    command alone, with no rule to read its output, says "inconclusive" where it had confirmed, and
    the values this paste filled in are the next paste's to fill."""
    from kb.entry.check_rule import NO_RULE, parse_check_rule

    proved = next((v for v in reversed(record.verifications) if v.verdict == "confirmed"), None)
    check = next((p for p in record.proposals if proved and p.source == proved.source and p.runnable), None)
    key = key_from_symptom(record.anchor.phenomenon)
    validation, rule = (proved.command if proved else ""), NO_RULE
    if check is not None and check.validation:
        validation, rule = check.validation, parse_check_rule(check.check_rule, key)
    return EntryContent(
        key=key,
        domain=record.domain or "",
        symptom=record.anchor.phenomenon,
        symptom_variants=tuple(filter(None, [named_in(record.anchor.phenomenon, record.anchor.function)])),
        validation=validation,
        check_rule=rule,
        conditions=record.anchor.conditions,
        environment=record.anchor.environment,
        related=tuple(m["key"] for m in record.matches[:3]),
        source="own (kb triage)",
    )


def save_triage_draft(content: EntryContent, now: datetime | None = None, kind: str = "triage") -> Path:
    """Keep CONTENT as a draft entry file for a person to finish (`kb add --from-triage` takes the
    latest of KIND triage, `kb add --from-file PATH` any): drafts/KIND-STAMP.md, never overwritten."""
    path = new_draft_path(kind, (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S"))
    write_atomically(path, redact_text(render_entry_file(content)))  # a draft is kept too: redacted
    if kind == "triage":
        write_atomically(drafts_folder() / LAST_TRIAGE, path.name)
    return path


class Draft(Record):
    """A draft entry file waiting for a person: what `kb triage` or an agent (`kb mcp`) left."""

    path: Path
    content: EntryContent


def pending_drafts() -> tuple[list[Draft], list[str]]:
    """The drafts waiting in drafts_folder(), the newest first, and one line for each file kb cannot
    read as an entry (left where it is)."""
    from kb.entry.file import read_entry_file
    from kb.errors import KbError

    found: list[Draft] = []
    unreadable: list[str] = []
    paths = sorted(drafts_folder().glob("*.md"), key=lambda path: (path.stat().st_mtime_ns, path.name))
    for path in reversed(paths):
        try:
            found.append(Draft(path, read_entry_file(path, draft=True)))
        except (KbError, OSError) as exc:
            unreadable.append(f"{path.name}: {exc}")
    return found, unreadable


def discard_draft(path: Path) -> None:
    """Remove a draft once it became an entry (or another occurrence of one). The last triage's
    draft leaves its name marked as added, so that `kb add --from-triage` can tell a draft added
    from one a person deleted."""
    path.unlink(missing_ok=True)
    marker = drafts_folder() / LAST_TRIAGE
    try:
        if marker.read_text(encoding="utf-8").split() == [path.name]:
            write_atomically(marker, f"{path.name}\n{_ADDED}\n")
    except OSError:
        pass  # an older kb's drafts, or none from a triage: nothing to mark


#: The name of the draft the last `kb triage` wrote, kept beside the drafts.
LAST_TRIAGE = "last-triage"
#: The word LAST_TRIAGE holds after its draft's name once that draft became an entry.
_ADDED = "added"


def latest_triage_draft() -> Path | None:
    """The draft the last `kb triage` wrote, for `kb add --from-triage`; None when there is none.
    Raises KbError when that draft was added (or removed) already and older ones wait: the next
    --from-triage took an older triage's draft, weeks old maybe, and added it with the flags meant
    for the last one."""
    from kb.errors import KbError

    drafts = [path for path in drafts_folder().glob("triage-*.md") if path.is_file()]  # not a folder or FIFO
    newest = max(drafts, key=lambda path: (path.stat().st_mtime_ns, path.name)) if drafts else None
    try:
        last, *added = (drafts_folder() / LAST_TRIAGE).read_text(encoding="utf-8").split()
    except (OSError, ValueError):
        return newest  # an older kb's drafts: the newest stands for the last
    if (drafts_folder() / last).is_file():
        return drafts_folder() / last
    if (drafts_folder() / last).exists():  # it was said to be "no longer among the drafts"
        raise KbError(f"the draft your last kb triage left ({drafts_folder() / last}) is not a file")
    if newest is not None:
        became = "was added already" if added == [_ADDED] else "is no longer among the drafts"
        raise KbError(
            f"the draft your last kb triage left ({last}) {became}; an older one waits:"
            f" kb add --from-file {newest}"
        )
    return None
