"""How an entry's check is read, and what it takes: its verdict rule, its inputs, what it needs.

A validation command is only worth running if its result says something about the fault, and the
commands do not speak with one voice: for `lsof -i :8000` exit 0 means the port is held (the fault),
for `pickle.dumps(dataset)` a non-zero exit does, and most checks print a line for a person to read.
So every check declares its rule (`[check]` in the entry file's front matter):

    [check]
    confirms = "output"               # or "exit 0", "exit non-zero", "nothing" (a probe)
    pattern = '^held: '               # for "output": a line that confirms the cause
    rules_out = '^free: '             # optional: a line that rules it out
    inputs = { port = "8000" }        # {port} in the command; the default when no paste names one
    needs = ["command:lsof"]          # what must be here for it to run at all

The values a check takes come from the error in hand (the port it names, the file, the module) and
are data, never code: a value is refused unless every character of it is one a shell and Python read
literally inside or outside quotes, so a value can only ever be the word it is.
"""

import re
from collections.abc import Mapping
from typing import Any

from kb.errors import InvalidCheckRule, InvalidEntry
from kb.patterns import LazyPattern
from kb.records import Record

#: Every rule a check may declare; "" is a check written before rules existed (read as a probe).
RULES: tuple[str, ...] = ("exit 0", "exit non-zero", "output", "nothing")
_ALIASES = {
    "exit-0": "exit 0",
    "exit0": "exit 0",
    "zero": "exit 0",
    "exit-nonzero": "exit non-zero",
    "exit nonzero": "exit non-zero",
    "non-zero": "exit non-zero",
    "nonzero": "exit non-zero",
    "probe": "nothing",
    "none": "nothing",
}

#: What a check may need before it can run: a program, a Python module (in the interpreter the check
#: runs with), a GPU, a Docker daemon, a file (its path may use the inputs) or a running process.
NEED_KINDS = ("command", "module", "file", "process")
NEED_WORDS = ("gpu", "docker")

#: Patterns compiled on first use, from the user's cache (kb.patterns): compiling them at import cost
#: `kb search` 4 ms of a cold start whether or not a check is shown, and `re` compiled them afresh in
#: every process that showed one.
_INPUT_NAME = LazyPattern(r"[a-z][a-z0-9_]{0,30}")  # fullmatch: `$` would also match before a final newline
#: The characters a value may hold: those shlex.quote() leaves alone, which neither a shell nor a
#: Python string literal gives a meaning to. No space, quote, `$`, backslash, `;`, `*` or newline.
#: The whole value, matched with fullmatch: `$` would also match before a final newline, which ends
#: a shell command.
_SAFE_VALUE = LazyPattern(r"(?a)[\w@%+=:,./-]{1,200}")
_PLACEHOLDER = LazyPattern(r"\{([a-z][a-z0-9_]{0,30})\}")
MAX_PATTERN = 500
MAX_INPUTS = 8


class UnsafeValue(InvalidEntry):
    """A value for a check's input that could be read as more than a word."""


#: The ways of reading a check that give a verdict; "nothing" (a probe: it prints what to read) and
#: an undeclared rule give none.
VERDICT_RULES = ("exit 0", "exit non-zero", "output")


class CheckRule(Record):
    """How a check's result is read (confirms, pattern, rules_out), its inputs with their defaults,
    and what it needs to run. A named tuple (kb.records), not a dataclass: `kb search` imports this
    module, and dataclasses would cost it 12 ms of a cold start."""

    confirms: str = ""
    pattern: str = ""
    rules_out: str = ""
    inputs: tuple[tuple[str, str], ...] = ()
    needs: tuple[str, ...] = ()

    @property
    def declared(self) -> bool:
        return bool(self.confirms)

    @property
    def gives_verdict(self) -> bool:
        """Whether a run can confirm or rule out the cause (a probe and an undeclared rule cannot)."""
        return self.confirms in VERDICT_RULES

    @property
    def defaults(self) -> dict[str, str]:
        return dict(self.inputs)

    def as_dict(self) -> dict[str, Any]:
        """The rule as `kb show --json` gives it under "verdict" (empty parts left out)."""
        data: dict[str, Any] = {"confirms": self.confirms or "undeclared"}
        if self.pattern:
            data["pattern"] = self.pattern
        if self.rules_out:
            data["rules_out"] = self.rules_out
        if self.inputs:
            data["inputs"] = dict(self.inputs)
        if self.needs:
            data["needs"] = list(self.needs)
        return data

    def stored(self) -> dict[str, Any]:
        """The rule as the store and entry files keep it: only what was declared."""
        data = self.as_dict()
        if not self.confirms:
            data.pop("confirms")
        return data

    def describe(self) -> str:
        """One line for a person: how the result will be read."""
        if self.confirms == "output":
            text = f"confirmed when a line matches /{self.pattern}/"
            if self.rules_out:
                text += f", ruled out when one matches /{self.rules_out}/"
            return text
        if self.confirms == "exit 0":
            return "confirmed on exit 0, ruled out on any other exit"
        if self.confirms == "exit non-zero":
            return "confirmed on a non-zero exit, ruled out on exit 0"
        if self.confirms == "nothing":
            return "a probe: read its output; it gives no verdict"
        return "no rule declared: read its output; it gives no verdict"


