"""Recording a fault: the whole of `kb add`, whichever face asks the questions.

The flow prefills the entry (a log, the last unanswered search, a commit, a triage
draft, the environment), asks for what is missing through an `Asker` (a terminal prompt, or nobody:
then a missing answer is an error), suggests the domain, cause path and tags, and records a known
fault as another occurrence instead of a copy. Nothing is written until every question is answered.
"""

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from kb.capture.adding import (
    AddedMeanwhile,
    EntryFlags,
    content_from_file,
    content_from_flags,
    save_entry,
    split_tags,
    unless_added_meanwhile,
)
from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.entry.check_rule import CheckRule
from kb.entry.content import EntryContent
from kb.entry.lint import validation_problem
from kb.entry.visible import visible
from kb.errors import InvalidEntry, KbError, UnknownDomain, UsageError
from kb.paths import drafts_folder
from kb.records import Record
from kb.store.entry_store import EntryStore
from kb.store.record import Entry

if TYPE_CHECKING:
    from kb.capture.last_run import LastRun
    from kb.layers.config import Layer
    from kb.search.duplicates import Duplicate


class Asker(Protocol):
    """How a face puts a question to a person."""

    def text(self, question: str, default: str | None = None) -> str: ...

    def confirm(self, question: str, default: bool) -> bool: ...


Say = Callable[[str], None]


class Prefill(Record):
    """Where the entry's text may come from besides the flags."""

    from_log: str | None = None
    from_last: bool = False
    from_commit: str | None = None
    from_triage: bool = False
    from_file: Path | None = None
    env: bool = False
    from_last_run: bool = False


class Recorded(Record):
    entry: Entry
    occurrence: bool  # True when recorded as another occurrence of an existing entry
    #: False when that occurrence went to an entry folder, which keeps its conditions but no count.
    counted: bool = True
    #: Whether the occurrence's conditions were new to the entry and kept.
    conditions_added: bool = False
    #: Whether the occurrence's message read unlike every form of the entry and became a variant.
    variant_added: bool = False
    #: Whether the new entry's symptom is only a message a library raises for any caller: said while
    #: the person still knows where in their code it failed.
    only_a_librarys_message: bool = False


