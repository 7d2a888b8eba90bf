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


def test_a_long_reported_output_keeps_the_lines_its_rule_reads_from_the_part_cut() -> None:
    """A check that printed `fault: …` and then half a megabyte of log was confirmed by kb check and
    inconclusive as an agent reported it: only the last 200,000 characters were read."""
    from kb.verify.reported import kept_of_reported

    output = "fault: Target 7 is out of bounds\n" + "step 1 loss 2.3\n" * 30_000 + "done\n"
    kept = kept_of_reported(output, ["^fault: ", "^ok: "], limit=1_000)
    assert kept.startswith("fault: Target 7 is out of bounds\n… (")
    assert "characters cut (the lines above, which the check's rule reads, among them)" in kept
    assert kept.endswith("step 1 loss 2.3\ndone\n") and len(kept) < 1_200
    assert kept_of_reported("fault: short\n", ["^fault: "]) == "fault: short\n"
    assert "fault:" not in kept_of_reported("x" * 2_000, ["^fault: "], limit=1_000)