NO_RULE = CheckRule()


def health_counts(verdict: str) -> bool:
    """Whether a recorded VERDICT (kb.verify.verdict) says anything about the entry's health: only a
    broken check does. The store counts those in a row, review reads the count."""
    return verdict == "the check broke"


def parse_check_rule(data: Any, key: str = "entry") -> CheckRule:
    """The rule in DATA (a front-matter `[check]` table, or what CheckRule.stored() gave), checked.
    Raises InvalidCheckRule naming what is wrong."""
    if not data:
        return NO_RULE
    if isinstance(data, CheckRule):
        data = data.stored()
    if not isinstance(data, Mapping):
        raise InvalidCheckRule(key, "'check' must be a table ([check])")
    unknown = sorted(set(data) - {"confirms", "pattern", "rules_out", "inputs", "needs"})
    if unknown:
        raise InvalidCheckRule(
            key, f"unknown check field '{unknown[0]}' (known: confirms, pattern, rules_out, inputs, needs)"
        )
    confirms = _rule_name(data.get("confirms", ""), key)
    pattern = _pattern(data.get("pattern", ""), "pattern", key)
    rules_out = _pattern(data.get("rules_out", ""), "rules_out", key)
    if confirms == "output" and not pattern:
        raise InvalidCheckRule(key, "a check read by its output needs a 'pattern' that confirms the cause")
    if confirms != "output" and (pattern or rules_out):
        raise InvalidCheckRule(key, "'pattern' and 'rules_out' are read only when confirms = \"output\"")
    return CheckRule(
        confirms, pattern, rules_out, _inputs(data.get("inputs", {}), key), _needs(data.get("needs", []), key)
    )


def normalize_rule_name(text: str) -> str | None:
    """The rule a person typed ("exit 0", "exit-nonzero", "probe"...), or None when it is none."""
    name = " ".join(str(text).strip().lower().split())
    name = _ALIASES.get(name, name)
    return name if name in RULES else None


def _rule_name(value: Any, key: str) -> str:
    if value in ("", None):
        return ""
    name = normalize_rule_name(value) if isinstance(value, str) else None
    if name is None:
        raise InvalidCheckRule(
            key, f"check confirms {value!r}; use one of " + ", ".join(f'"{r}"' for r in RULES)
        )
    return name


def _pattern(value: Any, field: str, key: str) -> str:
    if not isinstance(value, str):
        raise InvalidCheckRule(key, f"check {field} must be a string (a regular expression)")
    if len(value) > MAX_PATTERN:
        raise InvalidCheckRule(key, f"check {field} is over {MAX_PATTERN} characters")
    try:
        re.compile(value, re.MULTILINE)
    except re.error as exc:
        raise InvalidCheckRule(key, f"check {field} is not a regular expression: {exc}") from None
    nested = _nested_repetition(value)
    if nested:
        raise InvalidCheckRule(
            key,
            f"check {field} can backtrack without end ({nested}), which takes exponential"
            " time on a line of output that almost matches; make the inner repetition possessive (a++)"
            " or drop the outer one",
        )
    return value


#: A group with a repetition after it (`(a+)+`, `(a|aa){2,}`), or verbose mode, where space may stand
#: between the two: only such a pattern can repeat a repetition or alternatives.
_REPEATED_GROUP = LazyPattern(r"\)[*+?{]|\(\?[a-zA-Z-]*x")


