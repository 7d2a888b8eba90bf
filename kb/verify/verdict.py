"""What one run of a check says about the fault: its verdict.

A check's exit status has no one meaning (for `lsof -i :8000` exit 0 is the fault, for a pickle test
a non-zero exit is) and most checks print facts for a person, so kb reads a run by the rule the entry
declares (kb.entry.check_rule), and says only what that run shows:

- confirmed: the rule says the cause is there;
- ruled out: the rule says it is not, which is knowledge too: triage moves on to the next cause;
- inconclusive: a probe, an undeclared rule, output the rule does not decide, a timeout, a
  non-zero exit that should confirm but is a crash on an error the entry does not describe;
- could not run here: a missing GPU, module, program, daemon or file, found anywhere in the output;
- the check broke: its own code is wrong (a syntax error, a name it does not define, a crash
  unrelated to the fault). Only this, repeated, says anything about the entry's health.

Pure: it takes the rule and what the run did, and returns the verdict with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from kb.entry.check_rule import CheckRule
from kb.records import Record
from kb.text.paste import as_a_terminal_shows

Verdict = Literal["confirmed", "ruled out", "inconclusive", "could not run here", "the check broke"]

#: How a run ended, before it is read: the process exited (exit_code), was killed at the timeout,
#: or never started.
RunEnd = Literal["exited", "timeout", "not started"]


class Reading(Record):
    verdict: Verdict
    reason: str


#: Messages that say the check never reached the fault: (pattern, what is missing). Looked for in the
#: whole output, not just its end: a check that went on after `import torch` failed printed more.
NOT_HERE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"ModuleNotFoundError: No module named '([^']+)'"), "the Python module {0} is not installed"),
    # `python -m pytest` where pytest is not installed: Python's own line, no traceback.
    (
        re.compile(r"^(?:\S*[/\\])?python[\d.]*(?:\.exe)?: No module named (\S+)$", re.MULTILINE),
        "the Python module {0} is not installed",
    ),
    # A compiled library that does not load (a missing libcudnn, a truncated or mismatched build).
    (
        re.compile(
            r"^(?:ImportError|OSError): (?:\S*/)?([^/\s:]+\.so[^\s:]*): (?:cannot open shared object file"
            r"|file too short|undefined symbol|wrong ELF class|invalid ELF header)",
            re.MULTILINE,
        ),
        "the compiled library {0} does not load here",
    ),
    (
        re.compile(r"^(?:\S+: )*(?:line \d+: )?(\S+): (?:command )?not found$", re.MULTILINE),
        "{0} is not installed",
    ),
    # zsh (macOS's shell) and fish put the name last.
    (re.compile(r"^(?:\S+: )*command not found: (\S+)$", re.MULTILINE), "{0} is not installed"),
    (re.compile(r"^fish: Unknown command: (\S+)$", re.MULTILINE), "{0} is not installed"),
    (
        re.compile(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"),
        "no NVIDIA driver",
    ),
    (re.compile(r"Found no NVIDIA driver on your system"), "no NVIDIA driver"),
    (re.compile(r"No CUDA GPUs are available|CUDA driver initialization failed"), "no GPU"),
    (re.compile(r"Torch not compiled with CUDA enabled"), "this torch has no CUDA"),
    (re.compile(r"AssertionError: no CUDA GPU visible"), "no GPU"),
    (
        re.compile(
            r"Cannot connect to the Docker daemon"
            r"|permission denied while trying to connect to the Docker daemon"
        ),
        "no Docker daemon",
    ),
    (
        re.compile(r"ImportError: cannot import name '([^']+)' from '([^']+)'"),
        "this project's {1} has no {0}",
    ),
    (re.compile(r"can't open file '([^']+)': \[Errno 2\] No such file or directory"), "{0} is not here"),
    (re.compile(r"FileNotFoundError: \[Errno 2\] No such file or directory: '([^']+)'"), "{0} is not here"),
    # pytest's own word for a test file or test it was given that is not there (exit 4).
    (re.compile(r"^ERROR: (?:file or directory )?not found: (\S+)", re.MULTILINE), "{0} is not here"),
    # A tool's or a shell's own words: `cat: x: …`, `ls: cannot access 'x': …`, `head: cannot open
    # 'x' for reading: …`, bash's `bash: line 1: cd: x: …`.
    (
        re.compile(
            r"^(?:\S+: |line \d+: )+(?:cannot (?:open|access|stat) |can't open )?'?([^':\n]+?)'?"
            r"(?: for reading)?: No such file or directory$",
            re.MULTILINE,
        ),
        "{0} is not here",
    ),
    (re.compile(r"^(?:\S+: )+can't cd to (.+)$", re.MULTILINE), "{0} is not here"),  # dash's cd
    (
        re.compile(
            r"^\S+: error while loading shared libraries: ([^:\s]+): cannot open shared object file",
            re.MULTILINE,
        ),
        "the compiled library {0} does not load here",
    ),
]

#: Messages that say the check was denied what it reads or runs (a file of another user, a mount it
#: may not enter): it could not look, which rules nothing out, nor is its code wrong. Not for an
#: entry whose symptom is itself a permission error (permission_fault()): there the denial is the
#: finding.
DENIED: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"PermissionError: \[Errno 13\] Permission denied: '([^']+)'"),
        "{0} may not be opened here (permission denied)",
    ),
    (
        re.compile(r"can't open file '([^']+)': \[Errno 13\] Permission denied"),
        "{0} may not be opened here (permission denied)",
    ),
    # grep, cat, a shell's redirect: `grep: cfg.yaml: Permission denied`, `sh: 1: cannot open x: …`.
    (
        re.compile(
            r"^(?:\S+: )+(?:line \d+: )?(?:cannot (?:open|access|touch|create) |can't open )?"
            r"'?([^':\n]+?)'?: Permission denied$",
            re.MULTILINE,
        ),
        "{0} may not be opened here (permission denied)",
    ),
]

#: The check's own code is wrong: Python that does not parse or names what it never defined, a
#: shell line that does not parse.
BROKE: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"^(?:SyntaxError|IndentationError|TabError): (.+)$", re.MULTILINE),
        "its Python does not parse: {0}",
    ),
    (re.compile(r"^NameError: (.+)$", re.MULTILINE), "its Python names something undefined: {0}"),
    (
        re.compile(
            r"(?:^|: )((?:[Ss]yntax error|unexpected EOF while looking for matching).*)$", re.MULTILINE
        ),
        "its shell line does not parse: {0}",
    ),
    # A command line its program refuses: argparse's words (pytest's too, exit 4), a grep pattern
    # that does not parse (exit 2), a pytest selection that names no test (exit 5). Read as a
    # verdict, a typo in the check ruled the cause out, or under "exit non-zero" confirmed it.
    (
        re.compile(
            r"^\S+: error: ((?:unrecognized arguments|the following arguments are required|argument \S+"
            r"|invalid choice)[^\n]*)$",
            re.MULTILINE,
        ),
        "its command line is refused: {0}",
    ),
    (
        re.compile(
            r"^grep: ((?:Unmatched|Invalid|Trailing backslash|Premature end|unbalanced)[^\n]*)$", re.MULTILINE
        ),
        "its grep pattern does not parse: {0}",
    ),
    (
        re.compile(r"^=*\s*((?:no tests ran|\d+ deselected)(?: in [\d.]+s)?)\s*=*$", re.MULTILINE),
        "the tests it selects do not exist: {0}",
    ),
]

#: The last exception of a Python traceback in the output.
_LAST_EXCEPTION = re.compile(
    r"^Traceback \(most recent call last\):\n(?:[ \t].*\n|\n)*?([\w.]+)(?::|$)", re.MULTILINE
)


def as_shell_reports_it(exit_code: int | None) -> int | None:
    """EXIT_CODE of a command a shell ran, with 128 + N (how a shell says its command was killed
    by signal N: 137 is SIGKILL, the OOM killer) read as -N, as Python reports a killed child."""
    if exit_code is not None and 128 < exit_code < 160:
        return 128 - exit_code
    return exit_code


def symptom_text(symptom: str, variants: Iterable[str]) -> str:
    """An entry's symptom and its variants as read_verdict() takes them: one a line."""
    return "\n".join([symptom, *variants])


