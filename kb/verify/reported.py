"""A check that someone else runs: kb hands over the command and reads the output it is given back.

A coding agent (through `kb mcp`) proves a cause in its own shell, where its client asks the person
before any command runs, as it does for every command. kb never runs a stored command for it: it
gives the entry's check with the paste's values filled in, how its output will be read and what it
needs, then reads the output the agent reports by the entry's rule (kb.verify.verdict), exactly as
`kb check` reads its own runs, and records the verdict on the entry with where it ran.

May import `kb.search`, `kb.store`, `kb.text`, `kb.entry` and the base modules; never a face.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import kb.clock
from kb.entry.check_rule import defaults_note
from kb.entry.lint import validation_kind
from kb.errors import KbError, UsageError
from kb.records import Record

if TYPE_CHECKING:
    from kb.entry.check_rule import CheckRule
    from kb.store.entry_store import EntryStore
    from kb.verify.verdict import Reading

#: The output of a reported run that is read and kept: a check prints a line or two; a traceback
#: that long is enough to read a verdict from.
REPORTED_OUTPUT_LIMIT = 200_000


class CheckToRun(Record):
    """An entry's check as it will run for a paste, and how its output will be read."""

    key: str
    command: str
    #: The values the command takes from the paste (port, path…), beside the entry's defaults.
    values: dict[str, str]
    #: How the output is read: `a line matching '^fault: ' confirms; '^ok: ' rules out`.
    reading: str
    #: What must be here for it to run at all (`command:lsof`, `gpu`).
    needs: tuple[str, ...]
    #: The values that are the entry's defaults, the paste having named none: guesses.
    defaults: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "command": self.command,
            "values": self.values,
            "read_as": self.reading,
            "needs": list(self.needs),
        }
        if self.defaults:
            data["not_from_the_error"] = defaults_note({name: self.values[name] for name in self.defaults})
        return data


def check_to_run(store: EntryStore, key: str, paste: str = "") -> CheckToRun:
    """Entry KEY's check as it will run for PASTE (the values the paste names fill its inputs)."""
    from kb.entry.check_rule import defaults_standing, offered
    from kb.text.paste import find_decisive, paste_values

    entry = store.get(key)
    if not entry.validation:
        raise KbError(f"entry '{key}' has no check to run")
    rule = entry.content().check_rule
    values = paste_values(paste, find_decisive(paste)) if paste.strip() else {}
    command, taken = offered(entry.validation, rule, values)
    standing = defaults_standing(entry.validation, rule, taken)
    return CheckToRun(
        key,
        for_an_agents_shell(command),
        {**rule.defaults, **taken},
        rule.describe(),
        rule.needs,
        tuple(standing),
    )


def for_an_agents_shell(command: str) -> str:
    """COMMAND, a check as it will run, as the shell line that runs it as kb check does, for an agent's
    shell on this machine: a check written as Python alone as its `python3 -c` line, a line that
    starts with python as python3 where there is no python (kb.verify.needs.as_this_shell_runs_it)."""
    from kb.verify.needs import as_this_shell_runs_it
    from kb.verify.runner import python_shell_line

    if validation_kind(command) == "python":
        command = python_shell_line(command)
    return as_this_shell_runs_it(command)


class ReportedVerdict(Record):
    """What the output of a reported run says about entry KEY's fault, and what to do next."""

    key: str
    verdict: str
    reason: str
    #: The entry's fix, when the verdict is confirmed.
    fix: str
    #: The next entry to check when this one is ruled out, and its check; "" when none is left.
    next_key: str
    next_check: str

    def answer(self) -> str:
        """One line for whoever reported the run: what to do now."""
        if self.verdict == "confirmed":
            return f"confirmed: {self.key} is the cause; apply its fix"
        if self.verdict == "ruled out":
            if self.next_key:
                return f"ruled out: not {self.key}; next, check {self.next_key}"
            return f"ruled out: not {self.key}; kb has no other candidate with a check to offer"
        return f"{self.verdict}: {self.reason}"

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "answer": self.answer(),
            "key": self.key,
            "verdict": self.verdict,
            "reason": self.reason,
        }
        if self.fix:
            data["fix"] = self.fix
        if self.next_key:
            data["next"] = {"key": self.next_key, "check": self.next_check}
        return data


def kept_of_reported(output: str, watched: Sequence[str], limit: int = REPORTED_OUTPUT_LIMIT) -> str:
    """What is read and kept of a reported run's OUTPUT: all of it when it fits LIMIT, otherwise its
    last LIMIT characters after the first line each of the rule's WATCHED patterns matched in the
    part cut, as kb check keeps a long run (kb.verify.runner): a check that printed `fault: …` and
    then half a megabyte of log was confirmed by kb check and inconclusive when an agent reported it."""
    import re

    if len(output) <= limit:
        return output
    cut, tail = output[:-limit], output[-limit:]
    seen: list[str] = []
    for pattern in watched:
        try:
            found = re.search(pattern, cut, re.MULTILINE)
        except re.error:  # refused when the entry was saved; an older entry's is read as it can be
            continue
        if found is not None:
            start = cut.rfind("\n", 0, found.start()) + 1
            end = cut.find("\n", found.end())
            line = cut[start : end if end >= 0 else len(cut)][:limit]
            if line not in seen and line not in tail:
                seen.append(line)
    said = " (the lines above, which the check's rule reads, among them)" if seen else ""
    return "".join(f"{line}\n" for line in seen) + f"… ({len(cut)} characters cut{said})\n{tail}"


