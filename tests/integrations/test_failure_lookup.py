"""The lookups of `pytest --kb`, beside the run: what the worker answers, and what happens when it
cannot answer."""

from __future__ import annotations

import io
import json
import signal
from pathlib import Path

import pytest

from kb.integrations.failure_lookup import LookupFailed, Lookups, serve

LABELS = "IndexError: Target 5 is out of bounds."
UNKNOWN = "ValueError: the quux frobnicator rejected the zorblax"


def test_the_worker_answers_every_question_in_order_once_its_input_ends() -> None:
    questions = io.BytesIO(b"".join(json.dumps(q).encode() + b"\n" for q in (LABELS, UNKNOWN, 7)))
    answers = io.BytesIO()
    serve(questions, answers)
    lines = [json.loads(line) for line in answers.getvalue().splitlines()]
    assert len(lines) == 3
    key, text = lines[0]
    assert key == "cross-entropy-label-out-of-range" and "prove it: $ " in text
    assert lines[1] is None
    assert lines[2] == {"error": "not a failure's text"}


def test_the_answers_come_back_in_the_order_asked(tmp_path: Path) -> None:
    lookups = Lookups(str(tmp_path))
    for text in (UNKNOWN, LABELS, UNKNOWN):
        lookups.ask(text)
    answers = lookups.answers()
    assert answers[0] is None and answers[2] is None
    assert isinstance(answers[1], tuple) and answers[1][0] == "cross-entropy-label-out-of-range"


def test_without_a_worker_the_failures_are_looked_up_here(tmp_path: Path) -> None:
    lookups = Lookups(str(tmp_path / "gone"))  # no such folder to start the worker in
    lookups.ask(LABELS)
    (answer,) = lookups.answers()
    assert isinstance(answer, tuple) and answer[0] == "cross-entropy-label-out-of-range"


def test_a_worker_that_dies_leaves_each_failure_a_reason(tmp_path: Path) -> None:
    lookups = Lookups(str(tmp_path))
    lookups.ask(LABELS)
    lookups.ask(UNKNOWN)
    worker = lookups._worker
    assert worker is not None
    worker.send_signal(signal.SIGKILL)
    worker.wait()
    answers = lookups.answers()
    assert len(answers) == 2
    assert all(isinstance(a, LookupFailed) and "killed by SIGKILL" in str(a) for a in answers)


def test_ctrl_c_while_the_answers_are_awaited_ends_kbs_part_and_leaves_no_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pytest waits for the answers in its sessionfinish: a Ctrl-C there ended pytest with a
    traceback and no report at all; now kb's part is dropped and pytest's report follows."""
    lookups = Lookups(str(Path.cwd()))
    lookups.ask("IndexError: Target 5 is out of bounds.")
    worker = lookups._worker
    assert worker is not None

    def interrupted(timeout: float | None = None) -> tuple[bytes, bytes]:
        raise KeyboardInterrupt

    monkeypatch.setattr(worker, "communicate", interrupted)
    (answer,) = lookups.answers()
    assert isinstance(answer, LookupFailed) and str(answer) == "the lookup was interrupted (Ctrl-C)"
    assert worker.poll() is not None