def read_verdict(
    rule: CheckRule,
    ended: RunEnd,
    exit_code: int | None,
    output: str,
    symptom: str = "",
    seconds: float = 0.0,
    command: str = "",
) -> Reading:
    """The verdict of one run of a check read by RULE: how it ENDED, its EXIT_CODE and OUTPUT.
    SYMPTOM, the entry's with its variants (symptom_text()), keeps a check for a missing module
    from reading its own finding as "could not run here", and tells a check that reproduces the
    fault's error from one that crashed on something else. COMMAND, the line that ran: a file it
    names itself that is missing may be what it looks for."""
    if ended == "not started":
        return Reading("could not run here", "the command could not be started")
    unparsed = _does_not_parse(output)
    if unparsed is not None and exit_code != 0:  # Python echoes the line: a pattern would match it
        return unparsed
    if rule.confirms == "output":
        decided = _by_output(rule, output, exit_code, ended)
        if decided is not None:
            return decided
    if ended == "timeout":
        return Reading("inconclusive", f"killed at the timeout after {seconds:.0f} s")
    if exit_code == 124 and _TIMEOUT_WRAPPED.search(command):
        return Reading("inconclusive", "killed by its own timeout (exit 124) before it could decide")
    missing = missing_here(exit_code, output, symptom, command)
    looked_for = _missing_file(output)
    if rule.confirms == "exit non-zero" and exit_code != 0 and looked_for and looked_for in command:
        return Reading(
            "inconclusive",
            f"{looked_for} is not here, and the check names it: if it looks for that file, its absence is"
            " the fault; read its output",
        )
    if (
        missing is not None
        and (exit_code != 0 or not rule.gives_verdict)
        and not _reproduced(symptom, output)
    ):
        return Reading("could not run here", missing)  # a caught ImportError earlier is not the end
    project = _failed_in_project(output) if exit_code != 0 else None
    if project is not None and not (rule.confirms == "exit non-zero" and _reproduced(symptom, output)):
        return Reading(
            "inconclusive", f"the project's code failed in {project} before the check could decide"
        )
    broke = check_broke(output)
    if broke is not None and exit_code != 0:
        return Reading("the check broke", broke)
    if exit_code is not None and exit_code < 0:  # the OOM killer, a segfault of the code it tests, kill
        return Reading(
            "inconclusive", f"killed by signal {-exit_code} before it could decide: read its output"
        )
    if (
        rule.confirms in ("exit 0", "exit non-zero")
        and exit_code is not None
        and exit_code >= 2
        and _ENDS_IN_A_SEARCH.search(command)
    ):
        return Reading(
            "inconclusive",
            f"exit {exit_code}: the search the line ends in failed (a file it could not read), which is"
            " neither a match nor none: read its output",
        )
    return _by_rule(rule, exit_code, output, symptom)


