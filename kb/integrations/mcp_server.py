"""`kb mcp`: kb as a Model Context Protocol server over stdio, for a coding agent.

The agent pastes the failing run's output and gets what `kb search --json` gives (the same ranking,
confidence and layers). Before it applies a fix it proves the cause: `check_to_run` hands it the
entry's check with the paste's values filled in; the agent runs it in its own shell, where its
client asks the person as for any command; `report_check_output` reads the output by the entry's
rule, records the verdict on the entry, and answers "confirmed" with the fix or "ruled out" with the
next check. kb itself never runs a stored command here. When nothing known fits and the agent fixed
it, `propose_entry` leaves a draft entry file that a person reviews and adds (`kb add --from-file`);
nothing an agent says lands in a knowledge base by itself.

Strangers' text stays data: every string returned passes redaction (no tokens from an entry or a
paste) and the one JSON escaping of kb.entry.visible, and an untrusted folder's entry comes without
its check, as in `kb search`. A command handed out keeps the random-looking names the paste gave it
(a run's hex id in a path), or it would not run, nor be the command kb reads a report of (HandedOut).

Built on the official SDK (`mcp`, the optional extra `.[mcp]`). A face: it parses, calls
the core, and returns JSON.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.errors import InvalidCheckRule, KbError, StoreBusy, StoreUnavailable, UsageError
from kb.records import Record

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from kb.entry.check_rule import CheckRule
    from kb.entry.content import EntryContent
    from kb.layers.everywhere import Unreachable
    from kb.store.entry_store import EntryStore

INSTRUCTIONS = """\
kb is a knowledge base of ML faults: symptom -> one-line check -> fix.
When a run fails, call search_error with its output (the whole traceback is best).
A result marked confident is a known fault; an unconfident list is a set of candidates, not an answer.
Before applying any fix from kb, prove the cause: call check_to_run for the candidate, run the command
it returns in your shell (ask the user as you would for any command), then call report_check_output
with the command, its exit code and its output. kb answers "confirmed" with the fix to apply, or
"ruled out" with the next candidate's check. Never apply a fix kb has not confirmed without saying so.
If no known fault fits and you fix the problem yourself, call propose_entry: it saves a draft that a
person reviews and adds; it is not in the knowledge base until they do.
"""


#: How long recording a reported run waits for a write lock another process holds (a long import, a
#: sync): an agent's tool call is answered, busy, well before its client gives up on it, instead of
#: hanging silent for the 30 s a person's command waits.
AGENT_LOCK_WAIT_MS = 3_000

#: The exit codes a reported run can have: a shell's and `kb run`'s 0-255, and the negative signal
#: number Python's subprocess gives a killed child (down to SIGRTMAX, 64).
EXIT_CODES = (-64, 255)


#: Why kb is not sure of its first result (Scored.doubt), where the check that tests it is offered.
_WHY_NOT_SURE = {
    "everyday": "the message reads as an everyday error",
    "type": "the message shares only its exception type with the entry",
    "class": "its exception class, one of the team's own, is not the entry's",
    "message": "it raises the entry's exception class, one of the team's own, with another message",
    "library": "a library raises this message for many causes",
}


@dataclass
class Asked:
    """One error an agent searched for: its paste (the values it names fill a candidate's check),
    the candidates in the search's order, what their checks ruled out, and the layer each came
    from when it was not the personal one."""

    paste: str = ""
    candidates: list[str] = field(default_factory=list)
    ruled_out: list[str] = field(default_factory=list)
    layer_of: dict[str, str] = field(default_factory=dict)


class AgentSession:
    """What one agent's connection has been told: each search's candidates and what their checks
    ruled out, so that a ruled-out cause leads to the next one of the same error. DATABASE: as
    --db takes it."""

    def __init__(self, database: str | None = None) -> None:
        self.database = database
        #: The last search: a check handed out now is one of its candidates'.
        self.asked = Asked()
        #: The commands this session handed out for each entry and not yet heard back about, each
        #: with the layer whose entry it is the check of and the search it was handed out for: a
        #: report is read only for one of them, once, on that layer's entry (_take_handed_out()),
        #: and its next candidate is that search's, not a later one's about another error.
        self.handed_out: dict[str, dict[str, tuple[str, Asked]]] = {}
        #: Held to give out or take back a command: the SDK runs each tool call in a worker thread.
        self._handing_out = threading.Lock()

    def search(self, paste: str, limit: int = 5, python: str = "") -> dict[str, Any]:
        from kb.layers.everywhere import UNTRUSTED, search_layers
        from kb.machine import active_python
        from kb.search.lookup import SearchOptions, entries_naming_it

        if not paste.strip():
            raise KbError("paste the error: the failing run's output, or its last lines")
        options = SearchOptions(
            limit=max(1, min(limit, 20)),
            environment=True,
            interpreter=_python_named(python) or active_python(),
        )
        found = search_layers(paste, self.database, options)
        response = found.response
        data = response.as_json()
        keys = [str(item["key"]) for item in data["results"]]
        layers = {str(item["key"]): str(item["layer"]) for item in data["results"] if item.get("layer")}
        candidates = _candidates(response)
        if candidates != self.asked.candidates or paste != self.asked.paste:
            # ruled out for that error, not this one: the same candidates for another port, another file
            self.asked = Asked(paste, candidates, [], layers)
        else:
            self.asked.layer_of = layers
        first_untrusted = bool(keys) and bool(response.results[0].candidate.record.get("untrusted"))
        if keys and (response.results[0].doubt == UNTRUSTED or first_untrusted) and not response.one_of:
            answer = (
                f"no known fault for sure: the closest entry, {keys[0]}, is from a folder no one has "
                "trusted, and kb is sure of none of its entries, nor offers their checks, until a person "
                "runs `kb trust` on it; do not apply its fix as proven"
            )
        elif response.confident:
            answer = f"known fault: {keys[0]}. Prove it before fixing: call check_to_run with key {keys[0]!r}"
        elif response.one_of:  # a stranger's entry ranked first neither joins nor hides the group
            named = ", ".join(str(s.candidate.record.get("key")) for s in response.one_of)
            apart = response.one_of_apart()
            answer = f"one of these known faults raises this message: {named}; {apart}"
            if first_untrusted:
                answer += (
                    f" (the closest entry, {keys[0]}, is from a folder no one has trusted: not one of them"
                    " until a person runs `kb trust` on it)"
                )
        elif response.query.short and keys:  # `cuda`: a subject to list, not a fault to settle
            named = entries_naming_it(len(keys), options.limit, response.named_whole)
            answer = f"a subject, not one fault: {named}. Search the failing run's output to know which fault"
        elif keys and response.settler is not None and response.settler.doubt in _WHY_NOT_SURE:
            answer = (
                f"no known fault for sure: {_WHY_NOT_SURE[response.settler.doubt]}, and the results are "
                "candidates only. The first one's check tests its cause (check_to_run); if you fix it "
                "another way, propose_entry"
            )
        elif keys and response.settler is not None and response.settler.doubt == "brief":
            answer = (
                "no known fault for sure: many faults fit a description this short, and the results "
                "are candidates only. The first one's check tests its cause (check_to_run); the failing "
                "run's output would tell more"
            )
        elif keys and response.settler is not None:
            answer = (
                "no known fault for sure: the results are candidates only. The first one's check tests "
                "its cause (check_to_run); if you fix it another way, propose_entry"
            )
        elif keys:
            answer = (
                "no known fault: the closest entries share little with this error (or it is not an ML "
                "error's output), so no check is offered. If you fix it, propose_entry"
            )
        else:
            answer = "no known fault: nothing in the knowledge base matches. If you fix it, propose_entry"
        unreachable = [{"layer": u.layer, "reason": _said_of(u)} for u in found.unreachable]
        if unreachable:  # an answer is only as whole as the layers that gave it
            missed = "; ".join(f"the {u['layer']} layer: {u['reason']}" for u in unreachable)
            answer += f". Not searched: {missed}"
        data["answer"] = answer
        data["unreachable"] = unreachable
        from kb.verify.reported import for_an_agents_shell

        for item, scored in zip(data["results"], response.results, strict=True):
            folder = scored.candidate.record.get("untrusted")
            if folder:
                _withhold_a_strangers_words(item, _not_trusted(str(folder)))
            if item.get("check"):  # as check_to_run hands it out
                item["check"] = for_an_agents_shell(str(item["check"]))
                self._hand_out(str(item["key"]), str(item["check"]), self._layer_of(str(item["key"])))
                item["check"] = HandedOut(item["check"])
                item["check_values"] = _handed_out_values(item.get("check_values") or {})
        for item in data.get("one_of") or ():
            if item.get("check"):
                item["check"] = HandedOut(for_an_agents_shell(str(item["check"])))
                self._hand_out(str(item["key"]), str(item["check"]), self._layer_of(str(item["key"])))
        if data.get("settle_with"):  # the first result's check, as it was just handed out above
            first = data["results"][0] if data["results"] else {}
            data["settle_with"] = first.get("check") if response.settler is not None else None
        return data

    def show(self, key: str) -> dict[str, Any]:
        with self._store_of(key, to_check=False) as held:
            entry = held.store.get(key)
            data = entry.content().as_dict()
            data.pop("guards", None)
            if held.untrusted:
                data.pop("validation", None)
                data["check_not_offered"] = held.untrusted
                _withhold_a_strangers_words(data, held.untrusted)
            data["last_check"] = (
                {"verdict": entry.last_check_outcome, "at": entry.last_check_at.isoformat()}
                if entry.last_check_at and entry.last_check_outcome
                else None
            )
        return data

    def listing(self, domain: str = "", layer: str = "") -> dict[str, Any]:
        """DOMAIN's entries (every domain's without one) in LAYER, the personal one by default, as
        `kb --layer LAYER list` lists them."""
        from kb.domains import resolve_domain
        from kb.layers.config import PERSONAL

        chosen = resolve_domain(domain) if domain.strip() else None
        name = layer.strip() or PERSONAL
        with self._layer_store(name) as held:
            entries = held.store.list(domain=chosen)
        listed: list[dict[str, Any]] = [
            {"key": e.key, "domain": e.domain, "symptom": (e.symptom.splitlines() or [""])[0][:200]}
            for e in entries
        ]
        data: dict[str, Any] = {"layer": name, "domain": chosen, "entries": listed}
        if held.untrusted:
            for item in listed:
                item["symptom"] = None
            data["text_not_shown"] = held.untrusted
        return data

    def check(self, key: str, paste: str = "") -> dict[str, Any]:
        from kb.verify.reported import check_to_run

        layer = self._layer_of(key)
        with self._store_of(key, layer=layer) as held:
            offered = check_to_run(held.store, key, paste)
        self._hand_out(key, offered.command, layer)
        data = offered.as_json()
        data["layer"] = layer
        data["command"] = HandedOut(offered.command)
        data["values"] = _handed_out_values(offered.values)
        data["then"] = (
            "run this command in your shell (the user may be asked first), then call report_check_output "
            "with this key, the command exactly as you ran it, its exit code and its output"
        )
        if _shown(offered.command) != offered.command:
            data["redacted"] = (
                "a value the command takes from the error looks like a credential and is shown as "
                "[redacted]: put the value from the error in its place before you run it, and report the "
                "command as you ran it"
            )
        return data

    def report(
        self, key: str, command: str, exit_code: int | None, output: str, environment: str = ""
    ) -> dict[str, Any]:
        from kb.verify.reported import next_check, read_reported_run
        from kb.verify.runner import this_machine

        where = f"{this_machine()}, run by an agent" + (
            f" ({environment.strip()[:300]})" if environment.strip() else ""
        )
        if exit_code is not None and not EXIT_CODES[0] <= exit_code <= EXIT_CODES[1]:
            raise UsageError(
                f"exit_code {exit_code} is no code a command ends with: a shell gives 0 to 255, "
                "Python's subprocess -1 to -64 for a signal; report the one the run gave"
            )
        layer, asked = self._take_handed_out(key, command)
        try:
            with self._store_of(key, layer=layer) as held:
                held.store.wait_for_locks_at_most(AGENT_LOCK_WAIT_MS)
                try:
                    verdict = read_reported_run(
                        held.store, key, command, exit_code, output, where, held.not_kept is None
                    )
                except StoreUnavailable as exc:
                    if isinstance(exc, StoreBusy) or held.not_kept is not None:
                        raise
                    # read, and not kept (a read-only database, a full disk): the verdict still
                    # stands, as kb check says it, and the agent is told it was not recorded
                    verdict = read_reported_run(held.store, key, command, exit_code, output, where, False)
                    held = held._replace(not_kept=f"the verdict could not be recorded: {exc}")
        except StoreBusy as busy:
            self._hand_out(key, command, layer, asked)  # not read: its run is still to be reported
            raise KbError(
                f"the knowledge base is busy: another process is writing to it, and kb waited"
                f" {AGENT_LOCK_WAIT_MS // 1000} s ({busy}); nothing was recorded: call"
                " report_check_output again in a moment with the same command, exit code and output"
                " (the check need not run again)"
            ) from None
        except BaseException:
            self._hand_out(key, command, layer, asked)  # not read: its run is still to be reported
            raise
        verdict = next_check(verdict, asked.candidates, asked.ruled_out, lambda k: self._check_of(k, asked))
        if verdict.next_key:
            next_layer = asked.layer_of.get(verdict.next_key) or self._layer_of(verdict.next_key)
            self._hand_out(verdict.next_key, verdict.next_check, next_layer, asked)
            verdict = verdict._replace(next_check=HandedOut(verdict.next_check))
        if verdict.verdict == "ruled out" and key not in asked.ruled_out:
            asked.ruled_out.append(key)
        data = verdict.as_json()
        data["layer"] = layer
        data["recorded"] = held.not_kept is None
        if held.not_kept is not None:
            data["not_recorded_because"] = held.not_kept
        return data

    def propose(
        self,
        symptom: str,
        check: str,
        fix: str,
        root_cause: str = "",
        domain: str = "",
        applies_to: list[str] | None = None,
        python: str = "",
        confirms: str = "",
        pattern: str = "",
        rules_out: str = "",
    ) -> dict[str, Any]:
        from kb.capture.environment import capture_baseline
        from kb.capture.suggestions import suggest_applies_to
        from kb.entry.constraints import check_constraints
        from kb.entry.content import EntryContent, key_from_symptom, says_something
        from kb.entry.lint import validation_problem
        from kb.machine import active_python, environment
        from kb.text.frames import where_it_failed
        from kb.text.paste import find_decisive
        from kb.verify.triage import save_triage_draft

        empty = [  # a symptom of control characters alone (`\x00\x1b[2J`) says nothing either
            name
            for name, text in (("symptom", symptom), ("check", check), ("fix", fix))
            if not says_something(text)
        ]
        if empty:  # kb add refuses an entry without a check, as it does one without the others
            raise KbError(
                f"a proposed entry needs its symptom, the check that proved the cause and the fix: "
                f"{' and '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty"
            )
        problem = validation_problem(check.strip())
        if problem:  # the draft's `kb add --from-file` would refuse it, after "saved as a draft"
            raise KbError(f"the check: {problem}; send the one line that proved the cause")
        rule = _rule_proposed(confirms, pattern, rules_out, check.strip())
        decisive = find_decisive(symptom).line or symptom.strip().splitlines()[0]
        where = where_it_failed(decisive, symptom)  # a traceback: the place in the user's code
        interpreter = _python_named(python) or active_python()
        seen = environment(interpreter)
        read_from = interpreter or sys.executable
        if seen is None:  # the draft says what kb's own Python has
            read_from = f"kb's own Python, {sys.executable}: {interpreter} could not be read"
        baseline = capture_baseline(seen=seen)
        key = key_from_symptom(decisive)
        if applies_to is None:  # as `kb add --env` proposes: the series of each package it names, here
            words = "\n".join((symptom, check, fix, root_cause))
            applies_to = list(suggest_applies_to(seen or {}, words))
        applies_to = list(check_constraints(key, applies_to))
        chosen, domain_from = self._domain_of(domain, symptom)
        content = EntryContent(
            key=key,
            domain=chosen,
            symptom=decisive,
            symptom_variants=(where,) if where else (),
            validation=check.strip(),
            check_rule=rule,
            fix=fix.strip(),
            root_cause=root_cause.strip(),
            environment=baseline.as_text(),
            applies_to=tuple(applies_to),
            source="own (proposed by an agent)",
        )
        known = self._known_as(decisive)
        path = save_triage_draft(content, kind="agent")
        masked = _masked_in(content, path)
        answer = "saved as a draft, not added: a person reviews it and adds it with the command below"
        if known is not None:  # kb add will say so too; the agent must not report a new fault meanwhile
            answer += (
                f"; kb already holds '{known}' for this message, so it may be no new fault: the person"
                " decides at kb add whether it is another occurrence of that entry or a new one"
            )
        if not rule.declared:
            answer += (
                "; without CONFIRMS the draft does not say how the check's result is read: the person"
                " says it at kb add"
            )
        if masked:
            answer += (
                f"; kb masked what looked like secrets in its {', '.join(masked)} ([redacted]): the person"
                " puts back what was no secret before adding it"
            )
        return {
            "answer": answer,
            "draft": str(path),
            "add_with": f"kb add --from-file {shlex.quote(str(path))}",
            "masked": list(masked),
            "known_as": known,
            "verdict": rule.as_dict(),
            "domain": chosen,
            "domain_from": domain_from,
            "applies_to": list(applies_to),
            "environment_read_from": read_from,
        }

    def _known_as(self, symptom: str) -> str | None:
        """The key of the personal knowledge base's entry that already describes SYMPTOM, as `kb add`
        finds it before adding; None when there is none."""
        from kb.search.duplicates import find_duplicate

        with self._store() as store:
            duplicate = find_duplicate(store.location, symptom)
        return None if duplicate is None else duplicate.key

    @staticmethod
    def _domain_of(given: str, symptom: str) -> tuple[str, str]:
        """The draft's domain and where it comes from: the agent's word, the handbook's keywords in
        the symptom, or, when neither says, none: the draft leaves it blank and `kb add --from-file`
        asks the person (a placeholder `data` read as a claim, and was added as one off a terminal)."""
        from kb.domains import resolve_domain
        from kb.handbook import load_triage

        if given.strip():
            return resolve_domain(given), "given"
        guess = load_triage().guess_domain(symptom)
        if guess is not None:
            return guess.domain, f"guessed from the symptom's words: {', '.join(guess.keywords)}"
        return (
            "",
            "none: nothing in the symptom names a domain; kb add --from-file asks it (or takes --domain)",
        )

    def _hand_out(self, key: str, command: str, layer: str, asked: Asked | None = None) -> None:
        """Hand out COMMAND, KEY's check on LAYER, for the search ASKED (the last one by default)."""
        with self._handing_out:
            self.handed_out.setdefault(key, {})[_as_typed(command)] = (layer, asked or self.asked)

    def _take_handed_out(self, key: str, command: str) -> tuple[str, Asked]:
        """Take back COMMAND for KEY to read its report, and the layer whose entry it is the check
        of, or refuse the report unless this session handed it out and has not heard back about it:
        a run of another command (other values, another file) says nothing about what kb offered,
        and one run reported twice is one run. Taking it is one step under a lock: four reports of
        one run sent at once all found it handed out, and the run was recorded three or four times.
        The layer is the one it was handed out from, not the one a later search shows KEY in: a
        team entry's run was recorded on the personal entry of that key, and answered its fix."""
        typed = _as_typed(command)
        with self._handing_out:
            handed = self.handed_out.get(key, {})
            if typed in handed:
                return handed.pop(typed)
            shown = {_as_typed(_shown(given)) for given in handed}
        if typed in shown:
            raise UsageError(
                f"that is the command kb handed out for '{key}' with a value shown as [redacted]: run it "
                "with the value from the error in its place, then report the command as you ran it"
            )
        raise UsageError(
            f"kb did not hand out that command for '{key}' in this session, or its run was reported "
            "already: call check_to_run, run exactly the command it gives, then report that run once"
        )

    def _check_of(self, key: str, asked: Asked) -> str | None:
        """KEY's check as check_to_run gives it for the paste of the search ASKED, from the layer
        that search showed it in; None when it has none to offer."""
        from kb.verify.reported import check_to_run

        try:
            with self._store_of(key, layer=asked.layer_of.get(key) or self._layer_of(key)) as held:
                return check_to_run(held.store, key, asked.paste).command
        except KbError:
            return None

    def _store(self) -> EntryStore:
        from kb.store.seeding import open_knowledge_base

        return open_knowledge_base(self.database)

    @contextlib.contextmanager
    def _store_of(self, key: str, to_check: bool = True, layer: str | None = None) -> Iterator[Held]:
        """The knowledge base that holds KEY, LAYER's (by default _layer_of() says which). TO_CHECK:
        an entry from a folder no one trusted has no check to offer (a person runs `kb trust` first,
        as for `kb check`); read only to be shown, it comes with the reason."""
        name = layer or self._layer_of(key)
        with self._layer_store(name) as held:
            if held.untrusted and to_check:
                from kb.entry.visible import shell_word

                raise KbError(
                    f"'{key}' comes from the folder {held.folder}, which is not trusted: its check is "
                    "offered only after a person has read the folder and runs "
                    f"`kb trust {shell_word(held.folder)}`; an agent must not run it for them"
                )
            if held.folder:
                kept_not = (
                    f"'{key}' lives in the {name} layer's folder, which keeps entries, not their checks"
                )
                held = held._replace(not_kept=kept_not)
            yield held

    def _layer_of(self, key: str) -> str:
        """The layer KEY is read from: the one the last search showed it in, or, for a key this
        session has not seen (named by AGENTS.md, or known from another session), the first layer a
        search reads that holds it, the personal one first, as `kb --layer NAME` would name it."""
        from kb.layers.config import PERSONAL, reading_layers

        if key in self.asked.layer_of:
            return self.asked.layer_of[key]
        for layer in reading_layers(self.database):
            try:
                with self._layer_store(layer.name) as held:
                    if held.store.find(key) is not None:
                        return layer.name
            except KbError:  # a layer that does not answer holds nothing to offer
                continue
        return PERSONAL

    @contextlib.contextmanager
    def _layer_store(self, name: str) -> Iterator[Held]:
        """The knowledge base of the layer NAME (personal, a team's database, an entry folder's
        index). Raises KbError naming the layers there are for an unknown NAME."""
        from kb.layers.config import PERSONAL, find_layer
        from kb.layers.everywhere import layer_database
        from kb.store.entry_store import open_store
        from kb.store.seeding import open_knowledge_base

        if name == PERSONAL:
            with self._store() as store:
                yield Held(store)
            return
        layer = find_layer(name, self.database)
        if layer.kind == "database":
            with open_knowledge_base(layer.spec) as store:
                yield Held(store)
            return
        untrusted = None if layer.trusted else _not_trusted(layer.spec)
        with open_store(layer_database(layer)) as store:
            yield Held(store, untrusted=untrusted, folder=layer.spec)