def _nested_repetition(pattern: str) -> str | None:
    """kb.guards.checker.nested_repetition(PATTERN), whose module (the checker kb copies into other
    repositories, with argparse and ast) is imported only for a pattern that may need it: every
    `kb search` and `kb show` of an entry with a check rule parses its patterns."""
    if not _REPEATED_GROUP.search(pattern):
        return None
    from kb.guards.checker import nested_repetition

    return nested_repetition(pattern)


def _inputs(value: Any, key: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, Mapping):
        raise InvalidCheckRule(key, 'check inputs must be a table, e.g. inputs = { port = "8000" }')
    if len(value) > MAX_INPUTS:
        raise InvalidCheckRule(key, f"a check takes at most {MAX_INPUTS} inputs")
    inputs = []
    for name, default in value.items():
        if not isinstance(name, str) or not _INPUT_NAME.fullmatch(name):
            raise InvalidCheckRule(key, f"check input {name!r} is not a name (lowercase letters, digits, _)")
        if not isinstance(default, str | int):
            raise InvalidCheckRule(key, f"check input '{name}' needs a default as a string")
        inputs.append((name, safe_value(name, str(default))))
    return tuple(sorted(inputs))  # a table has no order: a JSON backup sorts it, a file keeps it


def _needs(value: Any, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidCheckRule(key, "check needs must be a list of strings")
    needs = []
    for need in value:
        need = need.strip()
        kind, _, what = need.partition(":")
        if need in NEED_WORDS or (kind in NEED_KINDS and what.strip()):
            needs.append(need)
            continue
        known = ", ".join([*NEED_WORDS, *(f"{k}:NAME" for k in NEED_KINDS)])
        raise InvalidCheckRule(key, f"check need {need!r} is not one kb knows ({known})")
    return tuple(dict.fromkeys(needs))


def safe_value(name: str, value: str) -> str:
    """VALUE, if it may stand in a command as the input NAME; raises UnsafeValue otherwise."""
    if not _SAFE_VALUE.fullmatch(value) or value.startswith("-"):
        shown = value if len(value) <= 60 else value[:59] + "…"
        raise UnsafeValue(
            f"the value {shown!r} for {{{name}}} is not used in a command: only letters, digits and "
            "@%+=:,./-_ are (no spaces, quotes or shell characters), and it may not start with '-'"
        )
    return value


def placeholders(command: str) -> list[str]:
    """The input names COMMAND uses as {name}, in order of first use."""
    return list(dict.fromkeys(_PLACEHOLDER.findall(command)))


def rule_problem(rule: CheckRule, command: str) -> str | None:
    """Why RULE cannot read COMMAND's result, or None: the command uses an input kb knows ({port},
    {path}...) that the rule does not declare, or the rule declares one nothing uses."""
    if not command.strip():
        return "a check rule without a validation command" if rule.declared or rule.inputs else None
    declared = dict(rule.inputs)
    missing = [name for name in placeholders(command) if name in KNOWN_INPUTS and name not in declared]
    if missing:
        name = missing[0]
        return (
            f"the command uses {{{name}}} but the check declares no input '{name}' "
            f'(inputs = {{ {name} = "…" }})'
        )
    for field, pattern, would in (
        ("pattern", rule.pattern, "confirm"),
        ("rules_out", rule.rules_out, "rule out"),
    ):
        if pattern and re.search(pattern, "", re.MULTILINE) is not None:
            return (
                f"its {field} {pattern!r} matches any output, even none: it would {would} the cause"
                " whatever ran"
            )
    if rule.pattern and rule.pattern == rule.rules_out:
        return "its pattern and rules_out are the same: a line that confirms the cause would also rule it out"
    used = command + " ".join(rule.needs)
    unused = [name for name in declared if f"{{{name}}}" not in used]
    if unused:
        return f"the check declares input '{unused[0]}' but the command never uses {{{unused[0]}}}"
    last = _last_stage(command) if rule.confirms in ("exit 0", "exit non-zero") else None
    if last in _ALWAYS_ZERO:
        return (
            f"its exit status is that of `{last}` at the end of the pipe, whatever the check found; "
            'read it by its output instead (confirms = "output", pattern = …)'
        )
    return None


#: Commands that end a pipe with exit 0 whatever came through it: an exit rule cannot read them.
_ALWAYS_ZERO = frozenset(
    {"awk", "cat", "head", "tail", "sort", "uniq", "tee", "wc", "cut", "tr", "sed", "column"}
)


def _last_stage(command: str) -> str | None:
    """The program of COMMAND's last pipe stage (`… | awk '…'` gives awk), or None."""
    import shlex

    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        words: list[str] = list(lexer)
    except ValueError:
        return None
    if "|" not in words:
        return None
    last = words[len(words) - 1 - words[::-1].index("|") + 1 :]
    if not last or any(word in ("&&", "||", ";") for word in last):
        return None
    return last[0].rsplit("/", 1)[-1]


#: Inputs kb can take from a paste (kb.text.paste.paste_values), by name.
KNOWN_INPUTS = ("port", "path", "module", "script", "device", "rank", "host", "pid")


def fill(command: str, rule: CheckRule, values: Mapping[str, str] | None = None) -> str:
    """COMMAND with each declared {input} replaced by its value from VALUES, else its default.
    Every value is checked by safe_value(); raises UnsafeValue."""
    chosen = {**rule.defaults, **{k: v for k, v in (values or {}).items() if k in rule.defaults}}
    for name, value in chosen.items():
        safe_value(name, value)
    declared = set(rule.defaults)

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        return chosen[name] if name in declared else match.group(0)

    return _PLACEHOLDER.sub(replace, command)


def filled_values(command: str, rule: CheckRule, ran: str) -> dict[str, str] | None:
    """The values of RULE's inputs with which COMMAND became RAN (fill()'s inverse), or None when RAN
    is not COMMAND with its declared inputs filled by values that may stand in a command."""
    declared = set(rule.defaults)
    pattern: list[str] = []
    seen: set[str] = set()
    at = 0
    for match in _PLACEHOLDER.finditer(command):
        name = match.group(1)
        if name not in declared:
            continue
        pattern.append(re.escape(command[at : match.start()]))
        value = r"[\w@%+=:,./-]{1,200}"
        pattern.append(f"(?P={name})" if name in seen else f"(?P<{name}>{value})")
        seen.add(name)
        at = match.end()
    pattern.append(re.escape(command[at:]))
    found = re.fullmatch("".join(pattern), ran.strip(), re.ASCII | re.DOTALL)
    if found is None or any(value.startswith("-") for value in found.groupdict().values()):
        return None
    return {**rule.defaults, **found.groupdict()}


def offered(command: str, rule: Any, values: Mapping[str, str] | None = None) -> tuple[str, dict[str, str]]:
    """COMMAND as it will run for a paste that names VALUES, and the values it takes from them: those
    its RULE (a CheckRule or its stored form) declares and that may stand in a command. A value that
    may not is left out and the default stands. A value the paste names that is also the default
    (port 8000) is taken all the same: it came from the error, and is not said to be a guess."""
    checked = rule if isinstance(rule, CheckRule) else _quietly_parsed(rule)
    taken: dict[str, str] = {}
    for name, value in (values or {}).items():
        if name not in checked.defaults:
            continue
        try:
            taken[name] = safe_value(name, value)
        except UnsafeValue:
            continue
    return fill(command, checked, taken), taken


def defaults_standing(command: str, rule: Any, taken: Mapping[str, str]) -> dict[str, str]:
    """The inputs COMMAND runs with at their RULE's default, the paste having named none (TAKEN:
    those it did): port 8000, train.py. Guesses, to be said as such beside the command."""
    checked = rule if isinstance(rule, CheckRule) else _quietly_parsed(rule)
    return {
        name: value
        for name, value in checked.defaults.items()
        if name not in taken and "{" + name + "}" in command
    }


def defaults_note(standing: Mapping[str, str]) -> str:
    """`port 8000 is the entry's default, not from the error; kb check --with port=N uses yours`,
    or "" when STANDING is empty."""
    if not standing:
        return ""
    said = ", ".join(f"{name} {value}" for name, value in standing.items())
    verb = "is the entry's default" if len(standing) == 1 else "are the entry's defaults"
    first = next(iter(standing))
    return f"{said} {verb}, not from the error; kb check --with {first}=... uses yours"


def _quietly_parsed(data: Any) -> CheckRule:
    try:
        return parse_check_rule(data)
    except InvalidEntry:  # a stranger's entry with a broken rule: its command runs as written
        return NO_RULE


def with_options(values: Mapping[str, str]) -> str:
    """`--with port=55499 --with path=data.csv`: how `kb check` is told VALUES."""
    return " ".join(f"--with {name}={value}" for name, value in values.items())