def _by_rule(rule: CheckRule, exit_code: int | None, output: str, symptom: str) -> Reading:
    """The verdict RULE gives a run that nothing kept from deciding (it started, ran to its end in
    time, found what it needs here, and was not killed): by its exit code, or its output, or none."""
    if rule.confirms == "exit 0":
        if exit_code == 0:
            return Reading("confirmed", "exit 0")
        crash = _unrelated_crash(output)
        if crash is not None:
            return _crash_reading(crash, output)
        return Reading("ruled out", f"exit {exit_code}")
    if rule.confirms == "exit non-zero":
        if exit_code == 0:
            return Reading("ruled out", "exit 0")
        crashed = _crashed_with(output)
        if crashed is not None and not _names_error(symptom, crashed):
            return Reading(
                "inconclusive",
                f"exit {exit_code}, but it crashed with {crashed}, which the entry's symptom does not name: "
                "read its output",
            )
        if crashed is not None and not _same_error(symptom, crashed, output):
            return Reading(
                "inconclusive",
                f"exit {exit_code}, but its {crashed} says something other than the entry's symptom: "
                "read its output",
            )
        return Reading("confirmed", f"exit {exit_code}")
    if rule.confirms == "output":
        shown = as_a_terminal_shows(output)
        cleared = re.search(rule.rules_out, shown, re.MULTILINE) if rule.rules_out else None
        if cleared is not None:  # _by_output() did not take it: the run crashed after that line
            return Reading(
                "inconclusive",
                f"the output has {_line_of(shown, cleared)}, but the check crashed after it (exit"
                f" {exit_code}): read its output",
            )
        if rule.rules_out:
            return Reading(
                "inconclusive", "the output matches neither the confirming nor the ruling-out line"
            )
        if exit_code == 0:
            return Reading("ruled out", "exit 0 without the confirming line")
        crash = _unrelated_crash(output)
        if crash is not None:
            return _crash_reading(crash, output)
        if exit_code == 1 and not output.strip():
            # grep, lsof and their kind say "found nothing" so: the fault's trace is not there.
            return Reading("ruled out", "exit 1 with nothing printed: it found nothing to confirm the cause")
        return Reading("inconclusive", f"exit {exit_code} without the confirming line: read its output")
    if rule.confirms == "nothing":
        return Reading("inconclusive", "a probe: read its output")
    return Reading("inconclusive", "the check declares no rule: read its output")


