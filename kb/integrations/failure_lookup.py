"""Each failing test's known fault, looked up beside the test run rather than inside it.

`pytest --kb` asks for every failure. Looking it up in pytest's own process would put kb's imports,
its database connection and its caches into the process under test, and the lookups' time and
garbage into the run: 200 failures cost ~0.4 s of a 1.6 s run that way. So the plugin hands each
failure's text to a worker process (`python -m kb.integrations.failure_lookup`) as it happens and
collects the answers once the tests are over, before pytest prints its report: on any machine with a
second core the lookups run while the tests do. Where no worker can run (it cannot start, or pytest
runs under xdist, which ships each report at once), the lookups happen in the process, one by one.

The worker reads one JSON string per line on stdin, looks each up with known_fault(), and once
stdin ends writes one JSON line per question, in order: [key, text], null (no known fault) or
{"error": why}. Writing only at the end is what makes it deadlock-free: while the plugin writes,
the worker only reads.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import IO, Any

#: What a known fault is: (the entry's key, what the report shows).
Answer = tuple[str, str] | None

#: How long the plugin waits for the worker once the tests are over, at least, and per question:
#: a lookup takes a few milliseconds, so only a worker that hangs meets it.
WAIT_S = 30.0
WAIT_PER_QUESTION_S = 0.1


class LookupFailed(Exception):
    """A failure could not be looked up; the message says why, for the test report."""


#: The answers of this process, by the failure's text: a failure repeated word for word is looked up
#: once. (Not by its text with the numbers masked: two such texts can rank differently.)
_ANSWERED: dict[str, Any] = {}


def known_fault(text: str) -> Answer:
    """The confident entry for a failure's TEXT, as (key, what the report shows), or None."""
    from kb.entry.visible import command_line, shell_word, visible
    from kb.layers.everywhere import search_layers
    from kb.search.lookup import SearchOptions

    response = _ANSWERED.get(text)
    if response is None:
        options = SearchOptions(limit=1, record_usage=False, environment=True, keep_open=True)
        response = _ANSWERED[text] = search_layers(text, None, options).response
    if not response.confident:
        return None
    record = response.results[0].candidate.record
    lines = [f"{visible(str(record['key']))}: {visible(' '.join(str(record['symptom']).split())[:200])}"]
    if record.get("untrusted"):
        lines.append(f"  (its folder is not trusted yet: kb trust {shell_word(str(record['untrusted']))})")
    elif record.get("validation"):  # with the port, file or module this failure names
        command, taken = response.check_of(record, response.paste_values())
        lines.append(f"  prove it: $ {command_line(command)}")
        guessed = response.guesses_of(record, taken)
        if guessed:
            lines.append(f"    ({guessed})")
    if record.get("fix"):  # cut at a word, and said to be cut: `kb show KEY` has it all
        lines.append(f"  fix: {_cut_at_a_word(visible(' '.join(str(record['fix']).split())), 400)}")
    if record.get("layer"):
        lines.append(f"  (from the {visible(str(record['layer']))} layer)")
    return str(record["key"]), "\n".join(lines)


