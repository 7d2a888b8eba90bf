"""kb's pytest plugin and IPython extension for a project's own environment, talking to the `kb` on PATH.

kb is best installed apart (pipx), and then its pytest plugin is not in the project's venv: `pytest
--kb` fails with "unrecognized arguments". This module is the small distribution `kb-hosts` that a
project installs instead (`kb export hosts`, then pip): it brings nothing of kb's own (no TUI, no
ORM, no pins to clash with the project's packages), only this file, which runs with the standard
library, pytest or IPython. It asks the `kb` on PATH (its Python, read from the script's `#!`
line; KB_PYTHON overrides) through kb's failure-lookup worker, the same one `pytest --kb` uses in
kb's own environment (kb.integrations.failure_lookup): one JSON string per line in, one answer per
line out once the input ends: [key, text], null, or {"error": why}.

- `pytest --kb`: each failure with a known fault gets a "known fault (kb)" section and the session
  ends with one line naming them. Where kb itself is importable, kb's own plugin serves and this one
  stays out of the way.
- `%load_ext kb_hosts`: an uncaught exception's known fault after its traceback; `%kb` looks up the
  last exception again.

It must import nothing of kb: it is copied into other environments as it is.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

SECTION = "known fault (kb)"
#: Seconds for kb to answer a batch: its start, then a few milliseconds per failure.
WAIT_S = 60.0


class NoKb(Exception):
    """kb cannot be asked here; the message says why and what to do."""


def kb_python(environ: Any = None) -> str:
    """The Python of the `kb` on PATH (or KB_PYTHON). Raises NoKb."""
    environ = os.environ if environ is None else environ
    if environ.get("KB_PYTHON"):
        return str(environ["KB_PYTHON"])
    script = shutil.which("kb", path=environ.get("PATH"))
    if script is None:
        raise NoKb("no kb on PATH: install it from its checkout (pipx install .), or set KB_PYTHON")
    try:
        with open(script, "rb") as handle:
            head = handle.read(2048).decode("utf-8", "replace").splitlines()[:2]
    except OSError as exc:
        raise NoKb(f"cannot read {script}: {exc.strerror}") from None
    interpreter = script_python(head)
    if interpreter is None:
        raise NoKb(f"{script} names no Python to run kb with; set KB_PYTHON to kb's Python")
    if os.sep not in interpreter:  # `#!/usr/bin/env python3`
        found = shutil.which(interpreter, path=environ.get("PATH"))
        if found is None:
            raise NoKb(f"{script} runs {interpreter}, which is not on PATH")
        return found
    return interpreter


#: The line after `#!/bin/sh` in the launcher pip writes when a Python's path is too long for a
#: `#!` line (`'''exec' /path/to/python "$0" "$@"`) or holds a space (the path in double quotes).
_SH_LAUNCHER = "'''exec' "


def launched_python(line: str) -> str | None:
    """The Python that LINE, the second of pip's `/bin/sh` launcher, execs; None for another line."""
    if not line.startswith(_SH_LAUNCHER):
        return None
    rest = line[len(_SH_LAUNCHER) :]
    path = rest[1:].split('"', 1)[0] if rest.startswith('"') else (rest.split() or [""])[0]
    return path or None


def script_python(head: Sequence[str]) -> str | None:
    """The Python a console script's first lines (HEAD) run it with: its `#!` line's, through
    `/usr/bin/env [-S] python3` too, or the one pip's `/bin/sh` launcher execs; None when it names
    none."""
    if not head or not head[0].startswith("#!"):
        return None
    words = head[0][2:].split()
    if words[:1] and os.path.basename(words[0]) == "sh":
        return launched_python(head[1]) if len(head) > 1 else None
    if words[:1] and os.path.basename(words[0]) == "env":
        words = [word for word in words[1:] if not word.startswith("-")]
    return words[0] if words and os.path.basename(words[0]).startswith("python") else None


def ask_kb(texts: Sequence[str], cwd: str | None = None) -> list[Any]:
    """Each TEXT's answer from kb's failure-lookup worker: (key, text), None, or a NoKb that says
    why there is none."""
    if not texts:
        return []
    try:
        python = kb_python()
        run = subprocess.run(
            [python, "-P", "-m", "kb.integrations.failure_lookup"],  # -P: not the project's own kb/
            input="".join(json.dumps(text) + "\n" for text in texts).encode(),
            capture_output=True,
            cwd=cwd,
            timeout=WAIT_S,
            check=False,
        )
    except NoKb as exc:
        return [exc] * len(texts)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return [NoKb(f"kb could not be asked: {exc}")] * len(texts)
    except KeyboardInterrupt:  # Ctrl-C stops kb's part, not the host's report (run() ended the worker)
        return [NoKb("the lookup was interrupted (Ctrl-C)")] * len(texts)
    answers: list[Any] = [decoded(line) for line in run.stdout.splitlines()[: len(texts)]]
    if len(answers) < len(texts):
        last = run.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [f"exit {run.returncode}"]
        answers += [NoKb(f"kb's lookup ended early: {last[0][:200]}")] * (len(texts) - len(answers))
    return answers