def _by_output(rule: CheckRule, output: str, exit_code: int | None, ended: RunEnd) -> Reading | None:
    """The verdict OUTPUT's lines give by RULE's patterns, or None when they give none: both the
    confirming and the ruling-out line say nothing for sure, and a ruling-out line the run then
    crashed after is not the check's conclusion (the project's own `ok: config loaded`, printed as
    the check imported it), nor one before it was killed, at the timeout or by a signal (the OOM
    killer ends a check of a memory fault after its `ok: forward fits`)."""
    output = as_a_terminal_shows(output)  # the rule's patterns read it as a terminal shows it
    found = re.search(rule.pattern, output, re.MULTILINE)
    cleared = re.search(rule.rules_out, output, re.MULTILINE) if rule.rules_out else None
    if found and cleared:
        return Reading(
            "inconclusive",
            f"the output has both {_line_of(output, found)} and {_line_of(output, cleared)}: read it",
        )
    if found:
        return Reading("confirmed", f"the output has {_line_of(output, found)}")
    if cleared is None or ended != "exited" or (exit_code is not None and exit_code < 0):
        return None
    line_end = output.find("\n", cleared.end())
    if exit_code != 0 and line_end >= 0 and output[line_end:].strip():
        return None  # it went on and failed after that line: the project's `ok: config loaded`
    return Reading("ruled out", f"the output has {_line_of(output, cleared)}")


def _line_of(output: str, match: re.Match[str]) -> str:
    """The line MATCH is on, quoted and cut to a readable length."""
    start = output.rfind("\n", 0, match.start()) + 1
    end = output.find("\n", match.end())
    line = " ".join(output[start : end if end >= 0 else len(output)].split())
    return repr(line if len(line) <= 100 else line[:99] + "…")


def missing_here(exit_code: int | None, output: str, symptom: str = "", command: str = "") -> str | None:
    """What this machine lacks for the check, as its output says, or None.

    The whole output is read: a check written on a GPU box meets laptops without torch, nvidia-smi,
    a GPU or the checkpoint it loads. The entry's own SYMPTOM is not such a message: a check for a
    missing module may fail with it. A silent exit 127 is a shell that found no program to run,
    unless the COMMAND is the shell's own question whether one is there (`command -v deepspeed`:
    dash answers "no" with 127 and says nothing), which is the check's answer."""
    if exit_code == 126:  # the shell found it but could not execute it (no exec bit, a noexec mount)
        return "the command could not be executed here (exit 126)"
    if exit_code == 127 and not output.strip() and not _ASKS_WHETHER_THERE.match(command):
        return "the command could not be run"
    found: tuple[int, str] | None = None
    for pattern, reason in NOT_HERE + ([] if permission_fault(symptom) else DENIED):
        for match in pattern.finditer(output):
            if symptom and _same_message(match, symptom):
                continue
            if found is None or match.start() > found[0]:
                found = (match.start(), reason.format(*match.groups()))
    return found[1] if found else None


def permission_fault(symptom: str) -> bool:
    """Whether SYMPTOM (an entry's, with its variants) is a permission error: a check of it that is
    denied has found the fault, not failed to run."""
    return re.search(r"permission denied|PermissionError|errno 13|EACCES", symptom, re.IGNORECASE) is not None