def _cut_at_a_word(text: str, limit: int) -> str:
    """TEXT, or as many of its words as fit LIMIT characters followed by "…"."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


class Lookups:
    """The failures of one test session, looked up by a worker (or here, when none can run).

    ask() hands one failure's text over and returns at once; answers() waits for the worker and
    returns each question's answer, or the LookupFailed that explains why it has none."""

    def __init__(self, cwd: str, environment: dict[str, str] | None = None) -> None:
        self._cwd = cwd
        self._environment = environment
        self._in_process = False
        self._worker: subprocess.Popen[bytes] | None = None
        self._asked = 0
        self._here: list[Answer | LookupFailed] = []

    def ask(self, text: str) -> None:
        if not self._in_process and self._worker is None:
            self._worker = self._start()
            self._in_process = self._worker is None
        if self._worker is None:
            with as_started(self._cwd, self._environment):
                self._here.append(answer_here(text))
            return
        assert self._worker.stdin is not None
        try:
            self._worker.stdin.write(json.dumps(text).encode() + b"\n")
            self._worker.stdin.flush()
        except OSError:  # it ended early: what it could not answer is said in answers()
            pass
        self._asked += 1

    def answers(self) -> list[Answer | LookupFailed]:
        """Every question's answer, in the order asked."""
        if self._worker is None:
            return self._here
        worker, self._worker = self._worker, None
        try:
            out, _ = worker.communicate(timeout=WAIT_S + WAIT_PER_QUESTION_S * self._asked)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.communicate()
            return [LookupFailed("the lookup took too long")] * self._asked
        except KeyboardInterrupt:  # Ctrl-C while waiting stops kb's part, not pytest's report
            worker.kill()
            worker.wait()
            return [LookupFailed("the lookup was interrupted (Ctrl-C)")] * self._asked
        except BaseException:  # leave no worker behind
            worker.kill()
            worker.wait()
            raise
        found = [_decoded(line) for line in out.splitlines()[: self._asked]]
        missing = self._asked - len(found)
        if missing:
            ended = f"kb's lookup process {_ending(worker.returncode)}"
            found += [LookupFailed(ended)] * missing
        return found

    def _start(self) -> subprocess.Popen[bytes] | None:
        try:
            return subprocess.Popen(
                # -P: the project's folder is not put on sys.path, where its own kb/ or kb.py would
                # be imported for kb (and its code run by a lookup no one asked to run it).
                [sys.executable, "-P", "-m", "kb.integrations.failure_lookup"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=self._cwd,
                env=self._environment,
                # A Ctrl-C at the terminal interrupts the tests, not the lookups of what failed so far:
                # the interrupted run still names their known faults. It ends when its stdin does.
                start_new_session=True,
            )
        except OSError:
            return None


@contextlib.contextmanager
def as_started(cwd: str, environment: dict[str, str] | None) -> Iterator[None]:
    """Inside the block, this process has the folder and environment (if given) the test run started
    with: a failing test may have changed them (monkeypatch.setenv, os.chdir) and kb would read
    another knowledge base, or make one, in the test's temporary folder."""
    saved = dict(os.environ)
    try:
        here: str | None = os.getcwd()
    except OSError:
        here = None
    try:
        if environment is not None:
            os.environ.clear()
            os.environ.update(environment)
        with contextlib.suppress(OSError):
            os.chdir(cwd)
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
        if here is not None:
            with contextlib.suppress(OSError):
                os.chdir(here)


def answer_here(text: str) -> Answer | LookupFailed:
    """known_fault(TEXT), or why it has no answer."""
    try:
        return known_fault(text)
    except Exception as exc:  # the failure itself is what matters: never hide it behind kb's own
        return LookupFailed(str(exc))


def _decoded(line: bytes) -> Answer | LookupFailed:
    from kb.hosts.kb_hosts import decoded  # the same worker answers kb-hosts, in a project's venv

    answer: Answer | LookupFailed = decoded(line, LookupFailed)
    return answer


def _ending(returncode: int | None) -> str:
    from kb.integrations.process import describe_ending

    return "ended early" if returncode is None or returncode == 0 else describe_ending(returncode)


def serve(questions: IO[bytes], answers: IO[bytes]) -> None:
    """The worker: answer every question on QUESTIONS, in order, on ANSWERS once QUESTIONS ends."""
    found: list[bytes] = []
    for line in questions:
        try:
            text = json.loads(line)
            if not isinstance(text, str):
                raise LookupFailed("not a failure's text")
            answer: Any = known_fault(text)
        except Exception as exc:
            answer = {"error": str(exc) or type(exc).__name__}
        found.append(json.dumps(answer).encode() + b"\n")
    answers.write(b"".join(found))
    answers.flush()


def main() -> None:
    try:
        serve(sys.stdin.buffer, sys.stdout.buffer)
    except BrokenPipeError:  # pytest ended without waiting for the answers
        os._exit(1)


if __name__ == "__main__":
    main()