def record_entry(
    store: EntryStore,
    given: EntryFlags,
    fill: Prefill,
    *,
    ask: Asker | None,
    say: Say,
    new: bool = False,
    occurrence: bool = False,
    force: bool = False,
    edit: Callable[[EntryFlags], EntryContent] | None = None,
    elsewhere: "Sequence[Layer]" = (),
) -> Recorded:
    """Add the entry, or count an occurrence of the one it duplicates. ASK None means no terminal.
    ELSEWHERE: the other layers, where a near-duplicate is pointed out (the entry is added all the same)."""
    if new and occurrence:
        raise UsageError("--new and --occurrence contradict each other; choose one")
    if fill.from_triage:  # the draft read is the one removed once it is the entry, whatever comes meanwhile
        fill = fill._replace(from_file=_latest_triage_draft(), from_triage=False)
    last_run = _last_run() if fill.from_last_run else None
    python = _python_of_the_fault(last_run) if fill.env else None
    typed = given  # what the person typed: an occurrence says which of it it does not use
    given = _filled_from_sources(given, fill, last_run, python, store, ask, say)
    # Asked on a terminal, a known fault is said before the other questions: answering them first
    # and then hearing that the fault is known threw the answers away.
    from_flags = edit is None and fill.from_file is None
    questions = ask is not None and from_flags
    duplicate: Duplicate | None = None
    if questions and not new:
        assert ask is not None
        if not given.symptom:
            given = given._replace(symptom=_ask_symptom(ask))
        duplicate = _known_fault(store, given.symptom or "", say)
        if duplicate is not None and (occurrence or _confirm_occurrence(duplicate, ask)):
            return _occurrence_of(
                store, duplicate.key, typed, given.conditions or "", given.symptom or "", say
            )
        if occurrence:  # said before the questions, not after them
            raise KbError("no existing entry looks like this one; drop --occurrence to add it")
    if occurrence and from_flags and not questions and given.symptom:
        # An occurrence adds nothing: what a new entry would still lack (a domain) is no reason to refuse.
        duplicate = _known_fault(store, given.symptom, say)
        if duplicate is None:
            raise KbError("no existing entry looks like this one; drop --occurrence to add it")
        return _occurrence_of(store, duplicate.key, typed, given.conditions or "", given.symptom, say)
    content = _compose(given, store, fill, ask, say, edit, force)
    if not new and not questions:
        duplicate = _known_fault(store, content.symptom, say)
        if duplicate is not None and (
            occurrence or _asked_keeping_the_written(duplicate, ask, content, edit, say)
        ):
            if edit is not None:  # what was written in the editor beyond its conditions is not used
                kept = _keep_written(content)
                say(f"kb: the entry you wrote is kept in {kept} (kb add --new --from-file {kept} adds it)")
            recorded = _occurrence_of(store, duplicate.key, typed, content.conditions, content.symptom, say)
            _discard(_draft_used(fill))  # counted: the draft is spent, or the next run counts it again
            return recorded
    if occurrence:
        raise KbError("no existing entry looks like this one; drop --occurrence to add it")
    # A file's (a triage draft's) missing answers are asked once it is known to be no known fault.
    if fill.from_file is not None and ask is not None:
        content = _ask_missing_in(content, ask, store)
    if not content.domain:
        raise UsageError(
            f"missing --domain (one of: {', '.join(DOMAIN_NAMES)}): nothing in {content.key}'s symptom"
            " places one"
        )
    if fill.env and not content.applies_to:
        content = _scoped_to_environment(content, ask, say, python)
    if not new and duplicate is None and elsewhere:
        _point_out_a_twin_elsewhere(elsewhere, content.symptom, say)
    derived = given.key is None and from_flags
    key_base = content.key if derived else None
    draft = _draft_used(fill)
    try:
        unless = None if new or duplicate is not None else unless_added_meanwhile(store, content.symptom)
        try:
            saved = save_entry(store, content, force=force, key_base=key_base, unless=unless)
        except AddedMeanwhile as meanwhile:  # the same fault, added by another kb add at the same moment
            duplicate = meanwhile.duplicate
            _say_known(duplicate, say)
            if occurrence or _confirm_occurrence(duplicate, ask):
                recorded = _occurrence_of(
                    store, duplicate.key, typed, content.conditions, content.symptom, say
                )
                _discard(draft)
                return recorded
            saved = save_entry(store, content, force=force, key_base=key_base)
    except (KbError, OSError) as failed:
        if edit is None:
            raise
        raise _written_but_not_saved(failed, content) from None
    recorded = Recorded(saved, occurrence=False, only_a_librarys_message=_only_a_librarys_message(saved))
    _discard(draft)
    unknown = [key for key in recorded.entry.related if store.find(key) is None]
    if unknown:
        say(  # a file's related keys are its writer's text: shown, never acted on by the terminal
            f"kb: related {', '.join(map(visible, unknown))}: no such entry here; kept as written (another"
            " layer may hold it, or it may be added later)"
        )
    return recorded


def _written_but_not_saved(failed: KbError | OSError, content: EntryContent) -> KbError:
    """The error for an entry written in the editor that FAILED to save (a server restarted while the
    editor was open, a database locked too long): the text is kept as a draft, never lost."""
    from kb.errors import failure_text

    kept = _keep_written(content)
    return KbError(
        f"{failure_text(failed)}; not saved: your entry is kept in {kept} (kb add --from-file {kept} adds it)"
    )


def _latest_triage_draft() -> Path:
    """The draft the last `kb triage` wrote, for --from-triage."""
    from kb.verify.triage import latest_triage_draft

    draft = latest_triage_draft()
    if draft is None:
        raise KbError("no triage draft yet; run `kb triage` first")
    return draft


