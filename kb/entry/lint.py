"""The validation-command lint: a validation must be one runnable line, not advice.

A validation is either Python (`python -c "…"`, or a bare expression or statement) or a shell
command whose first word is an executable or a shell builtin. Prose such as "check the logs" is
refused with the reason. Whether a tool is installed here says little about the GPU box the entry
was written on, so well-known ML and ops tools count as executables even when absent.
"""

from __future__ import annotations

import ast
import keyword
import os
import shlex
import shutil
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from kb.patterns import LazyPattern
from kb.records import Record

ValidationKind = Literal["python", "shell"]
#: How a run of a validation ended: passed (exit 0), failed (another exit), timeout (killed at the
#: timeout), error (never started), unrunnable (it ran, but could not check anything here: a missing
#: module, program, GPU or input file, which says nothing about the fault).
CheckOutcome = Literal["passed", "failed", "timeout", "error", "unrunnable"]

SHELL_BUILTINS = frozenset(
    "alias bg cd command declare echo env eval exec exit export false fg hash jobs kill printf pwd read "
    "set source test time trap true type ulimit umask unset wait [ .".split()
)

KNOWN_TOOLS = frozenset(
    "accelerate awk cat conda curl deepspeed df dmesg docker docker-compose du file find free git grep "
    "gunicorn head htop iostat ip journalctl jq kill kubectl ldd ls lscpu lsof nc ncu netstat nproc nsys "
    "nvcc nvidia-smi nvtop pgrep ping pip pip3 ps py-spy python python3 sed ss strace sudo systemctl tail "
    "tensorboard timeout top torchrun uname uvicorn watch wc which xxd".split()
)

#: Words that are executables on some systems (`look`, `see`) but start sentences far more often.
PROSE_WORDS = frozenset(
    {"look", "see", "check", "ensure", "verify", "confirm", "inspect", "try", "make-sure"}
)

_ENV_ASSIGNMENT = LazyPattern(r"^[A-Za-z_][A-Za-z0-9_]*=")
_PYTHON_LAUNCHER = LazyPattern(r"^(?:.*/)?python(?:3(?:\.\d+)?)?$")


#: A check's input as its command names it (kb.entry.check_rule): `{port}`, `{module}`.
_INPUT = LazyPattern(r"\{[a-z][a-z0-9_]{0,30}\}")


def validation_problem(command: str) -> str | None:
    """Why COMMAND is not a usable validation, or None when it is. Its inputs (`{port}`) are read as
    the single word each will be when it runs."""
    text = _INPUT.sub("x0", command.strip())
    if not text:
        return "the validation command is empty"
    if "\n" in text:
        return "a validation command must be one line"
    words = _shell_words(text)
    if words is not None and words[:1] == ("[[",):
        return (
            "'[[ … ]]' is bash's test, and a check runs with /bin/sh, which has none (as Python it would"
            " be a list of names): write '[ … ]', or bash -c '…'"
        )
    if validation_kind(text) == "python" and _python_problem(text) is None:
        return None
    if words is not None:
        first = _first_command_word(words)
        if first is not None and _PYTHON_LAUNCHER.match(first):
            return _python_c_problem(words)
        if first is not None and (_is_command(first) or _written_for_another_machine(first, words)):
            return None
    python_problem = _python_problem(text)
    if python_problem is None:
        return None
    if words is None:  # a quote left open: what the shell would say, not that the program is missing
        return (
            f"'{_clip(text)}' is neither a shell command (a quote is never closed) nor Python"
            f" ({python_problem}); write the one line that proves the cause"
        )
    first_word = text.split()[0]
    return (
        f"'{_clip(text)}' is neither a shell command ('{first_word}' is no program on this machine's"
        f" PATH, nor a shell builtin) nor Python ({python_problem}); write the one line that proves the"
        " cause"
    )


