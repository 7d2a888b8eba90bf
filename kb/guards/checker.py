"""The commit-time guard: stop a fault the knowledge base already knows from coming back.

`kb export pre-commit` copies this file verbatim into a user's repository, where it runs at every
commit with no kb installed. So it imports only the Python standard library and nothing from kb.

The checks are driven by a table of rules (JSON, one object per kb entry). A rule is data only:
its symptom and fix flow into messages and are never evaluated, and a regex rule's pattern is only
ever compiled as a regular expression. Each rule has "key", "kind", "symptom", "fix" and the fields
of its kind:

- missing-keyword: "call", "keyword" (a literal None counts as missing: it is the default),
  optional "positional_index" (that positional slot counts as giving the keyword) and
  "when_keyword_in" (demand the keyword only when each named keyword is a string literal in the
  given list, so `mode="nearest"` never asks for `align_corners`).
- banned-call: "call", optional "inside" (a list of function names: only a call in the body of a
  function so named, not in one defined inside it, and not one that opens a `with` block, which
  restores what the call set: `torch.set_grad_enabled(False)` leaks out of a `forward`, and is how
  an evaluation script's `main` asks for no gradients) and "keyword" with "equals" (only a call
  that passes that literal for it, by keyword or at "positional_index").
- literal-limit: "call", "keyword", "max" (an int, or "usable_cpus": the CPUs this process may run
  on), optional "positional_index". Only a literal int above the limit is flagged.
- call-order: "inner", "outer", optional "outer_factories" (default: CrossEntropyLoss). Flags an
  inner call fed in as the outer call's first argument, straight or through a name that, in the
  outer call's scope, is only ever assigned inner calls (`probs = F.softmax(x)`); a name (or
  `self.name`) assigned from a factory call counts as an outer call.
- config-relation: "call", "multiple_of": [a, b]. Flags a literal a that is not a multiple of a
  literal b.
- regex: "pattern", searched on every line of every file (in Python that parses, outside its comments
  and string literals).
- environment: "check", one of the checks below. Not a source check: `check_files` ignores it, and
  `check_environment` decides it over facts (a dict of name -> text value: environment variables by
  their name, "nvidia-smi-gpus" and "torch-gpus" as counts; a name that is absent is unknown or
  unset). `gather_facts` collects the real ones. Each entry's bad and good examples are facts
  written one `NAME=value` per line (`parse_facts`).
  - env-var: "variable", optional "pattern" (a regex the whole value must match; without it the
    value must be set and not empty), "required" (default true; false lets the variable be
    unset, while a value that is set must still match) and "only_with_gpus" (default false; true
    skips the check where nvidia-smi lists no GPU: a variable that hides GPUs is no fault on a
    machine without any, where CUDA_VISIBLE_DEVICES="" is how a CPU-only run is asked for).
  - gpu-count: the GPUs `nvidia-smi -L` lists, limited by CUDA_VISIBLE_DEVICES, must be the GPUs
    `torch.cuda.device_count()` sees. Skipped when nvidia-smi, torch or a GPU is missing.
- tripwire: "call" (the dotted path of a function to wrap at run time, or a list of them),
  "argument" (a position from 0, or a parameter name) and "forbid": "probabilities" (rows in [0, 1]
  that sum to 1 along dim 1: softmax output where logits belong) or "nonfinite" (any NaN or inf).
  Not a source check either: kb_tripwires.py, exported beside the pytest file, enforces it; its
  examples are Python snippets that need torch.

Call names match on the dotted spelling or its tail (`torch.nn.DataParallel` matches the rule name
`nn.DataParallel`), after import aliases are resolved (`import torch as th` makes `th.load` a
`torch.load`; `from torch import load` makes `load` one), in the scope that sees the import, as
Python resolves names (an import inside a function names that function's calls only). A name that
starts at an import is the name it resolves to, and matches a rule name by its tail only under a
package the rule names (`from safetensors.torch import load` is not a `torch.load`, and `from
scipy.special import softmax` is not the `softmax` of a rule that also names `torch.softmax`; a rule
of bare names alone names no package). A rule field kb does not know (a
misspelt `when_keywords_in`) refuses the rule. A call with
`*args` or `**kwargs` may pass
anything, so argument rules stay silent on it, as torchfix does.

`# kb: ignore[KEY]` (or `# kb: ignore[KEY1, KEY2]`) on any line of the flagged call silences those
keys; a bare `# kb: ignore` silences every rule there. A guard an entry took over when another was
merged into it lists that entry's key in "merged_from", and the old key still silences it.

Run as a script: `python guard_checker.py --rules rules.json FILE...` prints
`path:line:col: [key] what the code does — the fault it can lead to: symptom — fix: …` per finding
(line and column count from 1; a regex rule's finding is its symptom and fix) and exits 1 when
there is any, 0 otherwise, 2 for a usage error or an unusable rules file. With `--environment`
instead of files it decides the environment rules on this machine (a container's entrypoint can run
it) and exits 1 when one fails; a skipped check does not fail. A Python file that does
not parse is reported on stderr and skipped without failing the commit: pre-commit's own Python
hooks (and the interpreter) report syntax errors, and a guard should not fail for a reason it
cannot explain. Regex rules still run on it, and on files that are not Python.

On GitHub Actions (GITHUB_ACTIONS=true) each finding is also printed as an `::error` workflow
command, so it shows on the pull request's line, as many as GitHub shows: 10 errors and 10 notices a
step, 50 annotations a job. A job's steps and pre-commit's parallel checker processes count what
they have shown in a file in RUNNER_TEMP (`github_annotations`); one notice sums up the rest.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import importlib.util
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TextIO

Rule = Mapping[str, Any]

USABLE_CPUS = "usable_cpus"
DEFAULT_OUTER_FACTORIES = ("CrossEntropyLoss",)
PYTHON_SUFFIXES = (".py", ".pyi")

_REQUIRED: dict[str, tuple[str, ...]] = {
    "missing-keyword": ("call", "keyword"),
    "banned-call": ("call",),
    "literal-limit": ("call", "keyword", "max"),
    "call-order": ("inner", "outer"),
    "config-relation": ("call", "multiple_of"),
    "regex": ("pattern",),
    "environment": ("check",),
    "tripwire": ("call", "argument", "forbid"),
}
#: The kinds a source file is checked against; the others are decided elsewhere.
#: A regex with more ways than this to split one line among nested repetitions is refused: each
#: start on a line tries them all, and `(?:a{1,3}){1,9}z`'s 3**9 took 1 s on a 1,000-character line.
SPLITS_REFUSED = 10**3
SOURCE_KINDS = ("missing-keyword", "banned-call", "literal-limit", "call-order", "config-relation", "regex")
ENVIRONMENT_CHECKS = ("env-var", "gpu-count")
TRIPWIRE_FORBIDS = ("probabilities", "nonfinite")
_NAME_LISTS = ("call", "inner", "outer", "outer_factories", "inside")
#: Every field a rule may have: a misspelt one (`when_keywords_in`) was taken for absent, and the
#: rule flagged what its condition was written to leave alone.
_FIELDS = frozenset(
    {"key", "kind", "symptom", "fix", "keyword", "max", "multiple_of", "pattern", "check", "argument"}
    | {"forbid", "positional_index", "when_keyword_in", "only_with_gpus", "required", "variable"}
    | {"inside", "equals", "merged_from"}
    | set(_NAME_LISTS)
)
_IGNORE = re.compile(r"#\s*kb:\s*ignore(?:\[(?P<keys>[^\]]*)\])?")
_NEWLINE = re.compile(r"\r\n?|\n")


class RuleError(ValueError):
    """The rules table is not usable; the message names the rule and the field."""


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    col: int
    key: str
    message: str

    def render(self) -> str:
        """One output line, even when the entry's text has line breaks."""
        return " ".join(f"{self.path}:{self.line}:{self.col}: [{self.key}] {self.message}".splitlines())

    def annotation(self) -> str:
        """The GitHub Actions workflow command that shows the finding on the pull request's line."""
        place = ",".join(
            f"{name}={_escaped(value, True)}"
            for name, value in (
                ("file", self.path),
                ("line", self.line),
                ("col", self.col),
                ("title", f"kb: {self.key}"),
            )
        )
        return f"::error {place}::{_escaped(self.message, False)}"