class Held(Record):
    """A knowledge base that holds an entry, and what it cannot do for it."""

    store: EntryStore
    #: Why a verdict on the entry cannot be kept there; None when it can.
    not_kept: str | None = None
    #: Why its check is not offered; None when it may be.
    untrusted: str | None = None
    #: The entry folder it is read from; "" for a database.
    folder: str = ""


def _rule_proposed(confirms: str, pattern: str, rules_out: str, check: str) -> CheckRule:
    """How a proposed check's result is read, parsed as `kb add --confirms/--pattern/--rules-out`
    parses it (rule_from_flags()), except that a PATTERN needs CONFIRMS said: an agent states the
    rule; raises KbError for a rule kb add would refuse."""
    from kb.capture.adding import rule_from_flags
    from kb.entry.check_rule import NO_RULE, normalize_rule_name, rule_problem

    if not confirms.strip():
        if pattern.strip() or rules_out.strip():
            raise UsageError("PATTERN and RULES_OUT are read only with CONFIRMS 'output'")
        return NO_RULE
    if normalize_rule_name(confirms) is None:
        raise UsageError(
            f"CONFIRMS {confirms.strip()!r} is not a rule: 'exit 0', 'exit non-zero', 'output' (a line"
            " matching PATTERN confirms the cause) or 'nothing' (a probe)"
        )
    try:
        rule = rule_from_flags(confirms, pattern or None, rules_out or None)
    except InvalidCheckRule as exc:
        raise UsageError(f"the check's rule: {exc.detail}") from None
    assert rule is not None  # CONFIRMS was given
    problem = rule_problem(rule, check)
    if problem:
        raise UsageError(f"the check: {problem}")
    return rule