def _filled_from_sources(
    given: EntryFlags,
    fill: Prefill,
    last_run: "LastRun | None",
    python: str | None,
    store: EntryStore,
    ask: Asker | None,
    say: Say,
) -> EntryFlags:
    """GIVEN with what FILL's sources hold filled in (prefilled(), and the last search for
    --from-last); on a terminal (ASK), the symptom and the place read from a run's output are said
    before any question. A log with no error line is refused off a terminal, where no one can type
    the symptom instead."""
    from kb.capture import prefill

    symptom_given, variants_given = bool(given.symptom), given.variants or []
    log = prefill.read_log_part(fill.from_log) if fill.from_log is not None else None
    given = prefilled(given, fill, log.text if log is not None else None, last_run, python)
    if log is not None and not given.symptom:
        name = "standard input" if fill.from_log == "-" else fill.from_log
        holds = f"{log.only} of {name} (all kb reads of a log) hold" if log.only else f"{name} holds"
        if ask is None:
            raise KbError(f"{holds} no line that reads as an error; pass --symptom 'the error line you saw'")
        say(f"kb: {holds} no line that reads as an error; the symptom is yours to give")
    if fill.from_last:
        given = _from_last_search(given, store, say)
    from_output = fill.from_log is not None or fill.from_last_run
    if from_output and not symptom_given and given.symptom and ask is not None:
        from kb.capture.last_run import ending_symptom

        ended = last_run is not None and given.symptom == ending_symptom(last_run)
        source = "how the run ended (it printed no error)" if ended else "the decisive line of the output"
        say(f"symptom, {source}: {visible(given.symptom)}")
        for where in [v for v in given.variants or () if v not in variants_given]:
            say(f"and where in your code it failed, as a variant: {visible(where)}")
    return given


def _point_out_a_twin_elsewhere(elsewhere: "Sequence[Layer]", symptom: str, say: Say) -> None:
    """Say which of the other layers ELSEWHERE already has an entry like SYMPTOM's, if one does."""
    from kb.layers.writing import duplicate_elsewhere

    found = duplicate_elsewhere(elsewhere, symptom)
    if found is not None:
        layer, twin = found
        say(
            f"kb: the {layer} layer already has an entry like this: {twin.key}"
            f" (kb --layer {layer} show {twin.key}); yours is added as well"
        )


def _only_a_librarys_message(entry: Entry) -> bool:
    """Whether ENTRY's symptom, and each of its variants, is only a message a library raises for any
    caller: search shows the entry for it but is never sure of it on that alone
    (kb.search.specificity.beyond_everyday). A variant that names where in the team's code it failed
    (prefill.where_it_failed()) is more."""
    from kb.search.background import load_background, load_library_messages
    from kb.search.specificity import only_a_librarys_message

    everyday = load_background()
    forms = (entry.symptom, *entry.symptom_variants)
    return all(only_a_librarys_message(form, everyday, load_library_messages) for form in forms)


def _draft_used(fill: Prefill) -> Path | None:
    """The draft in kb's drafts folder this entry is made from (`--from-triage`, or `--from-file` on
    a kept or proposed draft), which becomes the entry: left there, the TUI offered it as waiting
    and `kb add --from-triage` made it again."""
    path = fill.from_file
    if path is None:
        return None
    try:
        inside = path.resolve().parent == drafts_folder().resolve()
    except OSError:
        return None
    return path if inside else None


def _discard(draft: Path | None) -> None:
    if draft is not None:
        from kb.verify.triage import discard_draft

        discard_draft(draft)


def prefilled(
    given: EntryFlags,
    fill: Prefill,
    log: str | None = None,
    last_run: "LastRun | None" = None,
    python: str | None = None,
) -> EntryFlags:
    """GIVEN with what SOURCES hold filled in: LOG, the text of --from-log, LAST_RUN, the failure
    --from-last-run takes, and with --env the baseline of PYTHON's environment (None: kb's own)."""
    from kb.capture import prefill

    changes: dict[str, object] = {}
    if last_run is not None:
        from kb.capture.last_run import entry_fields

        taken = entry_fields(last_run)
        changes.update({name: value for name, value in taken.items() if value and not getattr(given, name)})
    if log is not None and not given.symptom:
        changes["symptom"] = prefill.symptom_from_log(log) or ""
    output = log if log is not None else last_run.output if last_run is not None else None
    symptom = str(changes.get("symptom") or given.symptom or "")
    if output is not None and symptom:
        where = prefill.where_it_failed(symptom, output)
        if where is not None and where not in (given.variants or ()):
            changes["variants"] = [*(given.variants or ()), where]
    if fill.from_commit is not None and given.fix:
        # The commit would give nothing: kb add said "added" as if it had read it (outside a
        # repository too), and the person believed the fix named the commit.
        raise UsageError("--from-commit writes the fix from a commit, and --fix gives one: keep one of them")
    if fill.from_commit is not None:
        changes["fix"] = prefill.commit_fix(fill.from_commit or "HEAD").as_fix()
    if fill.env:
        from kb.capture.environment import capture_baseline_in, framed_packages

        traceback = last_run.output if last_run is not None else given.symptom or ""
        if log is not None:
            traceback = log
        captured = capture_baseline_in(python, framed_packages(traceback))
        if last_run is not None:  # the failed run's variables, not those of the shell kb add runs in
            import dataclasses

            captured = dataclasses.replace(captured, env={})
        baseline = captured.as_text()
        earlier = given.environment or str(changes.get("environment") or "")
        changes["environment"] = f"{earlier}\n{baseline}".strip() if earlier else baseline
    return given._replace(**changes) if changes else given  # type: ignore[arg-type]


