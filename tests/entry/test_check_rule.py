"""A check's filled-in values, through a real shell: they arrive as data, never as shell syntax.
(The rule's parsing and filling are tested in tests/unit/entry/test_check_rule.py.)"""

from __future__ import annotations

import subprocess

from kb.entry.check_rule import fill, parse_check_rule


def test_a_filled_value_reaches_the_command_as_data() -> None:
    rule = parse_check_rule({"confirms": "exit 0", "inputs": {"path": "data.csv"}})
    command = fill("printf '%s\\n' {path} \"{path}\"", rule, {"path": "configs/train.yaml"})
    ran = subprocess.run(["/bin/sh", "-c", command], capture_output=True, text=True, check=True)
    assert ran.stdout == "configs/train.yaml\nconfigs/train.yaml\n"