#: A program's name as a command line starts with it, and an option as it follows: `-D`, `--team=ml`.
_PROGRAM_NAME = LazyPattern(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")
_OPTION = LazyPattern(r"^--?[A-Za-z][A-Za-z0-9_-]*(?:=.*)?$")


def _written_for_another_machine(first: str, words: Sequence[str]) -> bool:
    """Whether WORDS, whose program FIRST is not installed here, are still a command line: a program's
    name followed by an option (`clusterctl describe quota --team ml`, `soxi -D clip.wav`). An entry is
    often written on a laptop for the GPU box or the cluster; prose (`check the quota page`) has no
    options."""
    if first.lower() in PROSE_WORDS or not _PROGRAM_NAME.match(first):
        return False
    start = next(n for n, word in enumerate(words) if word.lstrip("(") == first)  # as found: `(soxi`
    return any(_OPTION.match(word) for word in words[start + 1 :])


def validation_kind(command: str) -> ValidationKind:
    """How `kb check` runs COMMAND: bare Python through the interpreter, anything else through a shell.

    A line that starts with a Python keyword and parses is Python even if the keyword is also a
    program somewhere (ImageMagick installs `import`).
    """
    text = command.strip()
    first = text.split(maxsplit=1)[0] if text else ""
    if keyword.iskeyword(first) and _parse_problem(text) is None:
        return "python"
    words = _shell_words(text)
    if words is not None:
        program = _first_command_word(words)
        if program is not None and (_is_command(program) or _written_for_another_machine(program, words)):
            return "shell"  # `soxi --info` on a laptop without sox parses as Python, and is not
    return "python" if _python_problem(text) is None else "shell"


@lru_cache(maxsize=1024)
def _shell_words(text: str) -> tuple[str, ...] | None:
    """TEXT split as /bin/sh would, or None if it cannot be. Cached: judging a command asks twice
    (what it is, then whether it is usable), and an import of a wiki page repeats its commands."""
    try:
        return tuple(shlex.split(text))
    except ValueError:
        return None


#: Shell grammar a command line may open with: a subshell, a group, a negation, a compound command.
_SHELL_OPENERS = frozenset({"(", "{", "!", "if", "for", "while", "until", "case"})


def _first_command_word(words: Sequence[str]) -> str | None:
    for word in words:
        if word in _SHELL_OPENERS:
            return "command"  # a builtin: a compound command is shell by its grammar
        word = word.lstrip("(")
        if not word or _ENV_ASSIGNMENT.match(word):
            continue
        return word
    return None


def _is_command(word: str) -> bool:
    if word.lower() in PROSE_WORDS:
        return False
    if word in SHELL_BUILTINS or word in KNOWN_TOOLS:
        return True
    if "/" in word:
        return os.path.basename(word) != "" and (word.startswith(("./", "/", "~/", "../")))
    return shutil.which(word) is not None


#: What ends one simple command of a shell line and starts the next.
_COMMAND_SEPARATORS = frozenset({"|", "||", "&&", ";", ";;", "&", "|&", "("})
#: Shell grammar a simple command may sit inside, before its program.
_PREFIX_KEYWORDS = frozenset(
    {"!", "{", "}", "if", "then", "else", "elif", "fi", "while", "until", "do", "done"}
)
#: Shell grammar whose next words are not a program (a loop's variable, a case's word).
_UNREAD_KEYWORDS = frozenset({"for", "case", "select", "function", "[[", "coproc"})
#: Every builtin of POSIX sh, dash and bash: a check may use any of them, and none is on the PATH.
ALL_SHELL_BUILTINS = SHELL_BUILTINS | frozenset(
    ": break builtin caller compgen complete continue dirs disown enable getopts help history let local "
    "logout mapfile popd pushd readarray readonly return shift shopt suspend times typeset unalias".split()
)


def programs(command: str) -> tuple[str, ...] | None:
    """The programs a shell COMMAND line runs by name: the first word of each of its simple commands
    (after a pipe, `&&`, `||`, `;`, a parenthesis), variable assignments before it skipped, and the
    command a wrapper runs (`timeout 10 ibv_devinfo`, `env X=1 nvcc`, `sh -c '…'`). None when the
    line cannot be read that way (it does not split as a shell splits it, or it holds a loop or a
    case, whose words are not all commands); builtins, paths and expansions are left out."""
    found = commands_run(command)
    return None if found is None else tuple(name for name in found if "/" not in name)


def program_paths(command: str) -> tuple[str, ...]:
    """The programs a shell COMMAND line runs by an absolute path (`/usr/bin/ibv_devinfo`), read as
    programs() reads the line; a relative path is left out, since the line may `cd` first."""
    return tuple(word for word in commands_run(command) or () if word.startswith("/"))


class _Wrapper(Record):
    """A program that runs the command its arguments name, and how to find that command."""

    valued: frozenset[str] = frozenset()  # options whose value is the next word (`timeout -s KILL`)
    positional: int = 0  # words before the command (timeout's duration)
    opaque: frozenset[str] = frozenset()  # options after which the command is not looked up here
    assignments: bool = False  # NAME=value words before the command (env)


def _wrapper(valued: str = "", positional: int = 0, opaque: str = "", assignments: bool = False) -> _Wrapper:
    return _Wrapper(frozenset(valued.split()), positional, frozenset(opaque.split()), assignments)


#: Wrappers whose command runs with this PATH. Left out: those that change it or run elsewhere
#: (sudo's secure_path, `conda run`, srun, ssh), where a lookup here would say nothing.
_WRAPPERS = {
    "timeout": _wrapper("-k --kill-after -s --signal", positional=1),
    "env": _wrapper(
        "-u --unset -C --chdir", opaque="-i --ignore-environment -S --split-string -", assignments=True
    ),
    "nice": _wrapper("-n --adjustment"),
    "nohup": _wrapper(),
    "setsid": _wrapper(),
    "time": _wrapper(),
    "exec": _wrapper("-a"),
    "command": _wrapper(opaque="-v -V"),  # `command -v nvcc` asks whether it is there
    "stdbuf": _wrapper("-i -o -e --input --output --error"),
    "ionice": _wrapper("-c --class -n --classdata", opaque="-p --pid -P --pgid -u --uid"),
    "taskset": _wrapper(positional=1, opaque="-p --pid"),
    "chrt": _wrapper("-T --sched-runtime -P --sched-period -D --sched-deadline", 1, "-p --pid -m --max"),
    "numactl": _wrapper("-N --cpunodebind -m --membind -C --physcpubind -i --interleave -p --preferred"),
    "xargs": _wrapper(
        "-a --arg-file -d --delimiter -E -I -L --max-lines -n --max-args -P --max-procs -s --max-chars"
        " --process-slot-var"
    ),
}
#: Shells whose `-c` runs the line that follows: `sh -c 'ibv_devinfo | grep -q Active'`.
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh"})


def commands_run(command: str) -> tuple[str, ...] | None:
    """Every program the shell line COMMAND runs by name or by path, in order, once each: programs()
    and program_paths() read it. None when it cannot be read (see programs())."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars="|;()")
    lexer.whitespace_split = True
    try:
        words = list(lexer)
    except ValueError:
        return None
    found: list[str] = []
    expecting = True
    path_changed = False  # `PATH=/opt/cuda/bin nvcc`: not found on this PATH says nothing
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word in _COMMAND_SEPARATORS:
            expecting, path_changed = True, False
        elif word == ")" or not expecting:  # what follows a subshell or `$(…)` is no program
            expecting = False
        elif word in _UNREAD_KEYWORDS:
            return None
        elif _ENV_ASSIGNMENT.match(word):
            path_changed = path_changed or word.startswith("PATH=")
        elif word in _PREFIX_KEYWORDS or word[:1] in "<>0123456789":
            continue
        else:
            expecting = False
            if (
                not path_changed
                and word not in ALL_SHELL_BUILTINS
                and not any(c in word for c in "$`~*?[&<>=")
            ):
                found.append(word)
            name = os.path.basename(word)
            if name in _SHELLS:
                script = _shell_script(words, index)
                inner = commands_run(script) if script is not None else ()
                if inner is None:
                    return None
                found += inner
            elif name in _WRAPPERS:
                wrapped = _wrapped_command(words, index, _WRAPPERS[name])
                if wrapped is not None:
                    index, expecting = wrapped, True
    return tuple(dict.fromkeys(found))


def _wrapped_command(words: Sequence[str], index: int, wrapper: _Wrapper) -> int | None:
    """Where, in WORDS from INDEX (after the wrapper's name), the command WRAPPER runs begins; None
    when it runs none that can be looked up here."""
    positional = wrapper.positional
    while index < len(words):
        word = words[index]
        if word in _COMMAND_SEPARATORS or word == ")":
            return None
        option = word.split("=", 1)[0]
        if word.startswith("-") and positional == wrapper.positional and word != "-":
            if option in wrapper.opaque:
                return None
            index += 2 if option in wrapper.valued and "=" not in word else 1
        elif word == "-" and word in wrapper.opaque:
            return None
        elif wrapper.assignments and _ENV_ASSIGNMENT.match(word):
            if word.startswith("PATH="):
                return None
            index += 1
        elif positional:
            positional -= 1
            index += 1
        else:
            return index
    return None


def _shell_script(words: Sequence[str], index: int) -> str | None:
    """The line a shell runs with `-c` (`bash -lc 'LINE'`), its options read from INDEX; None without."""
    while index < len(words) and words[index].startswith("-") and not words[index].startswith("--"):
        if "c" in words[index]:
            return words[index + 1] if index + 1 < len(words) else None
        index += 1
    return None


def _python_c_problem(words: Sequence[str]) -> str | None:
    if "-c" not in words:
        return None  # `python script.py` or `python -m module` is a shell command like any other
    index = words.index("-c")
    if index + 1 >= len(words):
        return "`python -c` needs the code to run"
    problem = _parse_problem(words[index + 1])
    return f"the Python after -c does not parse: {problem}" if problem else None


def _python_problem(text: str) -> str | None:
    problem = _parse_problem(text)
    if problem:
        return problem
    tree = ast.parse(text)
    if all(_only_names(node) for node in tree.body):
        return "it only names something and does nothing"
    return None


@lru_cache(maxsize=1024)
def _parse_problem(code: str) -> str | None:
    """Why CODE is not Python, or None. Cached like the shell words: bare Python is parsed twice, and
    an imported page repeats its commands."""
    try:
        ast.parse(code)
    except SyntaxError as exc:
        return f"{exc.msg} (column {exc.offset})" if exc.offset else exc.msg
    except ValueError as exc:  # source code with NUL bytes
        return str(exc)
    return None


def _only_names(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Name | ast.Constant | ast.Attribute)


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