def _from_last_search(given: EntryFlags, store: EntryStore, say: Say) -> EntryFlags:
    from kb.capture.prefill import ago

    miss = store.last_miss()
    if miss is None:
        raise KbError("no search without a confident answer to take the symptom from; search first")
    say(f"you searched this {ago(miss.searched, store.now())}: {miss.decisive[:200]}")
    return given if given.symptom else given._replace(symptom=miss.decisive)


def _compose(
    given: EntryFlags,
    store: EntryStore,
    fill: Prefill,
    ask: Asker | None,
    say: Say,
    edit: Callable[[EntryFlags], EntryContent] | None,
    force: bool = False,
) -> EntryContent:
    if fill.from_file is not None:
        return content_from_file(fill.from_file, given)
    if edit is not None:
        return edit(given)
    given = converse(given, store, ask, force) if ask else _accept_suggested_domain(given, store, say)
    return content_from_flags(given)


def converse(given: EntryFlags, store: EntryStore, ask: Asker, force: bool = False) -> EntryFlags:
    """The three questions, then the suggestions; Enter accepts each suggestion. Each answer is
    checked as it is given and asked again when it will not do (a validation that is not a command,
    unless FORCE), so that nothing typed is lost to a refusal at the end.

    When the flags already hold the symptom, the validation and the fix, only what is still required
    (the domain) is asked.
    """
    from kb.capture.suggestions import suggest

    if given.validation and given.fix and given.symptom:
        if given.domain:
            return given
        return given._replace(domain=_ask_domain(ask, suggest(store, given.symptom).domain))
    changes: dict[str, object] = {}
    symptom = given.symptom or _ask_symptom(ask)
    changes["symptom"] = symptom
    if not given.validation:
        changes["validation"] = _ask_validation(ask, force)
    if given.check_rule is None and (given.validation or changes["validation"]):
        changes["check_rule"] = _ask_rule(ask)
    if not given.fix:
        changes["fix"] = ask.text("Fix", default="")
    hints = suggest(store, symptom, given.domain)
    if not given.domain:
        changes["domain"] = _ask_domain(ask, hints.domain)
        if changes["domain"] != hints.domain:  # the cause paths on offer are the chosen domain's
            hints = suggest(store, symptom, str(changes["domain"]))
    if not given.cause_path:
        known = f" (known: {'; '.join(hints.known_paths[:4])})" if hints.known_paths else ""
        changes["cause_path"] = ask.text(f"Cause path{known}", default=hints.cause_path or "")
    if not given.root_cause:
        changes["root_cause"] = ask.text(
            "Root cause (why it happened; Enter to leave it for later)", default=""
        )
    if given.tags is None:
        answer = ask.text("Tags", default=", ".join(hints.tags))
        changes["tags"] = split_tags([answer]) or []
    return given._replace(**changes)  # type: ignore[arg-type]


def _ask_symptom(ask: Asker) -> str:
    question = "Symptom (the error line you saw)"
    while not (answer := ask.text(question)).strip():
        question = "The symptom is what kb finds the entry by; paste the error line. Symptom"
    return answer


def _ask_validation(ask: Asker, force: bool) -> str:
    question = "Validation (one line that proves the cause)"
    while True:
        answer = ask.text(question)
        problem = validation_problem(answer)
        if problem is None or force:
            return answer
        question = f"{problem}. Validation"


def _ask_rule(ask: Asker) -> CheckRule:
    """What the check's result means: exit 0 confirms the cause (Enter), a non-zero exit does, a
    line of its output does, or nothing (a probe a person reads)."""
    from kb.entry.check_rule import normalize_rule_name, parse_check_rule

    question = "What does its result mean? exit 0 confirms the cause / exit non-zero / output / nothing"
    while (rule := normalize_rule_name(ask.text(question, default="exit 0"))) is None:
        question = "Answer exit 0, exit non-zero, output (a line you name confirms it) or nothing (a probe)"
    if rule != "output":
        return parse_check_rule({"confirms": rule})
    question = "A line of its output that confirms the cause (a regular expression)"
    while True:
        pattern = ask.text(question)
        rules_out = ask.text("A line that rules it out (Enter for: any exit 0 without the first)", default="")
        try:
            return parse_check_rule({"confirms": "output", "pattern": pattern, "rules_out": rules_out})
        except InvalidEntry as exc:
            question = f"{str(exc).split(': ', 1)[-1]}. A line of its output that confirms the cause"