def read_reported_run(
    store: EntryStore,
    key: str,
    command: str,
    exit_code: int | None,
    output: str,
    where: str,
    record: bool = True,
) -> ReportedVerdict:
    """Read the OUTPUT and EXIT_CODE of entry KEY's check, run by someone else WHERE (a machine and
    who ran it), by the entry's rule, and record the verdict on the entry; the answer holds the fix
    when the verdict is confirmed (next_check() says what follows a ruled-out cause). With RECORD
    false (an entry folder's index, which keeps no checks), the verdict is read and not kept.

    COMMAND is the command that was run, kept in the check's history as it was reported; a command
    that is not the entry's check (as check_to_run() gives it) is refused rather than recorded as
    evidence about the entry."""
    from kb.entry.check_rule import filled_values
    from kb.store.record import CheckRun
    from kb.verify.runner import as_its_entry_tells_it, bare_python
    from kb.verify.verdict import Reading, as_shell_reports_it, read_verdict, symptom_text

    entry = store.get(key)
    if not entry.validation:
        raise KbError(f"entry '{key}' has no check: nothing to read a verdict by")
    rule = entry.content().check_rule
    values = filled_values(entry.validation.strip(), rule, command)
    if values is None and validation_kind(entry.validation) == "python":
        bare = bare_python(command)  # the shell line check_to_run gave for a bare-Python check
        values = filled_values(entry.validation.strip(), rule, bare) if bare is not None else None
    if values is None:
        raise UsageError(
            f"that command is not the check of '{key}': run the command check_to_run gives, then report it"
        )
    output = kept_of_reported(output, [p for p in (rule.pattern, rule.rules_out) if p])
    symptom = symptom_text(entry.symptom, entry.symptom_variants)
    reading = read_verdict(rule, "exited", as_shell_reports_it(exit_code), output, symptom, command=command)
    chosen = {name: value for name, value in values.items() if rule.defaults.get(name) != value}
    kind = validation_kind(entry.validation)
    reading = Reading(*as_its_entry_tells_it(*reading, entry.validation.strip(), kind, output, chosen))
    unmet = _unmet_here(reading, rule, values, command, output)
    if unmet:
        reading = Reading(
            "could not run here",
            f"{'; '.join(unmet)} on this machine, where the run is recorded: without it, its exit code "
            "and output say nothing about the fault",
        )
    if record:
        store.record_check(
            key,
            CheckRun(
                at=kb.clock.utc_now(),
                verdict=reading.verdict,
                reason=reading.reason,
                command=command,
                values=values,
                exit_code=exit_code,
                machine=where,
                output=output,
            ),
            as_read=entry,
        )
    fix = entry.fix if reading.verdict == "confirmed" else ""
    return ReportedVerdict(key, reading.verdict, reading.reason, fix, "", "")


def _unmet_here(
    reading: Reading, rule: CheckRule, values: Mapping[str, str], command: str, output: str
) -> list[str]:
    """What the check needs that this machine lacks (kb.verify.needs.unmet_needs, as kb check looks
    before it runs), when READING's verdict rests on the exit code and silence alone: behind
    `2>/dev/null | grep -q`, a program that is not installed ends the line with exit 1 and no
    output, which read as "ruled out". A line of the output the rule reads was printed by a check
    that ran; its verdict stands."""
    import re

    from kb.text.paste import as_a_terminal_shows
    from kb.verify.needs import unmet_needs

    if reading.verdict not in ("confirmed", "ruled out"):
        return []
    shown = as_a_terminal_shows(output)  # as read_verdict() read it
    if rule.confirms == "output" and any(
        pattern and re.search(pattern, shown, re.MULTILINE) for pattern in (rule.pattern, rule.rules_out)
    ):
        return []
    return unmet_needs(rule, values, command=command)


def next_check(
    told: ReportedVerdict,
    candidates: Sequence[str],
    ruled_out: Sequence[str],
    check_of: Callable[[str], str | None],
) -> ReportedVerdict:
    """TOLD, and when it ruled its cause out, the next of CANDIDATES (the entries a search offered,
    in its order) not in RULED_OUT whose check CHECK_OF gives (None: it has none that may be offered)."""
    if told.verdict != "ruled out":
        return told
    done = {*ruled_out, told.key}
    for candidate in candidates:
        if candidate not in done:
            check = check_of(candidate)
            if check:
                return told._replace(next_key=candidate, next_check=check)
    return told