#: What GitHub shows of a step's annotations, at most, per kind (error, warning, notice).
ANNOTATIONS_PER_STEP = 10
#: What GitHub shows of a job's annotations, at most: every kind, summed over its steps.
ANNOTATIONS_PER_JOB = 50


class Budget(NamedTuple):
    """The annotations GitHub still shows: errors and notices in this step, any kind in the job."""

    errors: int = ANNOTATIONS_PER_STEP
    notices: int = ANNOTATIONS_PER_STEP
    annotations: int = ANNOTATIONS_PER_JOB


def _escaped(value: object, is_property: bool) -> str:
    """VALUE as a workflow command's data or property: GitHub's escaping of %, CR and LF, and of : and
    , in a property."""
    text = str(value).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if is_property else text


def workflow_commands(findings: Sequence[Finding], budget: Budget | None = None) -> list[str]:
    """The workflow commands for FINDINGS: one error each while BUDGET lasts, then one notice for the
    rest. The notice takes the job's last place, if it comes to that: one error fewer is better than
    no word that findings are missing. Without BUDGET, a step's own limit."""
    budget = budget or Budget()
    if budget.annotations <= 0:  # the job's are all shown: GitHub would show no more, not even a notice
        return []
    shown = max(0, min(len(findings), budget.errors, budget.annotations))
    if 0 < shown == budget.annotations < len(findings) and budget.notices > 0:
        shown -= 1
    lines = [finding.annotation() for finding in findings[:shown]]
    rest = len(findings) - shown
    if rest and shown < budget.errors:  # the job's limit, not the step's, left them out
        lines.append(
            f"::notice title=kb guards::{rest} findings not annotated: GitHub shows {ANNOTATIONS_PER_JOB}"
            " annotations per job; the step's log has all"
        )
    elif rest:
        lines.append(
            f"::notice title=kb guards::{rest} more findings than GitHub shows; the step's log has all"
        )
    return lines


def annotation_budget(tally: object, step: str) -> Budget:
    """What GitHub still shows of STEP's and its job's annotations, after those TALLY counts: the
    counter file's JSON, `{"annotations": N, "steps": {STEP: {"error": N, "notice": N}}}`. Anything
    else in it counts as nothing shown. An empty STEP is one that cannot be told from the others."""
    steps = tally.get("steps") if isinstance(tally, dict) else None
    mine = steps.get(step) if isinstance(steps, dict) and step else None
    return Budget(
        errors=max(0, ANNOTATIONS_PER_STEP - _shown(mine, "error")),
        notices=max(0, ANNOTATIONS_PER_STEP - _shown(mine, "notice")),
        annotations=max(0, ANNOTATIONS_PER_JOB - _shown(tally, "annotations")),
    )


def tally_after(tally: object, step: str, lines: Sequence[str], budget: Budget) -> dict[str, Any]:
    """TALLY with the annotations GitHub shows of LINES, printed within BUDGET, added: every error,
    and the notice only when the step and the job had room for it."""
    errors = sum(line.startswith("::error ") for line in lines)
    notices = sum(line.startswith("::notice ") for line in lines)
    notices = max(0, min(notices, budget.notices, budget.annotations - errors))
    recorded = tally.get("steps") if isinstance(tally, dict) else None
    steps: dict[str, Any] = dict(recorded) if isinstance(recorded, dict) else {}
    if step:
        mine = steps.get(step)
        steps[step] = {"error": _shown(mine, "error") + errors, "notice": _shown(mine, "notice") + notices}
    return {"annotations": _shown(tally, "annotations") + errors + notices, "steps": steps}


def _shown(record: object, name: str) -> int:
    value = record.get(name) if isinstance(record, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def github_annotations(findings: Sequence[Finding], environ: Mapping[str, str]) -> list[str]:
    """The workflow commands to print for FINDINGS, within what GitHub still shows of this step and
    job. The steps of a job are separate processes, and pre-commit runs several checker processes
    at once in one step, so they count what they have shown in a file in RUNNER_TEMP (a folder the
    runner empties at the start and end of each job; the file's name holds the run, attempt and job
    too), read and rewritten under a lock. Without a usable file only the step's limit is kept: the
    bookkeeping never fails the check."""
    if not findings:
        return []
    folder = environ.get("RUNNER_TEMP", "")
    if not folder:
        return workflow_commands(findings)
    job = "-".join(environ.get(name, "") for name in ("GITHUB_RUN_ID", "GITHUB_RUN_ATTEMPT", "GITHUB_JOB"))
    path = os.path.join(folder, "kb-annotations-" + re.sub(r"[^A-Za-z0-9_.-]", "_", job)[:120] + ".json")
    # GITHUB_ACTION names the step in its job (`__run`, `__run_2`, a step's id) and
    # GITHUB_STEP_SUMMARY is a file of the step's own: processes of one step share both.
    step = "\n".join(environ.get(name, "") for name in ("GITHUB_ACTION", "GITHUB_STEP_SUMMARY")).strip()
    try:
        with _locked(path + ".lock"):
            tally = _read_tally(path)
            budget = annotation_budget(tally, step)
            lines = workflow_commands(findings, budget)
            # a count not written back leaves these lines within the budget; later steps may print
            # a few more than GitHub shows, which costs them nothing
            with contextlib.suppress(OSError):
                _write_atomically(path, json.dumps(tally_after(tally, step, lines, budget)))
            return lines
    except OSError:  # RUNNER_TEMP missing, not a folder, not writable, or locked for too long
        return workflow_commands(findings)


def _read_tally(path: str) -> object:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.loads(handle.read(1 << 20))
    except FileNotFoundError:
        return {}
    except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested too deep: a fresh count
        return {}


def _write_atomically(path: str, text: str) -> None:
    """Write TEXT to PATH through a temporary file beside it: a reader sees the old or the new text."""
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".kb-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _locked(path: str, timeout: float = 5.0) -> Iterator[None]:
    """Hold an exclusive lock on the file PATH (created if need be) against other processes; OSError
    after TIMEOUT seconds. A platform with neither fcntl nor msvcrt gets no lock."""
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(handle):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path}: still locked after {timeout:g}s")
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        os.close(handle)