def _missing_file(output: str) -> str | None:
    """The last file OUTPUT says is missing (`No such file or directory`), or None."""
    found: tuple[int, str] | None = None
    for pattern, reason in NOT_HERE:
        if reason == "{0} is not here":
            for match in pattern.finditer(output):
                if found is None or match.start() > found[0]:
                    found = (match.start(), match.group(1))
    return found[1] if found else None


def check_broke(output: str) -> str | None:
    """Why OUTPUT shows the check's own code is wrong, or None. A Python error raised in a file of
    the project (the check ran `python train.py`) is the project's, not the check's: a typo in
    train.py counted twice against a sound seed check, and kb prune offered to archive it."""
    for pattern, reason in BROKE:
        for match in pattern.finditer(output):
            if _projects_file_before(output, match.start()) is None:
                return reason.format(*(" ".join(g.split())[:120] for g in match.groups()))
    return None


def _does_not_parse(output: str) -> Reading | None:
    """The verdict of a run whose Python did not parse, or None: its code never ran, so nothing it
    printed decides (Python echoes the line, and a confirming pattern matched the echo). The
    check's own code (`-c`, stdin) broke it; the project's file (a seed check's `python train.py`)
    says nothing of the check."""
    pattern, reason = BROKE[0]
    for match in pattern.finditer(output):
        said = " ".join(match.group(1).split())[:120]
        project = _projects_file_before(output, match.start())
        if project is None:
            return Reading("the check broke", reason.format(said))
        return Reading("inconclusive", f"the project's code does not parse in {project}: {said}")
    return None


def _projects_file_before(output: str, at: int) -> str | None:
    """The project's file that the last Python frame OUTPUT names before AT is in, or None when
    that frame is the check's own code (`-c`, stdin), an installed package's, or there is none."""
    frames: list[str] = _FRAME.findall(output, 0, at)
    if not frames or frames[-1] in ("<string>", "<stdin>") or _INSTALLED.search(frames[-1]):
        return None
    return frames[-1]


def _crash_reading(crash: str, output: str) -> Reading:
    """A check that crashed before it decided: broke when the crash is in its own code; inside an
    installed package (torch.load on a corrupt file) it may be the data it read, which says nothing
    about the check's health."""
    start = output.rfind("Traceback (most recent call last):")
    frames = _FRAME.findall(output, max(start, 0))
    if frames and _INSTALLED.search(frames[-1]):
        return Reading("inconclusive", f"{crash}, inside an installed package: read its output")
    return Reading("the check broke", crash)


def _unrelated_crash(output: str) -> str | None:
    """A Python traceback that ends in something other than a failed assertion: the check crashed
    before it could say yes or no."""
    crashed = _crashed_with(output)
    return f"it crashed with {crashed} before it could decide" if crashed is not None else None


def _crashed_with(output: str) -> str | None:
    """The exception the last Python traceback in OUTPUT ends in, unless it is how a check says no
    or yes on purpose (a failed assertion, sys.exit), or None."""
    exceptions = _LAST_EXCEPTION.findall(output)
    if not exceptions:
        return None
    last: str = exceptions[-1].rsplit(".", 1)[-1]
    return None if last in ("AssertionError", "SystemExit") else last


def _reproduced(symptom: str, output: str) -> bool:
    """Whether OUTPUT ends in the entry's own error, its class and its message (a check that runs
    the project's script to make the fault happen fails in the project's code, and that failure is
    the finding)."""
    crashed = _crashed_with(output)
    return crashed is not None and _names_error(symptom, crashed) and _same_error(symptom, crashed, output)


def _names_error(symptom: str, exception: str) -> bool:
    """Whether SYMPTOM (the entry's symptom and its variants) names EXCEPTION: a check that
    reproduces the fault may end in the very error the entry describes."""
    return re.search(rf"\b{re.escape(exception)}\b", symptom) is not None