def _candidates(response: Any) -> list[str]:
    """The entries whose checks may follow one another for this error, in the search's order: the
    first result when kb would test it (SearchResponse.settler), every result with more than a word
    or two in common with the paste, then each fault of a shared message's "one of these" the
    results left out. A ruled-out cause led to entries kb itself called weak (a flash-attn import
    error went on to the custom-layer, the Docker /tmp and the TensorBoard entries), and never to a
    fault that raises the message but ranked sixth."""
    keys = [
        str(scored.candidate.key)
        for position, scored in enumerate(response.results)
        if (position == 0 and response.settler is not None)
        or (position and scored.doubt not in ("weak", "short", "foreign"))
        or scored.confident
    ]
    keys += [str(s.candidate.key) for s in response.one_of if str(s.candidate.key) not in keys]
    return keys


class HandedOut(str):
    """A command kb hands out, or a value filled into it, that the agent runs and reports back as it
    is: redacted of credentials (a token, a key, a password), not of a random-looking run that only
    its shape makes suspect, which here is a name the user's own paste gave (a run's 32-hex id in a
    path); `/data/runs/[redacted]/labels.csv` names no file, and its report was refused as not the
    command kb handed out."""

    __slots__ = ()


def _handed_out_values(values: dict[str, str]) -> dict[str, str]:
    return {name: HandedOut(value) for name, value in values.items()}


