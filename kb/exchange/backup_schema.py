"""What one line of a JSON Lines backup may hold, checked field by field before anything is written.

A backup is shared between people and machines, so it is untrusted input: `"hits": "lots"`, `1e400`,
`"tags": "abc"` or a lone surrogate would be stored as they are and break `kb stats`, `kb tree` or
`kb search` later, far from the import that let them in. The schema is strict (no coercion: a number
is not text, a string is not a list) and closed (an unknown field is refused, as in an entry file).
Errors come back as `field: reason`, the caller adds `file:line`.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from kb.guards.checker import nested_repetition

#: The largest count both SQLite and PostgreSQL store: the columns are INTEGER, 32 bits on a server
#: (a backup of 3,000,000,000 hits imported into SQLite, and failed on PostgreSQL naming no line).
MAX_COUNT = 2**31 - 1
#: An exit status is a small integer; anything else did not come from kb check.
MAX_EXIT = 2**31 - 1

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Text = str
Time = str | None


class Matcher(BaseModel):
    """A precise matcher: every search tries it on the paste, so a regex must not backtrack forever."""

    model_config = ConfigDict(strict=True, extra="forbid")

    contains: str | None = None
    regex: str | None = None

    @model_validator(mode="after")
    def _one_test(self) -> Matcher:
        if self.contains is None and self.regex is None:
            raise ValueError("a matcher needs 'contains' or 'regex'")
        if self.contains is not None and not self.contains.strip():
            raise ValueError("'contains' is empty, which would match every paste")
        if self.regex is not None:
            try:
                re.compile(self.regex)
            except re.error as exc:
                raise ValueError(f"regex {self.regex!r} does not compile: {exc}") from None
            nested = nested_repetition(self.regex)
            if nested:
                raise ValueError(
                    f"regex {self.regex!r} can backtrack without end ({nested}), which takes exponential"
                    " time on a short paste; make the inner part possessive (a++) or atomic ((?>…))"
                )
        return self


class BackupLine(BaseModel):
    """Every field `kb export jsonl` writes, with the types kb wrote them in."""

    model_config = ConfigDict(strict=True, extra="forbid")

    kb_format: Literal[1] = 1
    key: Text
    domain: Text
    symptom: Text
    symptom_variants: list[Text] = []
    validation: Text = ""
    fix: Text = ""
    root_cause: Text = ""
    cause_path: Text = ""
    tags: list[Text] = []
    conditions: Text = ""
    environment: Text = ""
    case: Text = ""
    snippet: Text = ""
    source: Text = "own"
    related: list[Text] = []
    applies_to: list[Text] = []
    status: Text = "active"
    guards: list[dict[str, Any]] = []
    check_rule: dict[str, Any] = {}

    created: Time = None
    updated: Time = None
    reviewed: Time = None
    hits: Count = 0
    last_hit: Time = None
    occurrences: Count = 1
    matchers: list[Matcher] = []
    last_check_at: Time = None
    #: A verdict (kb.verify.verdict); a backup made before verdicts holds an old outcome, which an
    #: import reads as OLD_OUTCOMES says.
    last_check_outcome: Literal[
        "confirmed", "ruled out", "inconclusive", "could not run here", "the check broke",
        "passed", "failed", "timeout", "error", "unrunnable",
    ] | None = None  # fmt: skip
    last_check_exit: Annotated[int, Field(ge=-MAX_EXIT, le=MAX_EXIT)] | None = None
    last_check_output: str | None = None
    check_broke_in_a_row: Count = 0
    seed_digest: str | None = None

    @field_validator("created", "updated", "reviewed", "last_hit", "last_check_at")
    @classmethod
    def _a_time(cls, value: str | None) -> str | None:
        if value:
            try:
                datetime.fromisoformat(value)
            except ValueError:
                raise ValueError(f"not an ISO 8601 time: {value[:40]!r}") from None
        return value


#: A JSON escape of a UTF-16 surrogate: the only way a lone one gets into parsed JSON.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def check_backup_line(data: dict[str, Any], line: str) -> str | None:
    """The first problem with one parsed backup line (DATA, parsed from LINE) as `field: reason`, or
    None when it is sound."""
    for name, value in data.items() if SURROGATE_ESCAPE.search(line) else ():
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as exc:
            bad = exc.object[exc.start : exc.end]
            escaped = bad.encode("unicode_escape").decode()
            return f"{name}: holds a lone surrogate ({escaped}), which is not text"
    try:
        BackupLine.model_validate(data)
    except ValidationError as exc:
        return _first_problem(exc)
    return None


def _first_problem(exc: ValidationError) -> str:
    from kb.entry.visible import command_line

    error = exc.errors(include_url=False)[0]
    # A field's name comes from the file: a newline or an escape code in it is shown, not obeyed.
    where = command_line(".".join(str(part) for part in error["loc"])) or "line"
    if error["type"] == "extra_forbidden":
        return f"{where}: not a field of a kb entry backup"
    message = error["msg"].removeprefix("Value error, ")
    message = message[:1].lower() + message[1:]
    shown = repr(error["input"])
    if error["type"] not in ("value_error", "missing") and len(shown) <= 60:
        message = f"{message}, not {shown}"
    return f"{where}: {message}"