def _same_error(symptom: str, exception: str, output: str) -> bool:
    """Whether the message of the last EXCEPTION in OUTPUT is one a line of SYMPTOM naming that
    exception says, in most of its words: `RuntimeError` is most of torch's errors, and a check
    that crashed on a corrupt checkpoint has not reproduced a device-count error."""
    last = _last_line_of(output, exception)
    said = _message_words(last)
    if not said:
        return True  # a bare exception: its class is all there is to compare
    for line in symptom.splitlines():
        if re.search(rf"\b{re.escape(exception)}\b", line):
            described = _message_words(line)
            if (
                described
                and len(said & described) >= 0.5 * min(len(said), len(described))
                and all(_names(name, line) for name in _QUOTED.findall(last))
            ):
                return True
    return False


#: A name an error message quotes (`No module named 'torch'`, `module 'json' has no attribute …`):
#: which module, attribute or key failed. Another name is another error in the same words: a check
#: that died on `No module named 'torch'` has not reproduced `No module named '_sqlite3'`.
_QUOTED = re.compile(r"'([^'\s]{1,80})'")


def _last_line_of(output: str, exception: str) -> str:
    found = list(re.finditer(rf"^(?:[\w.]+\.)?{re.escape(exception)}\b.*$", output, re.MULTILINE))
    return found[-1].group(0) if found else ""


def _message_words(line: str) -> set[str]:
    """The words of an error line after its exception class: letters only, numbers and names of
    this run (shapes, paths, counts) left out by taking words of three letters or more."""
    message = line.split(":", 1)[1] if ":" in line else ""
    return {word.lower() for word in re.findall(r"[A-Za-z]{3,}", message)}


_FRAME = re.compile(r'^\s*File "([^"]+)", line \d+', re.MULTILINE)
#: A Python exception's line (`NameError: name 'modle' is not defined`).
_LAST_ERROR_LINE = re.compile(r"^[\w.]*(?:Error|Exception|Interrupt|Exit): ", re.MULTILINE)
#: A line whose exit status is a search's: grep and its kind exit 0 on a match, 1 on none, and 2 on
#: an error (`grep -qs 'Killed process' /var/log/missing.log` says nothing and exits 2).
_ENDS_IN_A_SEARCH = re.compile(r"(?:^|[|;&]\s*)(?:[efz]?grep|rg)\s[^|;&]*$")
#: A line that is only the shell's question whether a program is there (`command -v nvcc`).
_ASKS_WHETHER_THERE = re.compile(r"^\s*command\s+-[vV]\s+[^\s;&|()<>`$]+\s*$")
#: A command whose first word wraps it in coreutils' timeout (exit 124 when it kills it).
_TIMEOUT_WRAPPED = re.compile(r"(?:^|[;&|(]\s*)timeout\s")
_INSTALLED = re.compile(r"[\\/](?:site|dist)-packages[\\/]|[\\/]lib[\\/]python\d|^<frozen ")


def _failed_in_project(output: str) -> str | None:
    """The file of the user's project where the last Python traceback in OUTPUT ends, or None when
    it ends in the check's own code (`-c`, stdin) or in an installed package. A project that does not
    import or run is not a broken check: saying so would count it against a sound entry."""
    start = output.rfind("Traceback (most recent call last):")
    if start < 0 and _LAST_ERROR_LINE.search(output) is None:
        return None
    # A check's filter may keep a traceback's frames and error line, not its header (an awk that
    # prints /^  File|Error/): the frames before the last error line say where it failed.
    last = output[max(start, 0) :]
    return _projects_file_before(last, len(last))


def _same_message(match: re.Match[str], symptom: str) -> bool:
    """Whether a "missing" message MATCH found is the entry's own SYMPTOM: it names what the symptom
    names as missing (the module, the file, the program), or, naming nothing, is said in the
    symptom. `ModuleNotFoundError: No module named 'torch'` is not the symptom `No module named
    'flash_attn'`, and `ls: cannot access 'data/train.jsonl'` is not `KeyError: 'labels'` (where
    the first word of the line, `ls`, was found inside `labels`)."""
    named = [value for value in match.groups() if value]
    if named:
        return all(_names(value, symptom) for value in named)
    return match.group(0).lower() in symptom.lower()


def _names(value: str, text: str) -> bool:
    """Whether TEXT names VALUE whole: `torch` is not named by `torchvision`."""
    return re.search(rf"(?<![\w.]){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None