def _shown(command: str) -> str:
    """COMMAND as as_text() shows a HandedOut one."""
    from kb.entry.redaction import redact_text

    return redact_text(command, random_runs=False)


def as_text(data: Any) -> str:
    """DATA as the JSON text a tool returns: every string redacted of credentials, and every
    character a terminal or viewer would act on written as an escape."""
    from kb.entry.visible import json_escaped

    return json_escaped(json.dumps(_redacted(data), ensure_ascii=False, indent=2))


def _redacted(data: Any) -> Any:
    from kb.entry.redaction import redact_text

    if isinstance(data, HandedOut):
        return _shown(data)
    if isinstance(data, str):
        return redact_text(data)
    if isinstance(data, dict):
        return {key: _redacted(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_redacted(value) for value in data]
    return data


def _answered(call: Any) -> Any:
    """The tool's answer as JSON text. A kb error, or a file kb could not write (a full disk, a
    read-only drafts folder), is a tool error as MCP marks one (isError), its text {"error": "..."}:
    an agent that reads only the text still sees what failed, and a client that reads the mark does
    not take the error for an answer. (The SDK passes a CallToolResult a tool returns through as it
    is; raising its ToolError would prefix the JSON with prose.)"""
    from kb.errors import failure_text

    try:
        return as_text(call())
    except (KbError, OSError) as error:
        from mcp_types import CallToolResult, TextContent

        failed = TextContent(type="text", text=as_text({"error": failure_text(error)}))
        return CallToolResult(content=[failed], is_error=True)


def _masked_in(proposed: EntryContent, path: str | os.PathLike[str]) -> tuple[str, ...]:
    """What the agent called each field of the draft at PATH in which redaction masked something
    PROPOSED did not hide (a 32-hex run id in a path reads as a secret): what the agent sent and
    what a person will add are then not the same text, and the answer says so."""
    from pathlib import Path

    from kb.entry.file import read_entry_file
    from kb.entry.redaction import REDACTED

    kept = read_entry_file(Path(path), draft=True)
    masked = [
        called
        for field, called in _AS_THE_AGENT_NAMED_IT.items()
        if REDACTED in str(getattr(kept, field)) and REDACTED not in str(getattr(proposed, field))
    ]
    return tuple(dict.fromkeys(masked))


#: propose_entry's arguments, by the field of the draft each became.
_AS_THE_AGENT_NAMED_IT = {
    "symptom": "symptom",
    "symptom_variants": "symptom",
    "validation": "check",
    "fix": "fix",
    "root_cause": "root_cause",
}


def build_server(database: str | None = None) -> MCPServer:
    """The server, its tools speaking for one AgentSession over DATABASE."""
    import inspect

    from mcp.server.mcpserver import MCPServer

    session = AgentSession(database)
    server: MCPServer = MCPServer("kb", instructions=INSTRUCTIONS)

    def tool(function: Callable[..., Any]) -> Callable[..., Any]:
        """Register FUNCTION as a tool: its docstring, dedented, describes it, and its JSON text is
        the whole answer (not repeated as structured content: an agent pays for every token)."""
        server.add_tool(
            function, description=inspect.cleandoc(function.__doc__ or ""), structured_output=False
        )
        return function

    @tool
    def search_error(paste: str, limit: int = 5, python: str = "") -> Any:
        """Search the knowledge base for a failing run's output (a traceback, its last lines, a log).
        Returns the ranked entries, whether the first is a confident known fault, and an `answer`
        line saying what to do next. PYTHON: the interpreter the failing code runs in (default: the
        python on PATH), whose package versions decide which entries apply: kb runs it to read them,
        so it must be a Python by its name (python3, python3.11, a venv's bin/python)."""
        return _answered(lambda: session.search(paste, limit, python))

    @tool
    def show_entry(key: str) -> Any:
        """One entry in full: symptom, check, fix, root cause, where it applies, its last verdict."""
        return _answered(lambda: session.show(key))

    @tool
    def list_entries(domain: str = "", layer: str = "") -> Any:
        """The entries of one fault domain (data, model, training, numerics, hardware, deployment,
        logging…), or of every domain when none is given: key and first symptom line. LAYER: a
        knowledge base of those search_error reads (personal by default; a team's, project)."""
        return _answered(lambda: session.listing(domain, layer))

    @tool
    def check_to_run(key: str, paste: str = "") -> Any:
        """The command that proves or rules out entry KEY's fault, with the values PASTE names filled
        in (a port, a path), how its output will be read, and what it needs. kb does not run it: run it
        in your shell, then call report_check_output."""
        return _answered(lambda: session.check(key, paste))

    @tool
    def report_check_output(
        key: str, command: str, exit_code: int, output: str, environment: str = ""
    ) -> Any:
        """Report what the check of KEY printed: kb reads its verdict by the entry's rule, records it
        on the entry, and answers "confirmed" with the fix, or "ruled out" with the next check.
        ENVIRONMENT: where it ran, in a few words (a venv, a container, versions)."""
        return _answered(lambda: session.report(key, command, exit_code, output, environment))

    @tool
    def propose_entry(
        symptom: str,
        check: str,
        fix: str,
        root_cause: str = "",
        domain: str = "",
        applies_to: list[str] | None = None,
        python: str = "",
        confirms: str = "",
        pattern: str = "",
        rules_out: str = "",
    ) -> Any:
        """Propose a new entry for a fault you fixed that kb did not know: the error (SYMPTOM, the
        traceback is best), the one-line command that proved the cause (CHECK), the FIX you applied,
        APPLIES_TO version constraints (`torch>=2.4,<2.5`; left out, kb proposes the release series
        of each package the entry names, as installed). DOMAIN left out is guessed from the symptom's
        words, and the answer says how it was chosen. It is saved as a draft for a person to review
        and add, never added by itself; the environment is read from PYTHON (default: the python on
        PATH), which kb runs to read its package versions, so it must be a Python by its name
        (python3, python3.11, a venv's bin/python); the answer says where it was read from. CONFIRMS
        says how the check's result is read, as `kb add --confirms`: 'exit 0' (exit 0 confirms the
        cause, another exit rules it out), 'exit non-zero', or 'output' (a line matching the regex
        PATTERN confirms it, one matching RULES_OUT rules it out). The answer says when kb already
        holds an entry for the symptom (known_as)."""
        return _answered(
            lambda: session.propose(
                symptom, check, fix, root_cause, domain, applies_to, python, confirms, pattern, rules_out
            )
        )

    @server.resource("kb://handbook", name="handbook", mime_type="text/markdown")
    def handbook() -> str:
        """The triage handbook: the four steps and each domain's golden checks."""
        return handbook_text()

    return server


#: The name of a Python interpreter's program: python, python3, python3.11, pypy3, pythonw.exe.
_PYTHON_NAME = re.compile(r"(?:python|pypy)(?:\d+(?:\.\d+)*)?w?(?:\.exe)?", re.IGNORECASE)


#: What an entry says in a person's words: an agent takes such text as instructions, and a folder no
#: one trusted may word its fix, or its symptom, as an order to the agent (README: kb export agents).
_A_STRANGERS_WORDS = (
    "symptom", "symptom_variants", "fix", "root_cause", "conditions", "environment", "case", "snippet",
    "cause_path", "tags", "source", "validation", "check_rule",
)  # fmt: skip

#: Why a folder no one trusted did not answer, in kb's words: its own reason may quote its files.
_AN_UNTRUSTED_FOLDER_FAILED = (
    "a file there kb cannot read, in a folder no one has trusted: its words are not passed on (a person"
    " reads it, e.g. `kb layers`)"
)


def _said_of(unreachable: Unreachable) -> str:
    """Why a layer did not answer, as an agent is told: an untrusted folder's reason in kb's words."""
    return unreachable.reason if unreachable.trusted else _AN_UNTRUSTED_FOLDER_FAILED


def _not_trusted(folder: str) -> str:
    """Why an entry of the folder FOLDER comes without its check and its words."""
    return f"its folder {folder} is not trusted: a person reads it and runs `kb trust` (no agent)"


def _withhold_a_strangers_words(item: dict[str, Any], why: str) -> None:
    """ITEM, an entry of a folder no one trusted, without its words: its key, domain and layer say
    which entry it is; a person reads the rest (kb show) and runs `kb trust`."""
    for name in _A_STRANGERS_WORDS:
        if item.get(name):
            item[name] = [] if isinstance(item[name], list | tuple) else None
    item["text_not_shown"] = why


def _python_named(python: str) -> str:
    """PYTHON, the interpreter an agent names ("" for none), refused unless its program's name is a
    Python's: kb runs it to read its packages' versions, and a shell script named there ran."""
    path = python.strip()
    name = re.split(r"[\\/]", path)[-1]
    if path and not _PYTHON_NAME.fullmatch(name):
        raise UsageError(
            f"python {path!r} is not a Python interpreter by its name (python, python3, python3.11, "
            "pypy3): kb runs it to read the versions of its packages, and runs no other program"
        )
    from kb.machine import runs_as_a_python

    if path and os.path.exists(path) and not runs_as_a_python(path, name):
        raise UsageError(
            f"python {path!r} is not a compiled program (a script?): kb runs a compiled Python, or the one "
            "your PATH names, to read the versions of its packages, and no other file"
        )
    return path


def _as_typed(command: str) -> str:
    """COMMAND as the words it runs: the spaces an agent's shell tool adds or drops do not count."""
    return " ".join(command.split())


def handbook_text() -> str:
    """The four steps of triage and each domain's golden checks, as Markdown."""
    from kb.entry.visible import visible
    from kb.handbook import load_triage

    triage = load_triage()
    lines = [
        "# Triage: four steps",
        "",
        "1. Anchor: the observable phenomenon (the decisive error line), how to reproduce it,",
        "   the environment.",
        "2. Locate: the fault domain (search_error names the entries that match).",
        "3. Verify minimally: one check at a time (check_to_run, then report_check_output).",
        f"4. Roll back: after {triage.rollback_after} checks rule their causes out, step back:",
    ]
    lines += [f"   - {visible(step)}" for step in triage.rollback_steps]
    lines += ["", "# Golden checks by domain", ""]
    for domain, golden in sorted(triage.golden.items()):
        lines += [
            f"## {domain}: {visible(golden.title)}",
            "",
            "```sh",
            *map(visible, golden.lines),
            "```",
            "",
        ]
    return "\n".join(lines)


def serve(database: str | None = None) -> None:
    """Serve over stdio until the client closes the connection.

    The first search judges entries against the environment of the python on PATH, which takes
    running that interpreter (about a quarter of a second): it starts at once, in a thread that only
    waits for it, while this process imports the SDK (most of a second)."""
    import threading

    threading.Thread(target=_read_the_environment, daemon=True).start()
    build_server(database).run("stdio")


def _read_the_environment() -> None:
    from kb.machine import active_python, environment

    environment(active_python())
