"""An entry's authored content, free of any database.

`EntryContent` is what an entry file holds and what a person writes: symptom → validation → fix, plus
the fields that place the fault. The store adds bookkeeping (times, hits, checks) around it. Keeping
the content a plain immutable record lets parsing, rendering, linting and ranking stay pure.
"""

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from kb.domains import resolve_domain
from kb.entry.check_rule import NO_RULE, CheckRule, parse_check_rule, rule_problem
from kb.entry.constraints import check_constraints
from kb.entry.redaction import redact_text
from kb.errors import InvalidEntry
from kb.patterns import LazyPattern
from kb.records import Record

KEY_PATTERN = LazyPattern(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_KEY_LENGTH = 80
STATUSES = ("active", "archived")

TEXT_FIELDS = (
    "symptom",
    "validation",
    "fix",
    "root_cause",
    "cause_path",
    "conditions",
    "environment",
    "case",
    "snippet",
    "source",
)
LIST_FIELDS = ("symptom_variants", "tags", "related", "applies_to")
#: The prose and commands a person pastes into, where a token can hide; redacted on every write.
FREE_TEXT_FIELDS = (
    "symptom",
    "validation",
    "fix",
    "root_cause",
    "conditions",
    "environment",
    "case",
    "snippet",
    "cause_path",
    "source",
)


class EntryContent(Record):
    """One fault, as a person writes it down.

    A named tuple (kb.records) rather than a dataclass: `kb add`, `kb show` and `kb list` read and
    write entries, and importing dataclasses (it imports inspect) and making a dataclass (it compiles
    its methods from source) cost those commands more than their own work."""

    key: str
    domain: str
    symptom: str
    symptom_variants: tuple[str, ...] = ()
    validation: str = ""
    fix: str = ""
    root_cause: str = ""
    cause_path: str = ""
    tags: tuple[str, ...] = ()
    conditions: str = ""
    environment: str = ""
    case: str = ""
    snippet: str = ""
    source: str = "own"
    related: tuple[str, ...] = ()
    status: str = "active"
    #: Checks that keep the fault from coming back (kb/guards/checker.py rules), each with the bad and
    #: the good example it was written against.
    guards: tuple[dict[str, Any], ...] = ()
    #: Where the fix holds (kb.entry.constraints): `torch>=2.1,<2.2`, `cuda<12.1`, `os==linux`.
    applies_to: tuple[str, ...] = ()
    #: How the validation's result is read, what it takes and needs (kb.entry.check_rule).
    check_rule: CheckRule = NO_RULE

    def __hash__(self) -> int:
        """The hash of everything but the guards, whose tables are dicts (content_digest() caches by
        content)."""
        return hash(tuple(value for name, value in zip(self._fields, self, strict=True) if name != "guards"))

    def replace(self, **changes: Any) -> "EntryContent":
        return self._replace(**changes)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "EntryContent":
        """The content as_dict() gave (stored as JSON): lists become tuples again."""
        values = {name: data[name] for name in cls._fields if name in data}
        for name in LIST_FIELDS:
            values[name] = tuple(values.get(name, ()))
        values["guards"] = tuple(dict(guard) for guard in values.get("guards", ()))
        values["check_rule"] = parse_check_rule(values.get("check_rule"), str(values.get("key", "entry")))
        return cls(**values)

    def as_dict(self) -> dict[str, Any]:
        data = self._asdict()
        for name in LIST_FIELDS:
            data[name] = list(data[name])
        data["guards"] = [dict(guard) for guard in self.guards]
        data["check_rule"] = self.check_rule.stored()
        return data


def clean_text(text: str) -> str:
    """The one normalisation every stored text gets: newlines unified, NULs replaced, ends trimmed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")
    return text.strip()


def clean_list(items: Any) -> tuple[str, ...]:
    """Trim each item, drop empties and repeats, keep the order."""
    seen: dict[str, None] = {}
    for item in items or ():
        text = clean_text(str(item))
        if text and text not in seen:
            seen[text] = None
    return tuple(seen)


def normalize_cause_path(path: str) -> str:
    """`IO bottleneck>num_workers` and `IO bottleneck >  num_workers` become `IO bottleneck > num_workers`."""
    parts = [p.strip() for p in re.split(r"\s*>\s*", clean_text(path).replace("\n", " "))]
    return " > ".join(p for p in parts if p)


#: A terminal's control sequence (CSI, OSC, or ESC and one character): its letters are no words.
_TERMINAL_CODE = LazyPattern(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|.)", re.DOTALL)


def says_something(text: str) -> bool:
    """Whether TEXT holds a letter or a digit once a terminal's control sequences are taken out:
    `\x00\x1b[2J` (a NUL and a screen clear) is no symptom, though `2J` has a digit and a letter."""
    return any(character.isalnum() for character in _TERMINAL_CODE.sub("", text))


def normalized(content: EntryContent, draft: bool = False) -> EntryContent:
    """Return CONTENT with every field cleaned and checked, and secrets redacted (every write to the
    store passes here, so no face can forget it). Raises InvalidEntry. DRAFT: an entry still to be
    finished keeps a blank domain blank, for the person to choose; a write to the store never is one."""
    key = clean_text(content.key)
    check_key(key)
    texts = {name: clean_text(getattr(content, name)) for name in TEXT_FIELDS}
    texts.update({name: redact_text(texts[name]) for name in FREE_TEXT_FIELDS if texts[name]})
    symptom = texts["symptom"]
    if not symptom:
        raise InvalidEntry(f"entry '{key}': the symptom is empty; write what you saw, e.g. the error line")
    status = clean_text(content.status).lower() or "active"
    if status not in STATUSES:
        raise InvalidEntry(f"entry '{key}': status must be one of {', '.join(STATUSES)}, not '{status}'")
    texts["cause_path"] = normalize_cause_path(texts["cause_path"])
    texts["source"] = texts["source"] or "own"
    check = parse_check_rule(content.check_rule, key)
    problem = rule_problem(check, texts["validation"])
    if problem:
        raise InvalidEntry(f"entry '{key}': {problem}")
    return content._replace(
        guards=check_guards(key, content.guards),
        check_rule=check,
        applies_to=check_constraints(key, clean_list(content.applies_to)),
        key=key,
        domain=resolve_domain(content.domain) if content.domain.strip() or not draft else "",
        status=status,
        symptom_variants=tuple(
            v for v in dict.fromkeys(map(redact_text, clean_list(content.symptom_variants))) if v != symptom
        ),
        tags=tuple(dict.fromkeys(map(redact_text, clean_list(content.tags)))),
        related=tuple(r for r in clean_list(content.related) if r != key),
        **texts,
    )


GUARD_KINDS = (
    "missing-keyword",
    "banned-call",
    "literal-limit",
    "call-order",
    "config-relation",
    "regex",
    "environment",
    "tripwire",
)


def check_guards(key: str, guards: Any, where: str | None = None) -> tuple[dict[str, Any], ...]:
    """Each guard names a kind kb knows, has the fields that kind needs, and carries its bad and good
    examples. The fields are checked here, where the guard is written, because one broken rule would
    otherwise make every exported checker refuse its whole table. WHERE names the source in messages
    (default: the entry)."""
    prefix = where or f"entry '{key}'"
    checked = []
    for number, guard in enumerate(guards or (), 1):
        if not isinstance(guard, dict):
            raise InvalidEntry(f"{prefix}: guard {number} must be a table of fields")
        if guard.get("kind") not in GUARD_KINDS:
            kinds = ", ".join(GUARD_KINDS)
            raise InvalidEntry(f"{prefix}: guard {number} has kind {guard.get('kind')!r}; use one of {kinds}")
        for example in ("bad", "good"):
            if not isinstance(guard.get(example), str) or not guard[example].strip():
                raise InvalidEntry(f"{prefix}: guard {number} needs a '{example}' example")
        problem = _guard_problem(key, guard)
        if problem:
            raise InvalidEntry(f"{prefix}: guard {number} ({guard['kind']}): {problem}")
        checked.append(_in_field_order(guard))
    return tuple(checked)


#: The order a guard's fields are kept in, whatever order they came in: the seed files' own order.
#: A backup's JSON sorts them, and an entry file rendered from a reordered guard reads as another
#: text, so a restored seed looked edited (due for review, never refreshed by `kb seed`).
GUARD_FIELD_ORDER = (
    "kind", "call", "inner", "outer", "outer_factories", "keyword", "positional_index", "equals",
    "inside", "when_keyword_in", "max", "multiple_of", "argument", "forbid", "check", "variable",
    "required", "only_with_gpus", "pattern", "merged_from",
)  # fmt: skip


def _in_field_order(guard: dict[str, Any]) -> dict[str, Any]:
    rank = {name: place for place, name in enumerate(GUARD_FIELD_ORDER)}
    last = len(GUARD_FIELD_ORDER)
    examples = {"bad": last + 1, "good": last + 2}
    return dict(sorted(guard.items(), key=lambda item: rank.get(item[0], examples.get(item[0], last))))


def _guard_problem(key: str, guard: dict[str, Any]) -> str | None:
    from kb.guards import checker as guard_checker  # deferred: only entries with guards need it

    fields = {name: value for name, value in guard.items() if name not in ("bad", "good")}
    rule = {**fields, "key": key or "entry", "symptom": "", "fix": ""}
    try:
        guard_checker.validate_rules([rule])
    except guard_checker.RuleError as error:
        return str(error).split(": ", 1)[-1]
    if guard["kind"] == "tripwire":
        return None  # its examples run torch: the seed tests prove them where torch is installed
    if guard["kind"] == "environment":
        verdicts = []
        for example in ("bad", "good"):
            try:
                facts = guard_checker.parse_facts(guard[example])
            except ValueError as error:
                return f"the {example} example must be facts, one NAME=value per line: {error}"
            verdicts.append(guard_checker.check_environment(rule, facts).status)
        caught, passed = verdicts[0] == "fail", verdicts[1] == "pass"
    elif guard["kind"] == "literal-limit" and guard.get("max") == guard_checker.USABLE_CPUS:
        # The limit is the CPUs of whichever machine checks: examples written on a 1-CPU box are
        # judged for some CPU count, the same on every machine, not for the one reading them.
        judged = [_judged(guard, {**rule, "max": cpus}) for cpus in _CPU_COUNTS]
        caught, passed = next((pair for pair in judged if all(pair)), judged[0])
    else:
        caught, passed = _judged(guard, rule)
    if not caught:
        return "it does not catch its bad example; a guard must flag the code it was written against"
    if not passed:
        return "it flags its good example too; a guard must let the fix through"
    return None


#: The CPU counts a `usable_cpus` limit's examples are judged for.
_CPU_COUNTS = (1, 2, 4, 8, 16, 32, 64, 128, 256)


def _judged(guard: dict[str, Any], rule: dict[str, Any]) -> tuple[bool, bool]:
    """Whether RULE flags GUARD's bad example, and lets its good one through."""
    from kb.guards import checker as guard_checker

    caught = bool(guard_checker.check_source(guard["bad"] + "\n", [rule], "bad.py"))
    passed = not guard_checker.check_source(guard["good"] + "\n", [rule], "good.py")
    return caught, passed


def check_key(key: str) -> None:
    if not KEY_PATTERN.fullmatch(key) or len(key) > MAX_KEY_LENGTH:  # `$` allows a final newline
        raise InvalidEntry(
            f"key '{key}' is not a slug: use lowercase letters, digits and single '-' "
            f"(at most {MAX_KEY_LENGTH} characters), e.g. torch-load-map-location"
        )


def closest_key(key: str, keys: list[str]) -> str | None:
    """The key among KEYS that KEY was probably meant to be (a typo, or a part of it), for "did you
    mean"; None when none is close."""
    import difflib  # deferred: only a key that is not there needs it

    close = difflib.get_close_matches(key, keys, n=1, cutoff=0.6)
    if close:
        return close[0]
    containing = [k for k in keys if key and key in k]
    return containing[0] if containing else None


_WORDS_TO_SKIP = {"error", "the", "a", "an", "of", "is", "in", "to", "and", "or", "on", "at", "for"}


#: What belongs to one occurrence, not to the fault: quoted text and paths, addresses, numbers.
_INSTANCE_DETAILS = LazyPattern(
    r"'[^'\n]*'|\"[^\"\n]*\"|(?:~|\.{1,2})?/[\w.\-/]+|\b0x[0-9a-f]+\b|\b\d[\d.,:x]*\b", re.IGNORECASE
)


#: A quoted name (`'weight_decay'`, `'list'`, `"fc.weight"`): which object failed, kept in a key.
_QUOTED_NAME = LazyPattern(r"""^['"]([A-Za-z_][A-Za-z0-9_.]{0,39})['"]$""")


#: A plural written as `Error(s)` or `key(s)`: its `s` is no word of the key.
_PLURAL_MARK = LazyPattern(r"(?<=[A-Za-z])\(s\)")


def key_from_symptom(symptom: str, max_words: int = 6, otherwise: Iterable[str] = ()) -> str:
    """A readable slug from a symptom: `RuntimeError: CUDA error: device-side assert triggered`
    becomes `runtimeerror-cuda-device-side-assert-triggered`. What differs between occurrences
    (`batch_size 32`, `NCCL version 2.18.1`, a quoted path) is left out, and each word kept once;
    a quoted name is what makes the fault itself, so it stays (the first two, after the other words
    if there are many): `KeyError: 'weight_decay'` is `keyerror-weight-decay`, not `keyerror`.

    A key is ASCII (it names a file, a wiki anchor, a guard), so a symptom written in another script
    (`训练时显存不足`) gives no word of it: then the first of OTHERWISE that does (the entry's cause
    path, its tags, its domain) names it, rather than every such entry being `entry`, `entry-2`.

    The symptom is redacted first, as it is when stored: a key names the entry's file, its wiki
    anchor and every command that points at it, so a password in a pasted URL must not become one."""
    key = _slug(symptom, max_words)
    for text in otherwise:
        key = key or _slug(text, max_words)
    return key or "entry"


def key_for(symptom: str, cause_path: str = "", tags: Iterable[str] = (), domain: str = "") -> str:
    """key_from_symptom() for an entry being recorded, with its cause path, tags and domain to fall
    back on: what kb add, the TUI's form and an import each name a new entry by."""
    return key_from_symptom(symptom, otherwise=(cause_path, " ".join(map(str, tags)), domain))


def _slug(symptom: str, max_words: int) -> str:
    symptom = redact_text(symptom)
    names: list[str] = []

    def general(match: re.Match[str]) -> str:
        name = _QUOTED_NAME.match(match.group())
        if name and len(names) < 2:
            names.append(name.group(1))
            return f" {name.group(1)} "
        return " "

    text = _INSTANCE_DETAILS.sub(general, _PLURAL_MARK.sub("", symptom))
    decomposed = unicodedata.normalize("NFKD", text)  # é is e and an accent; 显 is no letter of a key
    ascii_text = "".join(
        c if c.isascii() else "" if unicodedata.combining(c) else " " for c in decomposed
    ).lower()
    words = [
        w for w in re.split(r"[^a-z0-9]+", ascii_text) if w and not w.isdigit() and w not in _WORDS_TO_SKIP
    ]
    kept = list(dict.fromkeys(words))[:max_words]
    for name in names:
        kept += [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w and w not in kept]
    return "-".join(kept)[:MAX_KEY_LENGTH].strip("-")
