"""What kb answers an agent that reports a check's output: the verdict and the next step."""

from __future__ import annotations

import pytest

from kb.verify.reported import ReportedVerdict


def test_a_confirmed_cause_is_answered_with_its_fix() -> None:
    told = ReportedVerdict(
        "port-held", "confirmed", "the output has 'fault: held'", "Stop the old server.", "", ""
    )
    assert told.answer() == "confirmed: port-held is the cause; apply its fix"
    assert told.as_json()["fix"] == "Stop the old server." and "next" not in told.as_json()


def test_a_ruled_out_cause_names_the_next_check_or_says_none_is_left() -> None:
    onward = ReportedVerdict("a", "ruled out", "exit 0", "", "b", "python -c 'print(1)'")
    assert onward.answer() == "ruled out: not a; next, check b"
    assert onward.as_json()["next"] == {"key": "b", "check": "python -c 'print(1)'"}
    last = ReportedVerdict("a", "ruled out", "exit 0", "", "", "")
    assert last.answer() == "ruled out: not a; kb has no other candidate with a check to offer"


def test_any_other_verdict_is_said_with_its_reason() -> None:
    told = ReportedVerdict("a", "could not run here", "no GPU", "", "", "")
    assert told.answer() == "could not run here: no GPU"


def test_after_a_ruled_out_cause_the_next_candidate_with_a_check_is_named() -> None:
    from kb.verify.reported import next_check

    told = ReportedVerdict("a", "ruled out", "exit 0", "", "", "")
    checks = {"a": "check a", "b": None, "c": "check c", "d": "check d"}
    onward = next_check(told, ["a", "b", "c", "d"], ["c"], checks.get)
    assert (onward.next_key, onward.next_check) == ("d", "check d")  # b has none, c was ruled out
    assert (
        next_check(told, ["a", "b"], [], checks.get)
        .answer()
        .endswith("kb has no other candidate with a check to offer")
    )
    confirmed = told._replace(verdict="confirmed")
    assert next_check(confirmed, ["d"], [], checks.get) == confirmed


@pytest.mark.parametrize(
    "check",
    [
        "assert open('data.csv').read().isascii()",  # statements run as written
        "__import__('torch').cuda.is_available()  # an expression, shown as the REPL shows it",
        "import json; print(json.dumps({'a': \"it's\"}))",
    ],
)
def test_a_bare_python_check_reads_back_from_the_shell_line_it_is_handed_out_as(check: str) -> None:
    from kb.verify.runner import bare_python, python_shell_line

    line = python_shell_line(check)
    assert line.startswith("python3 -c ") and bare_python(line) == check
    assert bare_python(line.replace("python3", "/proj/.venv/bin/python", 1)) == check
    assert bare_python(f"sh -c {line!r}") is None