def _ask_domain(ask: Asker, suggested: str | None) -> str:
    question = f"Domain ({', '.join(DOMAIN_NAMES)})"
    while True:
        answer = ask.text(question, default=suggested)
        try:
            return resolve_domain(answer)
        except UnknownDomain as exc:
            question = f"{exc}. Domain"


def _accept_suggested_domain(given: EntryFlags, store: EntryStore, say: Say) -> EntryFlags:
    """Off a terminal the domain may still be inferred, and kb says so."""
    if given.domain or not given.symptom:
        return given
    from kb.capture.suggestions import suggest

    hints = suggest(store, given.symptom)
    if hints.domain is None:
        return given
    say(f"kb: domain {hints.domain} (suggested from the symptom; pass --domain to choose)")
    return given._replace(domain=hints.domain)


#: How applies_to constraints are separated in an answer: a constraint holds commas (torch>=2.1,<2.2).
CONSTRAINT_SEPARATOR = ";"


def _last_run() -> "LastRun":
    from kb.capture.last_run import load_last_run
    from kb.paths import user_data_dir

    return load_last_run(str(user_data_dir()))


def _python_of_the_fault(last_run: "LastRun | None") -> str | None:
    """The Python the fault happened in: the one the last `kb run` failed in, for --from-last-run;
    otherwise the one the user's code runs in (kb.machine.active_python)."""
    from kb.machine import active_python

    return (last_run.python if last_run is not None else "") or active_python()


def _scoped_to_environment(
    content: EntryContent, ask: Asker | None, say: Say, python: str | None
) -> EntryContent:
    """The applies_to that the environment of PYTHON (None: kb's own) suggests
    (kb.capture.suggestions), asked for on a terminal, where Enter keeps them and '-' drops them;
    off one they are said, never set: a script that did not ask for a scope does not get one."""
    from kb.capture.suggestions import suggest_applies_to
    from kb.entry.constraints import check_constraints
    from kb.machine import environment

    words = (content.symptom, *content.symptom_variants, content.root_cause, content.fix)
    words += (content.cause_path, content.conditions, *content.tags)
    proposed = suggest_applies_to(environment(python) or {}, "\n".join(words))
    if not proposed:
        return content
    shown = f"{CONSTRAINT_SEPARATOR} ".join(proposed)
    if ask is None:
        flags = " ".join(f"--applies-to '{constraint}'" for constraint in proposed)
        say(f"kb: this environment suggests {flags} (not set; pass them to scope the entry)")
        return content
    question = f"Applies to (where it happens, separated by '{CONSTRAINT_SEPARATOR}'; - for anywhere)"
    while True:
        answer = ask.text(question, default=shown).strip()
        if answer == "-":
            return content
        try:
            chosen = check_constraints(content.key, answer.split(CONSTRAINT_SEPARATOR))
        except KbError as exc:
            question = f"{exc}. Applies to"
            continue
        return content.replace(applies_to=chosen)


def _ask_missing_in(content: EntryContent, ask: Asker, store: EntryStore) -> EntryContent:
    changes: dict[str, object] = {}
    if not content.domain:
        from kb.capture.suggestions import suggest

        changes["domain"] = _ask_domain(ask, suggest(store, content.symptom).domain)
    if not content.validation:
        changes["validation"] = ask.text("Validation (one line that proves the cause)")
    if (content.validation or changes.get("validation")) and not content.check_rule.declared:
        changes["check_rule"] = _ask_rule(ask)
    if not content.fix:
        changes["fix"] = ask.text("Fix", default="")
    return content.replace(**changes) if changes else content


def _known_fault(store: EntryStore, symptom: str, say: Say) -> "Duplicate | None":
    """The entry SYMPTOM already describes, said aloud; None when there is none."""
    from kb.search.duplicates import find_duplicate

    duplicate = find_duplicate(store.location, symptom)
    _say_known(duplicate, say)
    return duplicate