def decoded(line: bytes, failed: type[Exception] = NoKb) -> Any:
    """One answer of kb's failure-lookup worker: (key, text), None, or a FAILED that says why."""
    try:
        value = json.loads(line)
    except ValueError:
        return failed("kb's lookup process answered something else")
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2 and all(isinstance(part, str) for part in value):
        return value[0], value[1]
    if isinstance(value, dict) and isinstance(value.get("error"), str):
        return failed(value["error"])
    return failed("kb's lookup process answered something else")


def encodable(text: str, encoding: str | None) -> str:
    """TEXT with each character ENCODING cannot carry (a C or Latin-1 locale's stream: `…`, `→`,
    Chinese) written as its escape, `\\u2026`: print() would raise, IPython would then drop the
    extension, and pytest writes a section it cannot encode escaped whole, newlines and all."""
    try:
        return text.encode(encoding or "utf-8", "backslashreplace").decode(encoding or "utf-8")
    except LookupError:
        return text


def _say(text: str, stream: Any) -> None:
    print(encodable(text, getattr(stream, "encoding", None)), file=stream)


def known_faults_line(known: Sequence[tuple[str, str]], failed: int) -> str:
    """The line a test session ends with: how many of its FAILED failures are known faults, and
    which (KNOWN: each one's entry key and test id), the first five named."""
    names = ", ".join(f"{key} ({nodeid})" for key, nodeid in known[:5])
    more = f" and {len(known) - 5} more" if len(known) > 5 else ""
    return f"kb: {len(known)} of {failed} failures are known faults: {names}{more}"


def failure_text(report: Any) -> str:
    """A failing test's report as Python prints the failure: `Traceback (most recent call last):`,
    each frame's file, line and the line that ran, then the error (chained ones first, as Python
    does). What `kb search` reads and is measured on; pytest's own report shows the source around
    each frame (a library's code and comments), whose words read as evidence of faults they are not.
    Built from the report's structure, which a pytest-xdist worker's report keeps; a report without
    one (a collection error) is given as pytest wrote it."""
    chain = getattr(getattr(report, "longrepr", None), "chain", None)
    if not chain:
        return str(getattr(report, "longreprtext", ""))
    parts: list[str] = []
    for number, (traceback, crash, description) in enumerate(chain):
        lines = ["Traceback (most recent call last):"]
        entries = list(getattr(traceback, "reprentries", ()))
        error: list[str] = []
        for entry in entries:
            source = [str(line) for line in getattr(entry, "lines", ())]
            where = getattr(entry, "reprfileloc", None)
            if where is None:  # --tb=native: the lines are Python's own
                lines += [line.rstrip("\n") for line in source]
                continue
            ran = [line[1:].strip() for line in source if line.startswith(">")]
            ran = ran or [line.strip() for line in source[:1] if line.strip().strip("^")]
            message = str(getattr(where, "message", ""))
            defined = [line.strip()[4:].split("(")[0] for line in source if line.strip().startswith("def ")]
            function = message[3:] if message.startswith("in ") else (defined[:1] or ["<module>"])[0]
            lines.append(f'  File "{where.path}", line {where.lineno}, in {function}')
            lines += [f"    {line}" for line in ran[:1]]
            error = [line[1:].strip() for line in source if line.startswith("E ") or line == "E"]
        if number == len(chain) - 1 and _the_tests_own_check(error):
            # what failed is the test's comparison: the values it compared (and the exception
            # pytest.raises expected) are the test's data, not an error the code under test raised
            return "\n".join([*lines, "AssertionError"]) + "\n"
        lines += error or [str(getattr(crash, "message", ""))]
        parts.append("\n".join(lines))
        if description:
            parts.append(f"\n{description}\n")
    return "\n".join(parts) + "\n"


def _the_tests_own_check(error: list[str]) -> bool:
    """Whether ERROR, a failure's last error lines as pytest shows them, is pytest's explanation of a
    check the test made: a rewritten `assert x == y` (`assert 'Target -1 …' == '…'` and its diff)
    or a `pytest.raises(match=…)` whose pattern the message did not match (`Regex: …`, `Input: …`).
    A message the test gave its assert (`assert ok, "loss is nan"`) is the test's own words, kept."""
    first = error[0] if error else ""
    return first.startswith(("assert ", "AssertionError: assert ")) or first.startswith(
        "AssertionError: Regex pattern did not match"
    )


def _kb_serves_here() -> bool:
    """Whether kb itself is installed in this environment: its own plugin, registered by its
    distribution, then serves. Asked of the distribution, not by importing `kb`: another project
    on the package index is called kb too."""
    from importlib import metadata

    try:
        metadata.distribution("ml-fault-kb")
    except metadata.PackageNotFoundError:
        return False
    return True