def _try_lock(handle: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(handle: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
        return
    try:
        import fcntl
    except ImportError:
        return
    fcntl.flock(handle, fcntl.LOCK_UN)


class _Hit(NamedTuple):
    rule: Rule
    line: int
    col: int  # 1-based characters
    end_line: int
    #: What this code does that the rule flags, in its own names and values (`num_workers=16`, more
    #: than …); None for a regex rule, whose match is the line itself.
    found: str | None = None


# --- the rules table -------------------------------------------------------------------------------


def validate_rules(rules: object) -> list[Rule]:
    """Check every rule's shape up front, so a broken table fails loudly instead of guarding nothing."""
    if not isinstance(rules, list):
        raise RuleError("rules must be a list of objects")
    for index, rule in enumerate(rules):
        _validate_rule(index, rule)
    return rules


def _validate_rule(index: int, rule: object) -> None:
    if not isinstance(rule, dict):
        raise RuleError(f"rule {index}: not an object")
    where = f"rule {index} ({rule.get('key', '?')})"
    for field in ("key", "kind", "symptom", "fix"):
        _expect(isinstance(rule.get(field), str), where, f'"{field}" must be a string')
    _expect(rule["kind"] in _REQUIRED, where, f'unknown kind "{rule["kind"]}"')
    unknown = sorted(str(field) for field in rule if field not in _FIELDS)
    _expect(not unknown, where, f'unknown field "{unknown[0] if unknown else ""}" (a misspelling?)')
    for field in _REQUIRED[rule["kind"]]:
        _expect(field in rule, where, f'"{field}" is required for {rule["kind"]}')
    for field in (*_NAME_LISTS, "merged_from"):
        _expect(field not in rule or _is_names(rule[field]), where, f'"{field}" must be a list of names')
    _validate_fields(rule, where)


def _validate_fields(rule: Mapping[str, Any], where: str) -> None:
    if "keyword" in rule:
        _expect(isinstance(rule["keyword"], str), where, '"keyword" must be a string')
    if "positional_index" in rule:
        index = rule["positional_index"]
        _expect(_is_int(index) and index >= 0, where, '"positional_index" must be an int >= 0')
    if "when_keyword_in" in rule:
        condition = rule["when_keyword_in"]
        ok = isinstance(condition, dict) and all(_is_names(v) for v in condition.values())
        _expect(ok, where, '"when_keyword_in" must map keywords to lists of strings')
    if "equals" in rule:
        literal = rule["equals"]
        _expect(
            literal is None or isinstance(literal, (str, int, float, bool)),
            where,
            '"equals" must be a literal: a string, a number, true, false or null',
        )
        _expect("keyword" in rule, where, '"equals" needs the "keyword" it is the value of')
    if "max" in rule:
        _expect(
            _is_int(rule["max"]) or rule["max"] == USABLE_CPUS,
            where,
            f'"max" must be an int or "{USABLE_CPUS}"',
        )
    if "multiple_of" in rule:
        pair = rule["multiple_of"]
        ok = isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)
        _expect(ok, where, '"multiple_of" must be two keyword names')
    if rule["kind"] == "environment":
        _validate_environment(rule, where)
    if rule["kind"] == "tripwire":
        _validate_tripwire(rule, where)
    if "pattern" in rule:
        _expect(isinstance(rule["pattern"], str), where, '"pattern" must be a string')
        try:
            re.compile(rule["pattern"])
        except re.error as error:
            raise RuleError(f"{where}: bad pattern: {error}") from None
        nested = nested_repetition(rule["pattern"])
        _expect(
            nested is None,
            where,
            f"pattern can backtrack without end ({nested}: a repetition inside a repetition,"
            " alternatives that start alike, repeated, or three or more repetitions side by side that"
            " match alike), which takes exponential or high polynomial time on a short line; make the"
            " inner part possessive (a++) or atomic ((?>…)), or drop a repetition",
        )


def _in_set(members: Any, text: str, sre: Any) -> bool:
    """Whether TEXT (one character) is in a parsed character set."""
    categories: dict[str, Callable[[str], bool]] = {
        str(sre.CATEGORY_DIGIT): str.isdigit,
        str(sre.CATEGORY_SPACE): str.isspace,
        str(sre.CATEGORY_WORD): lambda c: c.isalnum() or c == "_",
    }
    negate, inside = False, False
    for op, value in members:
        if op == sre.NEGATE:
            negate = True
        elif op == sre.LITERAL:
            inside |= value == ord(text)
        elif op == sre.RANGE:
            inside |= value[0] <= ord(text) <= value[1]
        elif op == sre.CATEGORY:
            name = str(value)
            base = categories.get(name.replace("NOT_", ""))
            if base is None:
                inside = True  # an unknown category: assume the worst
            else:
                inside |= base(text) != name.startswith("CATEGORY_NOT_")
    return inside != negate


#: Unbounded repetitions side by side, each overlapping the one before, refused from this many:
#: `.*.*` is quadratic and harmless on a line; three are cubic, and a 40-character line of a
#: dozen hangs a commit.
ADJACENT_REFUSED = 3


@functools.lru_cache(maxsize=1024)
def nested_repetition(pattern: str) -> str | None:
    """The first repetition inside another that can backtrack into it, such as `(a+)+` or `(.*a){12}`,
    or an unbounded repetition of alternatives that can start alike, such as `(a|aa)+`, or
    ADJACENT_REFUSED unbounded repetitions side by side that match alike (`\\w*\\w*\\w*`), as
    pattern text; None when there is none. Such patterns take exponential (or high polynomial)
    time on a line that almost matches, and Python's re cannot be interrupted, so they are refused
    up front. Possessive repeats and atomic groups do not backtrack and are fine."""
    import importlib

    try:  # the parser the re module itself uses; before Python 3.11, where a copied checker may run,
        # it had other names
        parser: Any = importlib.import_module("re._parser")
        sre: Any = importlib.import_module("re._constants")
    except ImportError:
        parser, sre = importlib.import_module("sre_parse"), importlib.import_module("sre_constants")
    if not _Backtracking(sre).risky(parser.parse(pattern)):
        return None
    return pattern if len(pattern) <= 40 else pattern[:37] + "..."


class _Backtracking:
    """How a parsed pattern (the re module's own parse tree: a list of (op, value) items, read with
    its constants SRE) can backtrack: nested_repetition()'s questions."""

    #: The characters a question about which characters a part matches is asked of.
    SAMPLE = (*range(32, 127), 0xE9, 0x4E2D)

    def __init__(self, sre: Any) -> None:
        self.sre = sre
        self.repeats = {sre.MAX_REPEAT, sre.MIN_REPEAT}

    def risky(self, items: Any) -> bool:
        """Whether ITEMS can split one text in exponentially (or highly polynomially) many ways."""
        sre = self.sre
        if self.side_by_side(items):
            return True
        for op, value in items:
            if op in self.repeats:
                _, high, body = value
                optional = self.optional_starts(body) if high == sre.MAXREPEAT else []
                if any(part & self.first_chars(body) for part in optional):
                    return True  # `(a|aa)+`, `(ab?a?)*`: one text, exponentially many splits
                inner = self.inner_repeats(body, high) if high > 1 else []
                separated = any(not any(self.can_match(i, d) for i in inner) for d in self.delimiters(body))
                if (inner and not separated) or self.risky(body):
                    return True
                if high == sre.MAXREPEAT and self.overlapping_branches(body):
                    return True
            elif (op == sre.SUBPATTERN and self.risky(value[-1])) or (
                op == sre.BRANCH and any(self.risky(branch) for branch in value[1])
            ):
                return True
        return False

    def inner_repeats(self, items: Any, outer_high: int) -> list[Any]:
        """The repetitions in ITEMS an enclosing one (repeated up to OUTER_HIGH times) could
        backtrack into, as their bodies: an unbounded one, any one inside an unbounded repetition,
        and a bounded one whose lengths, chosen anew in each of the outer iterations, make more
        than SPLITS_REFUSED ways to split a line (`(a{1,5}){1,40}`: 5**40)."""
        sre, found = self.sre, []
        for op, value in items:
            if op in self.repeats:
                low, high, body = value
                unbounded = outer_high == sre.MAXREPEAT or high == sre.MAXREPEAT
                splits_log10 = outer_high * math.log10(high - low + 1)
                if high > 1 and (unbounded or splits_log10 > math.log10(SPLITS_REFUSED)):
                    found.append(body)
                found += self.inner_repeats(body, outer_high)
            elif op == sre.SUBPATTERN:
                found += self.inner_repeats(value[-1], outer_high)
            elif op == sre.BRANCH:
                for branch in value[1]:
                    found += self.inner_repeats(branch, outer_high)
        return found  # ATOMIC_GROUP and POSSESSIVE_REPEAT: no backtracking into them

    def delimiters(self, items: Any) -> list[int]:
        """Characters every match of ITEMS must contain at its own level: what separates iterations."""
        found = []
        for op, value in items:
            if op == self.sre.LITERAL:
                found.append(value)
            elif op == self.sre.SUBPATTERN:
                found += self.delimiters(value[-1])
        return found

    def can_match(self, items: Any, char: int) -> bool:
        """Whether some part of ITEMS can match the character CHAR."""
        sre, text = self.sre, chr(char)
        for op, value in items:
            if (op == sre.LITERAL and value == char) or (op == sre.NOT_LITERAL and value != char):
                return True
            if (op == sre.ANY and text != "\n") or (op == sre.IN and _in_set(value, text, sre)):
                return True
            if (op in self.repeats and self.can_match(value[2], char)) or (
                op == sre.SUBPATTERN and self.can_match(value[-1], char)
            ):
                return True
            if op == sre.BRANCH and any(self.can_match(branch, char) for branch in value[1]):
                return True
        return False

    def first_chars(self, items: Any) -> set[int]:
        """The characters (of SAMPLE) a match of ITEMS can start with."""
        sre, sample, found = self.sre, self.SAMPLE, set[int]()
        for op, value in items:
            if op == sre.LITERAL:
                return found | {value}
            if op == sre.NOT_LITERAL:
                return found | {c for c in sample if c != value}
            if op == sre.ANY:
                return found | set(sample)
            if op == sre.IN:
                return found | {c for c in sample if _in_set(value, chr(c), sre)}
            if op == sre.SUBPATTERN:
                return found | self.first_chars(value[-1])
            if op == sre.BRANCH:
                return found | {c for branch in value[1] for c in self.first_chars(branch)}
            if op in self.repeats:
                found |= self.first_chars(value[2])
                if value[0] > 0:
                    return found
                continue
            if op == sre.AT:
                continue
            return found | set(sample)  # anything else: assume it can start with anything
        return found

    def overlapping_branches(self, items: Any) -> bool:
        """Whether ITEMS hold alternatives two of which can start with one character, as `a|aa`, or
        can both match nothing, as what the re parser leaves of `a|a` once it takes the common `a`
        out: repeated, they split one text in exponentially many ways."""
        for op, value in items:
            if op == self.sre.BRANCH:
                starts = [self.first_chars(branch) for branch in value[1]]
                if any(starts[i] & starts[j] for i in range(len(starts)) for j in range(i + 1, len(starts))):
                    return True
                if sum(self.nullable(branch) for branch in value[1]) > 1:
                    return True
            elif op == self.sre.SUBPATTERN and self.overlapping_branches(value[-1]):
                return True
        return False

    def optional_starts(self, items: Any) -> list[set[int]]:
        """The first characters of each optional part of ITEMS: `b?`, or `(|b)` (what the re parser
        makes of `a|ab`, taking the common `a` out)."""
        found = []
        for op, value in items:
            if op in self.repeats and value[0] == 0:
                found.append(self.first_chars(value[2]))
            elif op == self.sre.BRANCH and any(not branch for branch in value[1]):
                found.append({c for branch in value[1] for c in self.first_chars(branch)})
            elif op == self.sre.SUBPATTERN:
                found += self.optional_starts(value[-1])
        return found

    def side_by_side(self, items: Any) -> bool:
        """Whether ITEMS hold ADJACENT_REFUSED unbounded repetitions in a row, each able to match a
        character the one before it can (`\\w*\\w*\\w*`): a line that almost matches is split
        among them in polynomially many ways, line length to the power of their number. What stands
        between two of them does not part them when it may match nothing (`\\w+_?\\w+_?\\w+`) or
        only what the repetition before it matches too (`x.*y.*z.*Q`), and a group is read as its
        parts (`(.*)(.*)(.*)Q`): each is one more place to split the line."""
        run, previous = 0, set[int]()
        for op, value in self.flattened(items):
            if op in self.repeats and value[1] == self.sre.MAXREPEAT:
                chars = self.chars([(op, value)])
                run = run + 1 if chars & previous else 1
                previous = chars
                if run >= ADJACENT_REFUSED:
                    return True
            elif not (run and (self.nullable([(op, value)]) or self.chars([(op, value)]) <= previous)):
                run, previous = 0, set()
        return False

    def flattened(self, items: Any) -> Any:
        """ITEMS with each group's parts in its place: `(.*)(.*)` is `.*.*` to a line."""
        for op, value in items:
            if op == self.sre.SUBPATTERN:
                yield from self.flattened(value[-1])
            else:
                yield op, value

    def chars(self, items: Any) -> set[int]:
        """The characters (of SAMPLE) some part of ITEMS can match."""
        return {c for c in self.SAMPLE if self.can_match(items, c)}

    def nullable(self, items: Any) -> bool:
        """Whether ITEMS can match nothing at all: each part optional (`b?`, `(|b)`) or a position."""
        sre = self.sre
        for op, value in items:
            if op in self.repeats or op == getattr(sre, "POSSESSIVE_REPEAT", None):
                if value[0] > 0 and not self.nullable(value[2]):
                    return False
            elif op == sre.SUBPATTERN:
                if not self.nullable(value[-1]):
                    return False
            elif op == sre.BRANCH:
                if not any(self.nullable(branch) for branch in value[1]):
                    return False
            elif op != sre.AT:
                return False
        return True


def _validate_environment(rule: Mapping[str, Any], where: str) -> None:
    check = rule["check"]
    _expect(check in ENVIRONMENT_CHECKS, where, f'"check" must be one of {", ".join(ENVIRONMENT_CHECKS)}')
    if check == "env-var":
        variable = rule.get("variable")
        _expect(isinstance(variable, str) and bool(variable), where, '"variable" must name a variable')
    for flag in ("required", "only_with_gpus"):
        if flag in rule:
            _expect(isinstance(rule[flag], bool), where, f'"{flag}" must be true or false')


def _validate_tripwire(rule: Mapping[str, Any], where: str) -> None:
    dotted = all("." in name for name in _names(rule, "call"))
    _expect(dotted, where, '"call" must be dotted paths such as torch.nn.functional.cross_entropy')
    argument = rule["argument"]
    ok = (_is_int(argument) and argument >= 0) or (isinstance(argument, str) and argument.isidentifier())
    _expect(ok, where, '"argument" must be a position (an int >= 0) or a parameter name')
    _expect(
        rule["forbid"] in TRIPWIRE_FORBIDS, where, f'"forbid" must be one of {", ".join(TRIPWIRE_FORBIDS)}'
    )


def _expect(condition: bool, where: str, problem: str) -> None:
    if not condition:
        raise RuleError(f"{where}: {problem}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_names(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))


def _names(rule: Rule, field: str, default: Sequence[str] = ()) -> tuple[str, ...]:
    value = rule.get(field, default)
    return (value,) if isinstance(value, str) else tuple(value)


def load_rules(path: str) -> list[Rule]:
    """A JSON list of rules, or an object whose "rules" is that list (room for a header)."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if isinstance(data, dict):
        data = data.get("rules")
    return validate_rules(data)


def usable_cpus() -> int:
    """The CPUs this process may run on: a cpuset or taskset limit counts, as in PyTorch's DataLoader."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


# --- reading a module ------------------------------------------------------------------------------


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _imported(node: ast.stmt) -> dict[str, str]:
    """The names an import statement binds -> what they were imported as: `th` -> `torch`, `F` ->
    `torch.nn.functional`, `load` -> `torch.load`."""
    names: dict[str, str] = {}
    if isinstance(node, ast.Import):
        for alias in node.names:
            local = alias.asname or alias.name.split(".")[0]
            names[local] = alias.name if alias.asname else local
    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
        for alias in node.names:
            names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _aliases_by_call(tree: ast.Module) -> dict[int, dict[str, str]]:
    """For each call's callee (by id), the imports its scope sees, as Python resolves names: the
    function's own imports over those of the functions around it, over the module's; a class body's
    imports are seen in the class body only (`from json import load` at the top and `from torch
    import load` in one function make `load` torch's in that function alone)."""
    own: dict[int, dict[str, str]] = {}  # a scope's own imports, by the scope's id
    # Breadth first with a queue, as ast.walk does, not by recursion: a long `a + a + …` nests deeper
    # than Python's recursion limit, and a checker that crashes on a file fails the commit.
    queue: deque[tuple[ast.AST, ast.AST]] = deque([(tree, tree)])
    while queue:
        node, scope = queue.popleft()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                own.setdefault(id(scope), {}).update(_imported(child))
            queue.append((child, child if isinstance(child, _SCOPES) else scope))
    seen: dict[int, dict[str, str]] = {}
    module = own.get(id(tree), {})
    # (node, what its scope sees, what a function defined there would see)
    pending: deque[tuple[ast.AST, dict[str, str], dict[str, str]]] = deque([(tree, module, module)])
    while pending:
        node, visible, enclosing = pending.popleft()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Call):
                seen[id(child.func)] = visible
            if isinstance(child, ast.ClassDef):  # its body sees around it; its methods skip it
                pending.append((child, {**visible, **own.get(id(child), {})}, visible))
            elif isinstance(child, _SCOPES):
                inner = {**enclosing, **own.get(id(child), {})}
                pending.append((child, inner, inner))
            else:
                pending.append((child, visible, enclosing))
    return seen


#: A binding of a name: its line, and the call a plain `name = call(...)` assigns (None otherwise).
_Binding = tuple[int, "ast.Call | None"]


class _Module:
    """One parsed file: its calls, and how its names resolve through imports."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.aliases = _aliases_by_call(tree)
        self.calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        self._scope_map: (
            tuple[dict[int, tuple[int, str | None]], dict[tuple[int, str], list[_Binding]]] | None
        ) = None

    def spellings(self, func: ast.expr) -> set[str]:
        raw = _dotted(func)
        if raw is None:  # a method of what an expression gave: `model(x).softmax` is a `.softmax`
            return {f"<expression>.{func.attr}"} if isinstance(func, ast.Attribute) else set()
        head, dot, rest = raw.partition(".")
        resolved = self.aliases.get(id(func), {}).get(head, head) + dot + rest
        return {raw, resolved}

    def matches(self, func: ast.expr, patterns: Iterable[str]) -> bool:
        """Whether FUNC is a call to one of PATTERNS: a name as written or, when it starts at an
        import, as the import resolves it, equal to a pattern or ending in one (`nn.DataParallel`
        in `torch.nn.DataParallel`). A name that starts at an import ends in a pattern only under a
        package the patterns name: `safetensors.torch.load` is not `torch.load`, and scipy's
        `softmax` (`from scipy.special import softmax`) is not the `softmax` of a rule that names
        `torch.softmax` beside it; a rule of bare names alone names no package, and any will do."""
        patterns = list(patterns)
        raw = _dotted(func)
        imported = raw is not None and raw.partition(".")[0] in self.aliases.get(id(func), {})
        names = self.spellings(func)
        if imported:  # `softmax` is only a local name for what the import brought
            names = {name for name in names if name != raw} or names
        if any(name == p for name in names for p in patterns):
            return True
        roots = {p.partition(".")[0] for p in patterns}
        packages = {p.partition(".")[0] for p in patterns if "." in p}

        def under_a_named_package(name: str, pattern: str) -> bool:
            wanted = roots if "." in pattern else packages
            return not imported or not wanted or name.partition(".")[0] in wanted

        return any(
            name.endswith("." + p) and under_a_named_package(name, p) for name in names for p in patterns
        )

    def function_of(self, call: ast.Call) -> str | None:
        """The name of the function whose own body holds CALL (None at module level, in a class
        body or a lambda, and for a call that opens a `with` block)."""
        return self._scopes()[0].get(id(call), (None, None))[1]

    def only_from(self, name: ast.expr, call: ast.Call) -> list[ast.Call]:
        """The calls NAME (a bare name that CALL passes) is assigned from in CALL's scope before
        CALL, when every binding of it there before CALL is such an assignment (`probs =
        F.softmax(x)`); else none. A parameter is a binding too, and what is assigned after CALL was
        not what it passed."""
        if not isinstance(name, ast.Name):
            return []
        places, bindings = self._scopes()
        before = [
            value for line, value in bindings.get((places[id(call)][0], name.id), []) if line < call.lineno
        ]
        return [value for value in before if value is not None] if None not in before else []

    def _scopes(self) -> tuple[dict[int, tuple[int, str | None]], dict[tuple[int, str], list[_Binding]]]:
        """Where each call is (its scope's id and function's name) and, per scope and name, each
        binding's line and what it assigns: the call a plain `name = call(...)` assigns, None for
        any other (a parameter, a for target, a tuple's part, a conditional)."""
        if self._scope_map is None:
            places: dict[int, tuple[int, str | None]] = {}
            bindings: dict[tuple[int, str], list[_Binding]] = {}
            queue: deque[tuple[ast.AST, ast.AST, str | None]] = deque([(self.tree, self.tree, None)])
            while queue:
                node, scope, function = queue.popleft()
                opened = id(node.context_expr) if isinstance(node, ast.withitem) else None
                assigned = (
                    getattr(node, "value", None) if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
                )
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.Call):
                        places[id(child)] = (id(scope), None if id(child) == opened else function)
                    elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                        value = assigned if isinstance(assigned, ast.Call) else None
                        bindings.setdefault((id(scope), child.id), []).append((child.lineno, value))
                    elif isinstance(child, ast.arg):
                        bindings.setdefault((id(scope), child.arg), []).append((child.lineno, None))
                    if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        queue.append((child, child, child.name))
                    elif isinstance(child, (ast.Lambda, ast.ClassDef)):
                        queue.append((child, child, None))
                    else:
                        queue.append((child, scope, function))
            self._scope_map = places, bindings
        return self._scope_map

    def calls_to(self, patterns: Sequence[str]) -> Iterator[ast.Call]:
        return (call for call in self.calls if self.matches(call.func, patterns))

    def bound_to(self, factories: Sequence[str]) -> set[str]:
        """Names (and `self.x` attributes) assigned the result of a factory call."""
        bound: set[str] = set()
        for node in ast.walk(self.tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets = [node.target]
            value = getattr(node, "value", None)
            if targets and isinstance(value, ast.Call) and self.matches(value.func, factories):
                bound |= {name for name in map(_dotted, targets) if name}
        return bound


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _opaque(call: ast.Call) -> bool:
    """`*args` or `**kwargs`: the call may pass anything."""
    return any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args)


def _argument(call: ast.Call, keyword: str, index: int | None) -> ast.expr | None:
    value = _keyword(call, keyword)
    if value is None and index is not None and index < len(call.args):
        value = call.args[index]
    return value


def _is_none(node: ast.expr) -> bool:
    """A literal None: the parameter's default, as if it were not given (`map_location=None`)."""
    return isinstance(node, ast.Constant) and node.value is None


def _is_literal(node: ast.expr, value: object) -> bool:
    """NODE is the literal VALUE, of its type too: `False` is not `0`."""
    return isinstance(node, ast.Constant) and type(node.value) is type(value) and node.value == value


def _literal_int(node: ast.expr | None) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    return None


def _literal_str(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


# --- the rule kinds --------------------------------------------------------------------------------


def _spelled(call: ast.Call) -> str:
    """The called name as the code spells it (`th.load`, `nn.DataParallel`, `model(x).softmax`)."""
    spelled = _dotted(call.func) or ast.unparse(call.func)
    return spelled if len(spelled) <= 60 else "…" + spelled[-59:]


def _missing_keyword(rule: Rule, module: _Module) -> Iterator[tuple[ast.Call, str]]:
    condition: Mapping[str, Any] = rule.get("when_keyword_in") or {}
    for call in module.calls_to(_names(rule, "call")):
        given = _argument(call, rule["keyword"], rule.get("positional_index"))
        if _opaque(call) or (given is not None and not _is_none(given)):
            continue
        if all(_literal_str(_keyword(call, kw)) in _names(condition, kw) for kw in condition):
            said = f"with {rule['keyword']}=None" if given is not None else f"without {rule['keyword']}="
            yield call, f"{_spelled(call)}() {said}"


def _banned_call(rule: Rule, module: _Module) -> Iterator[tuple[ast.Call, str]]:
    inside = _names(rule, "inside")
    for call in module.calls_to(_names(rule, "call")):
        function = module.function_of(call)
        if inside and function not in inside:
            continue
        said = f"{_spelled(call)}() is called"
        if "equals" in rule:
            given = _argument(call, rule["keyword"], rule.get("positional_index"))
            if given is None or not _is_literal(given, rule["equals"]):
                continue
            named = _keyword(call, rule["keyword"]) is given
            said = f"{_spelled(call)}({rule['keyword'] + '=' if named else ''}{ast.unparse(given)}) is called"
        yield call, said + (f" in {function}()" if inside else "")


def _literal_limit(rule: Rule, module: _Module) -> Iterator[tuple[ast.Call, str]]:
    per_machine = rule["max"] == USABLE_CPUS
    limit = usable_cpus() if per_machine else int(rule["max"])
    for call in module.calls_to(_names(rule, "call")):
        value = _literal_int(_argument(call, rule["keyword"], rule.get("positional_index")))
        if value is not None and value > limit:
            bound = (
                f"the {limit} CPU{'s' if limit != 1 else ''} this process may use on this machine"
                if per_machine
                else f"the limit {limit}"
            )
            yield call, f"{rule['keyword']}={value}, more than {bound}"


def _call_order(rule: Rule, module: _Module) -> Iterator[tuple[ast.Call, str]]:
    inner, outer = _names(rule, "inner"), _names(rule, "outer")
    factories = _names(rule, "outer_factories", DEFAULT_OUTER_FACTORIES)
    bound = module.bound_to(factories)
    for call in module.calls:
        first = call.args[0] if call.args else _keyword(call, "input")
        if first is None:
            continue
        if isinstance(first, ast.Call):
            fed = [first] if module.matches(first.func, inner) else []
        else:
            fed = module.only_from(first, call)
            fed = fed if fed and all(module.matches(value.func, inner) for value in fed) else []
        if not fed:
            continue
        built_here = isinstance(call.func, ast.Call) and module.matches(call.func.func, factories)
        if module.matches(call.func, outer) or _dotted(call.func) in bound or built_here:
            made = call.func if isinstance(call.func, ast.Call) and built_here else call
            how = "passed straight" if fed[0] is first else f"assigned to {ast.unparse(first)} and passed"
            yield call, f"{_spelled(fed[0])}() {how} to {_spelled(made)}()"


def _config_relation(rule: Rule, module: _Module) -> Iterator[tuple[ast.Call, str]]:
    name, divisor_name = rule["multiple_of"]
    for call in module.calls_to(_names(rule, "call")):
        value, divisor = _literal_int(_keyword(call, name)), _literal_int(_keyword(call, divisor_name))
        if value is not None and divisor and value % divisor:
            yield call, f"{name}={value} is not a multiple of {divisor_name}={divisor}"


_AST_KINDS = {
    "missing-keyword": _missing_keyword,
    "banned-call": _banned_call,
    "literal-limit": _literal_limit,
    "call-order": _call_order,
    "config-relation": _config_relation,
}


# --- checking --------------------------------------------------------------------------------------


def _char_col(encoded: dict[int, bytes], lines: Sequence[str], line: int, byte_offset: int) -> int:
    """ast counts columns in UTF-8 bytes; people count characters, from 1. ENCODED keeps each line's
    bytes once: a generated file of one long line may hold thousands of calls."""
    if line not in encoded:
        encoded[line] = (lines[line - 1] if 0 < line <= len(lines) else "").encode("utf-8")
    return len(encoded[line][:byte_offset].decode("utf-8", "replace")) + 1


def _ast_hits(rules: Sequence[Rule], tree: ast.Module, lines: Sequence[str]) -> Iterator[_Hit]:
    module = _Module(tree)
    encoded: dict[int, bytes] = {}
    for rule in rules:
        check = _AST_KINDS.get(rule["kind"])
        for call, found in check(rule, module) if check else ():
            col = _char_col(encoded, lines, call.lineno, call.col_offset)
            yield _Hit(rule, call.lineno, col, call.end_lineno or call.lineno, found)


def _regex_hits(rules: Sequence[Rule], lines: Sequence[str], prose: _Prose | None = None) -> Iterator[_Hit]:
    """Each regex rule's first match on each line; in Python that parses, the first outside its
    comments and strings (PROSE): `benchmark = False  # was: benchmark = True` is the fix, and a
    docstring's example is no code."""
    for rule in rules:
        if rule["kind"] != "regex":
            continue
        pattern = re.compile(rule["pattern"])
        for number, text in enumerate(lines, start=1):
            for match in pattern.finditer(text):
                if prose is None or not any(
                    start <= match.start() < end for start, end in prose.spans(number)
                ):
                    yield _Hit(rule, number, match.start() + 1, number)
                    break


class _Prose:
    """Where a Python source's comments and string literals are: for each line, the character ranges
    they cover (a string over several lines covers the lines between whole). Read from its tokens
    when first asked: a file with no regex match and no `# kb: ignore` never needs them."""

    def __init__(self, source: str) -> None:
        self._source = source

    def spans(self, line: int) -> Sequence[tuple[int, int]]:
        """LINE's comments and strings."""
        return self._found[0].get(line, ())

    def comments(self, line: int) -> Sequence[tuple[int, int]]:
        return self._found[1].get(line, ())

    @functools.cached_property
    def _found(self) -> tuple[dict[int, list[tuple[int, int]]], dict[int, list[tuple[int, int]]]]:
        import io
        import tokenize

        spans: dict[int, list[tuple[int, int]]] = {}
        comments: dict[int, list[tuple[int, int]]] = {}
        # From Python 3.12 an f-string (3.14: a t-string) is a run of tokens, its literal text and
        # its expressions apart; before, one STRING token. The whole run is one string, as it was.
        opening = {getattr(tokenize, name, None) for name in ("FSTRING_START", "TSTRING_START")} - {None}
        closing = {getattr(tokenize, name, None) for name in ("FSTRING_END", "TSTRING_END")} - {None}
        opened: list[tuple[int, int]] = []
        try:
            for token in tokenize.generate_tokens(io.StringIO(self._source).readline):
                if token.type in opening:
                    opened.append(token.start)
                    continue
                if token.type in closing and opened:
                    whole = opened.pop()
                    if opened:  # a string inside a replacement field: the outer one covers it
                        continue
                    token = token._replace(type=tokenize.STRING, start=whole)
                if opened or token.type not in (tokenize.COMMENT, tokenize.STRING):
                    continue
                (first, start), (last, end) = token.start, token.end
                for line in range(first, last + 1):
                    span = (start if line == first else 0, end if line == last else sys.maxsize)
                    spans.setdefault(line, []).append(span)
                    if token.type == tokenize.COMMENT:
                        comments.setdefault(line, []).append(span)
        except (tokenize.TokenError, SyntaxError):
            return {}, {}
        return spans, comments


def _suppressed(lines: Sequence[str], hit: _Hit, prose: _Prose | None = None) -> bool:
    """Whether a `# kb: ignore` comment on HIT's lines silences it; in Python that parses, only a
    comment does (`note = "see # kb: ignore docs"` is a string)."""
    for number, text in enumerate(lines[hit.line - 1 : hit.end_line], start=hit.line):
        for match in _IGNORE.finditer(text):
            if prose is not None and not any(
                start <= match.start() < end for start, end in prose.comments(number)
            ):
                continue
            keys = match.group("keys")
            if keys is None or {hit.rule["key"], *_names(hit.rule, "merged_from")} & {
                k.strip() for k in keys.split(",")
            }:
                return True
    return False


def _parse(source: str) -> tuple[ast.Module | None, str | None]:
    try:
        return ast.parse(source), None
    except SyntaxError as error:
        return None, f"{error.lineno or 1}:{(error.offset or 0) or 1}: syntax error, not checked: {error.msg}"
    except (ValueError, RecursionError) as error:
        return None, f"1:1: not checked: {error}"


def _check_text(
    source: str, rules: Sequence[Rule], path: str, python: bool
) -> tuple[list[Finding], str | None]:
    lines = _NEWLINE.split(source)
    problem = None
    tree = None
    if python:
        tree, problem = _parse(source)
    prose = _Prose(source) if tree is not None else None
    hits = list(_regex_hits(rules, lines, prose))
    if tree is not None:
        hits += _ast_hits(rules, tree, lines)
    findings = {
        Finding(path, hit.line, hit.col, hit.rule["key"], finding_message(hit.rule, hit.found))
        for hit in hits
        if not _suppressed(lines, hit, prose)
    }
    return sorted(findings, key=lambda f: (f.line, f.col, f.key)), problem


def finding_message(rule: Rule, found: str | None = None) -> str:
    """What a finding says: what this code does (FOUND, in its own names and values), then the
    fault the entry records (its symptom, whose numbers are the entry's example, not this code's),
    then the fix."""
    fault = f"{found} — the fault it can lead to: {rule['symptom']}" if found else rule["symptom"]
    return f"{fault} — fix: {rule['fix']}"


def check_source(source: str, rules: Sequence[Rule], path: str = "<source>") -> list[Finding]:
    """The findings in one Python source text; a text that does not parse gets only regex rules."""
    return _check_text(source, validate_rules(list(rules)), path, python=True)[0]


def _read(path: str) -> str:
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8-sig", "replace")  # a BOM, as Windows editors write it, is no code


def _check_path(path: str, rules: Sequence[Rule]) -> tuple[list[Finding], str | None]:
    try:
        source = _read(path)
    except OSError as error:
        return [], f"1:1: not checked: {error.strerror or error}"
    python = path.endswith(PYTHON_SUFFIXES) or _PYTHON_SHEBANG.match(source) is not None
    return _check_text(source, rules, path, python=python)


#: A script run as Python though its name says nothing (`bin/train`): pre-commit's `types: [python]`
#: hands it over by its first line, as identify does.
_PYTHON_SHEBANG = re.compile(r"#![^\n]*\bpython[\d.]*\b")


def check_files(paths: Iterable[str], rules: Sequence[Rule]) -> list[Finding]:
    """The findings in every file; files that cannot be read or parsed are skipped quietly."""
    checked = validate_rules(list(rules))
    return [finding for path in paths for finding in _check_path(path, checked)[0]]


# --- environment checks ----------------------------------------------------------------------------

NVIDIA_SMI_GPUS = "nvidia-smi-gpus"
TORCH_GPUS = "torch-gpus"
VISIBLE_DEVICES = "CUDA_VISIBLE_DEVICES"
_TORCH_COUNT = "import torch; print(torch.cuda.device_count())"


class Verdict(NamedTuple):
    status: str  # "pass", "fail" or "skip"
    reason: str


def parse_facts(text: str) -> dict[str, str]:
    """Facts written one `NAME=value` per line, as environment guards' examples are; blank lines
    and `#` comments are skipped, and the value is everything after the first `=`."""
    facts: dict[str, str] = {}
    for number, line in enumerate(_NEWLINE.split(text), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, equals, value = line.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"line {number}: expected NAME=value, got {line!r}")
        facts[name.strip()] = value
    return facts


def check_environment(
    rule: Rule, facts: Mapping[str, str], unknown: Mapping[str, str] | None = None
) -> Verdict:
    """Decide one environment rule over FACTS alone, so that its examples can prove it.

    UNKNOWN says why a fact could not be gathered (nvidia-smi missing, torch not installed): a check
    that needs it is skipped with that reason rather than failed.
    """
    if rule["check"] == "env-var":
        if rule.get("only_with_gpus"):
            listed = _count(facts, NVIDIA_SMI_GPUS)
            if listed is None:
                return Verdict(
                    "skip", (unknown or {}).get(NVIDIA_SMI_GPUS, "nvidia-smi's GPU count is unknown")
                )
            if listed == 0:
                return Verdict("skip", "nvidia-smi lists no GPU")
        return _env_var(rule, facts)
    return _gpu_count(facts, unknown or {})


def _env_var(rule: Rule, facts: Mapping[str, str]) -> Verdict:
    name, value = rule["variable"], facts.get(rule["variable"])
    if value is None:
        if rule.get("required", True):
            return Verdict("fail", f"{name} is not set")
        return Verdict("pass", f"{name} is not set, which is allowed")
    pattern = rule.get("pattern")
    if pattern is None:
        ok = bool(value.strip())
        return Verdict("pass" if ok else "fail", f"{name}={value!r}" + ("" if ok else " is empty"))
    if re.fullmatch(pattern, value):
        return Verdict("pass", f"{name}={value!r} matches {pattern}")
    return Verdict("fail", f"{name}={value!r} does not match {pattern}")


def _count(facts: Mapping[str, str], name: str) -> int | None:
    value = facts.get(name, "").strip()
    return int(value) if value.isascii() and value.isdigit() else None


def _gpu_count(facts: Mapping[str, str], unknown: Mapping[str, str]) -> Verdict:
    listed, seen = _count(facts, NVIDIA_SMI_GPUS), _count(facts, TORCH_GPUS)
    if listed is None:
        return Verdict("skip", unknown.get(NVIDIA_SMI_GPUS, "nvidia-smi's GPU count is unknown"))
    if listed == 0:
        return Verdict("skip", "nvidia-smi lists no GPU")
    if seen is None:
        return Verdict("skip", unknown.get(TORCH_GPUS, "torch's GPU count is unknown"))
    expected, limit = listed, ""
    visible = facts.get(VISIBLE_DEVICES)
    if visible is not None and visible.strip():
        expected = min(listed, len([device for device in visible.split(",") if device.strip()]))
        limit = f" ({VISIBLE_DEVICES}={visible!r} leaves {expected})"
    if seen == expected:
        return Verdict("pass", f"nvidia-smi and torch both see {seen} GPU(s)")
    return Verdict("fail", f"nvidia-smi lists {listed} GPU(s){limit} but torch.cuda.device_count() is {seen}")


def gather_facts(rules: Sequence[Rule], timeout: float = 120) -> tuple[dict[str, str], dict[str, str]]:
    """The facts these rules need, from this machine, and why any of them is unknown.

    torch is asked in a child process with the same interpreter: importing it here would cost
    seconds and initialise CUDA in the caller, and torch may not be installed at all.
    """
    facts, unknown = dict(os.environ), dict[str, str]()
    if any(rule.get("check") == "gpu-count" or rule.get("only_with_gpus") for rule in rules):
        for name, gather in ((NVIDIA_SMI_GPUS, _nvidia_smi_gpus), (TORCH_GPUS, _torch_gpus)):
            value, why = gather(timeout)
            if value is None:
                unknown[name] = why
            else:
                facts[name] = value
            if facts.get(NVIDIA_SMI_GPUS, "0") == "0":
                break  # no GPU to compare with: spare the seconds torch takes to import
    return facts, unknown


def _run(argv: list[str], timeout: float) -> tuple[str | None, str]:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, str(error)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return None, lines[-1] if lines else f"exit status {done.returncode}"
    return done.stdout, ""


def _nvidia_smi_gpus(timeout: float) -> tuple[str | None, str]:
    executable = shutil.which("nvidia-smi")
    if executable is None:
        return None, "nvidia-smi is not installed: no NVIDIA driver to compare with"
    out, why = _run([executable, "-L"], timeout)
    if out is None:
        return None, f"nvidia-smi -L failed: {why}"
    return str(sum(1 for line in out.splitlines() if line.startswith("GPU "))), ""


def _torch_gpus(timeout: float) -> tuple[str | None, str]:
    if importlib.util.find_spec("torch") is None:
        return None, f"torch is not installed for {sys.executable}"
    out, why = _run([sys.executable, "-c", _TORCH_COUNT], timeout)
    last = out.strip().splitlines()[-1] if out and out.strip() else ""
    if not (last.isascii() and last.isdigit()):
        return None, f"torch could not count the GPUs: {why or out}"
    return last, ""


def _check_environment_rules(rules: Sequence[Rule]) -> int:
    chosen = [rule for rule in rules if rule["kind"] == "environment"]
    facts, unknown = gather_facts(chosen)
    failed = False
    for rule in chosen:
        verdict = check_environment(rule, facts, unknown)
        failed = failed or verdict.status == "fail"
        said = finding_message(rule, verdict.reason) if verdict.status == "fail" else verdict.reason
        line = f"[{rule['key']}] {rule['check']}: {verdict.status}: {said}"
        _write(sys.stdout, " ".join(line.splitlines()))
    return 1 if failed else 0


# --- command line ----------------------------------------------------------------------------------


#: What a terminal would act on, or what hides text: control characters, bidirectional overrides,
#: zero-width characters. A rules table kb wrote has none in its words; a hand-edited one might.
_ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def _escaped_char(char: re.Match[str]) -> str:
    code = ord(char.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _write(stream: TextIO, text: str) -> None:
    text = _ACTING.sub(_escaped_char, text)
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        stream.write(text.encode("ascii", "backslashreplace").decode("ascii") + "\n")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="guard_checker.py",
        description="Flag code that brings back a fault the knowledge base already knows.",
    )
    parser.add_argument("--rules", required=True, metavar="FILE", help="JSON list of rules")
    parser.add_argument(
        "--environment", action="store_true", help="check this machine against the environment rules"
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="files to check")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Print one line per finding; 1 if any, 0 if none, 2 if the rules file is unusable."""
    args = _arguments(argv)
    try:
        rules = load_rules(args.rules)
    except (OSError, ValueError) as error:
        _write(sys.stderr, f"guard_checker: {args.rules}: {error}")
        return 2
    except RecursionError:  # JSON nested thousands deep: no rule table
        _write(sys.stderr, f"guard_checker: {args.rules}: nested too deeply to be a rule table")
        return 2
    if args.environment:
        return _check_environment_rules(rules)
    every: list[Finding] = []
    for path in args.files:
        findings, problem = _check_path(path, rules)
        if problem:
            _write(sys.stderr, f"{path}:{problem}")
        for finding in findings:
            _write(sys.stdout, finding.render())
        every += findings
    if os.environ.get("GITHUB_ACTIONS") == "true":  # inline on the pull request, within GitHub's limits
        for line in github_annotations(every, os.environ):
            _write(sys.stdout, line)
    return 1 if every else 0


if __name__ == "__main__":
    sys.exit(main())
