"""The first-aid handbook's four-step method (《项目急救手册》) as data: anchor, locate, verify, roll back.

The CLI walks a person through it; this module holds what each step produces, so that the flow can
be scripted (`kb triage --json` with every answer as a flag) and tested without a terminal.

1. Anchor: three sentences — the observable phenomenon (the decisive error line), how to reproduce
   it, and the environment baseline.
2. Locate: the fault domain, from the keyword map and the entries that match.
3. Verify minimally: the validation commands of the matching entries and the domain's golden checks.
   Each runs only after a confirmation; its outcome is recorded.
4. Roll back: after two failed verifications, look at `git status`, reset unrelated changes, and
   start again from the anchor.

At the end the triage becomes a draft entry file, finished with `kb add --from-triage`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kb.entry.content import EntryContent, key_from_symptom
from kb.entry.file import render_entry_file
from kb.entry.redaction import redact_text
from kb.paths import user_data_dir, write_atomically
from kb.search.handbook import load_triage
from kb.search.lookup import SearchResponse
from kb.text.paste import find_decisive
from kb.verify.runner import CheckResult


@dataclass(frozen=True)
class Anchor:
    phenomenon: str
    conditions: str
    environment: str


@dataclass(frozen=True)
class Proposal:
    """A check worth running: an entry's validation (runnable), or a domain's golden lines (to paste)."""

    source: str  # an entry key, or "golden:<domain>"
    title: str
    command: str
    runnable: bool


@dataclass(frozen=True)
class Verification:
    source: str
    command: str
    outcome: str
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

    @property
    def failed_in_a_row(self) -> int:
        count = 0
        for verification in reversed(self.verifications):
            if verification.outcome == "passed":
                break
            count += verification.outcome != "unrunnable"  # not evidence either way
        return count

    def needs_rollback(self) -> bool:
        return self.failed_in_a_row >= load_triage().rollback_after

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["needs_rollback"] = self.needs_rollback()
        return data


def anchor(text: str, conditions: str = "", environment: str = "") -> Anchor:
    """Step 1: the decisive error line of a log or traceback (or the description as given)."""
    return Anchor(find_decisive(text).line, conditions.strip(), environment.strip())


def locate(record: TriageRecord, response: SearchResponse) -> None:
    """Step 2: the domain from the keyword map, else from the best match; the matches themselves."""
    guess = load_triage().guess_domain(record.anchor.phenomenon)
    top = response.results[0].candidate.record if response.results else None
    if guess and not response.confident:
        record.domain, record.keywords = guess.domain, guess.keywords
    elif top is not None:
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
    record.proposals = propose(response, record.domain)


def propose(response: SearchResponse, domain: str | None) -> list[Proposal]:
    """Step 3's candidates: matching entries' validations first, then the domain's golden checks."""
    proposals = [
        Proposal(
            s.candidate.key, str(s.candidate.record["symptom"]), str(s.candidate.record["validation"]), True
        )
        for s in response.results
        if s.candidate.record.get("validation")
    ][:3]
    golden = load_triage().golden.get(domain or "")
    if golden:
        proposals.append(Proposal(f"golden:{golden.domain}", golden.title, "\n".join(golden.lines), False))
    return proposals


def record_verification(record: TriageRecord, source: str, result: CheckResult) -> Verification:
    verification = Verification(
        source, result.command, result.outcome, result.exit_code, result.output[-2000:]
    )
    record.verifications.append(verification)
    return verification


def draft_entry(record: TriageRecord) -> EntryContent:
    """The triage as an entry to finish: symptom, conditions, environment, domain and the check that ran."""
    proved = next((v for v in reversed(record.verifications) if v.outcome == "passed"), None)
    tried = proved or (record.verifications[-1] if record.verifications else None)
    return EntryContent(
        key=key_from_symptom(record.anchor.phenomenon),
        domain=record.domain or "data",
        symptom=record.anchor.phenomenon,
        validation=tried.command if tried else "",
        conditions=record.anchor.conditions,
        environment=record.anchor.environment,
        related=tuple(m["key"] for m in record.matches[:3]),
        source="own (kb triage)",
    )


def drafts_folder() -> Path:
    return user_data_dir() / "drafts"


def save_triage_draft(content: EntryContent, now: datetime | None = None) -> Path:
    folder = drafts_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S")
    path = folder / f"triage-{stamp}.md"
    write_atomically(path, redact_text(render_entry_file(content)))  # a draft is kept too: redacted
    return path


def latest_triage_draft() -> Path | None:
    drafts = sorted(drafts_folder().glob("triage-*.md"))
    return drafts[-1] if drafts else None