# --- pytest ------------------------------------------------------------------------------------------

_FAILED: list[Any] = []  # (report, nodeid) of this session's failures, in order
_KNOWN: list[tuple[str, str]] = []
_STATE: dict[str, Any] = {
    "enabled": False,
    "settled": False,
    "trouble": "",
    "xdist_worker": False,
    "encoding": None,  # the terminal's, where pytest prints each section
}


def pytest_addoption(parser: Any) -> None:
    if _kb_serves_here():
        return
    group = parser.getgroup("kb", "kb, the fault knowledge base (through the kb on PATH)")
    group.addoption(
        "--kb", action="store_true", default=False, help="Name each failure's known fault from kb."
    )


def pytest_configure(config: Any) -> None:
    if not _kb_serves_here() and config.getoption("kb", False):
        # An xdist worker's config has workerinput (its environment may not say: a pytest run inside
        # another's worker inherits PYTEST_XDIST_WORKER).
        _STATE.update(
            enabled=True,
            settled=False,
            trouble="",
            xdist_worker=hasattr(config, "workerinput"),
            encoding=getattr(sys.stdout, "encoding", None),  # not captured while pytest configures
        )
        _FAILED.clear()
        _KNOWN.clear()


def pytest_runtest_logreport(report: Any) -> None:
    """Collect each failure; under pytest-xdist, the controller does (its reports come from the
    workers), and the workers ask nothing."""
    if _STATE["enabled"] and report.failed and not _STATE["xdist_worker"]:
        _FAILED.append((report, report.nodeid))


def pytest_sessionfinish(session: Any) -> None:
    _settle(str(session.config.invocation_params.dir))


def _settle(cwd: str) -> None:
    if not _STATE["enabled"] or _STATE["settled"]:
        return
    _STATE["settled"] = True
    answers = ask_kb([failure_text(report) for report, _ in _FAILED], cwd)
    reasons = {str(answer) for answer in answers if isinstance(answer, NoKb)}
    if len(reasons) == 1 and all(isinstance(answer, NoKb) for answer in answers):
        _STATE["trouble"] = reasons.pop()  # kb could not be asked at all: one line, not one per failure
        return
    for (report, nodeid), answer in zip(_FAILED, answers, strict=True):
        _show(report, nodeid, answer)


def _show(report: Any, nodeid: str, answer: Any) -> None:
    if isinstance(answer, Exception):
        text = f"kb could not look this failure up: {answer}"
        report.sections.append((SECTION, encodable(text, _STATE["encoding"])))
    elif answer is not None:
        key, text = answer
        report.sections.append((SECTION, encodable(text, _STATE["encoding"])))
        _KNOWN.append((key, nodeid))


def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:
    if not _STATE["enabled"]:
        return
    _settle(str(config.invocation_params.dir))
    if _STATE["trouble"]:
        terminalreporter.write_line(f"kb: could not look the failures up: {_STATE['trouble']}")
    if not _KNOWN:
        return
    failed = len(terminalreporter.stats.get("failed", [])) + len(terminalreporter.stats.get("error", []))
    terminalreporter.write_line(known_faults_line(_KNOWN, failed))


# --- IPython -----------------------------------------------------------------------------------------


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext kb_hosts`: an uncaught exception's known fault after its traceback; `%kb` again."""
    import traceback

    def text_of(value: BaseException) -> str:
        return "".join(traceback.format_exception(type(value), value, value.__traceback__))

    def tell(text: str) -> None:
        try:
            cwd: str | None = os.getcwd()
        except OSError:  # the working folder was removed: kb reads the personal knowledge base alone
            cwd = os.path.abspath(os.sep)
        (answer,) = ask_kb([text], cwd)
        if isinstance(answer, Exception):
            _say(f"kb: could not look this error up: {answer}", sys.stderr)
        elif answer is not None:
            _say(f"kb: known fault\n{answer[1]}", sys.stdout)

    def handler(shell: Any, etype: Any, value: BaseException, tb: Any, tb_offset: Any = None) -> None:
        # the user's error first, as IPython shows one its code raised (a SyntaxError from `ast.parse`
        # with its traceback, not as if the cell itself could not compile)
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
        tell(text_of(value))

    def kb_magic(line: str) -> None:
        last = getattr(sys, "last_value", None)
        if line.strip():
            said = "kb: %kb here looks up the last exception; search words with `kb search` in a shell"
            _say(said, sys.stdout)
        elif last is None:
            _say("kb: no exception yet", sys.stderr)
        else:
            tell(text_of(last))

    ipython.set_custom_exc((Exception,), handler)
    ipython.register_magic_function(kb_magic, "line", "kb")


def unload_ipython_extension(ipython: Any) -> None:
    ipython.set_custom_exc((), None)