def _say_known(duplicate: "Duplicate | None", say: Say) -> None:
    if duplicate is not None and duplicate.shared:
        say(
            f"Its message is also the message of {duplicate.key}, and several faults raise it:\n"
            f"  {visible(duplicate.symptom[:160])}"
        )
    elif duplicate is not None and duplicate.by_search:
        say(f"kb search is sure this is {duplicate.key}:\n  {visible(duplicate.symptom[:160])}")
    elif duplicate is not None:
        say(f"This looks like an existing entry: {duplicate.key}\n  {visible(duplicate.symptom[:160])}")


#: What an occurrence keeps of the fields given: the reproduce conditions (appended), and the
#: symptom and key that found the entry. Everything else given is the entry's to change, with kb edit.
_DROPPED_AT_OCCURRENCE = (
    ("validation", "--validation"), ("fix", "--fix"), ("root_cause", "--root-cause"),
    ("cause_path", "--cause-path"), ("tags", "--tag"), ("variants", "--variant"),
    ("environment", "--environment"), ("case", "--case"), ("snippet", "--snippet"),
    ("related", "--related"), ("applies_to", "--applies-to"), ("check_rule", "--confirms"),
)  # fmt: skip


def _occurrence_of(
    store: EntryStore, key: str, typed: EntryFlags, conditions: str, symptom: str, say: Say
) -> Recorded:
    """Count an occurrence of KEY; say which of the flags TYPED (not what a log filled in) it drops."""
    if typed.guards:
        say(f"kb: the guards were not attached; attach them with `kb edit {key} --guards FILE`")
    dropped = [flag for name, flag in _DROPPED_AT_OCCURRENCE if getattr(typed, name) not in (None, [], "")]
    if dropped:
        say(f"kb: {', '.join(dropped)} not used: {key} keeps its own; change them with `kb edit {key}`")
    before = store.find(key)
    entry = store.record_occurrence(key, conditions, symptom)
    if before is None or entry.key != key:  # a teammate merged or renamed it since it was found
        say(f"kb: {key} became {entry.key} meanwhile (merged or renamed); the occurrence is counted there")
        return Recorded(entry, occurrence=True, counted=store.keeps_usage)
    return Recorded(
        entry,
        occurrence=True,
        counted=store.keeps_usage,
        conditions_added=entry.conditions != before.conditions,
        variant_added=len(entry.symptom_variants) > len(before.symptom_variants),
    )


def _asked_keeping_the_written(
    duplicate: "Duplicate", ask: Asker | None, content: EntryContent, edit: object, say: Say
) -> bool:
    """_confirm_occurrence(), for an entry written in the editor (EDIT) too: refused (off a terminal,
    a known fault needs --occurrence or --new) or interrupted at the question, what was written is
    kept as a draft, and the error says where, as an editor's text that fails to parse is."""
    try:
        return _confirm_occurrence(duplicate, ask)
    except KbError as refused:
        if edit is None:
            raise
        kept = _keep_written(content)
        raise KbError(
            f"{refused}; the entry you wrote is kept in {kept} (kb add --new --from-file {kept})"
        ) from None
    except KeyboardInterrupt:
        if edit is not None:
            say(f"kb: the entry you wrote is kept in {_keep_written(content)}")
        raise


def _keep_written(content: EntryContent) -> "Path":
    """Keep CONTENT, an entry written in the editor and not added, as a draft; where it is."""
    from kb.capture.editor import save_draft
    from kb.entry.file import render_entry_file

    return save_draft(render_entry_file(content), "new-entry")  # as an aborted `kb add --edit` keeps it


def _confirm_occurrence(duplicate: "Duplicate", ask: Asker | None) -> bool:
    """Whether the person says this is another occurrence of DUPLICATE. A message several faults
    raise is theirs to call: the question defaults to a new entry."""
    key = duplicate.key
    if ask is None and duplicate.shared:
        raise KbError(
            f"its message is also the message of '{key}', which several faults raise: add --occurrence"
            " if it is that fault, or --new for another cause"
        )
    if ask is None:
        raise KbError(
            f"this looks like '{key}'; add --occurrence to count it there, or --new to add it anyway"
        )
    if duplicate.shared or duplicate.by_search:
        return ask.confirm(
            f"Is it the same fault as {key} (its check tells), not another cause?", default=False
        )
    return ask.confirm(f"Record it as another occurrence of {key} instead of a new entry?", default=True)
