"""How `kb run` names the command in its own lines: as it ran, redacted, on one line."""

from __future__ import annotations

from kb.cli.run import _shown


def test_the_command_is_named_whole_with_its_secrets_redacted() -> None:
    shown = _shown(["python", "train.py", "--api-key", "sk-abcdef0123456789abcdef", "--lr\n3e-4"])
    assert shown.startswith("python train.py --api-key ") and "sk-abcdef" not in shown
    assert "\n" not in shown


def test_a_newline_inside_an_argument_is_named_as_its_escape_not_a_space() -> None:
    """`python -c $'\\nimport time\\ntime.sleep(30)'` was named `python -c ' import time
    time.sleep(30)'`, a command that does not run what ran."""
    assert (
        _shown(["python", "-c", "\nimport time\ntime.sleep(3)"])
        == "python -c '\\nimport time\\ntime.sleep(3)'"
    )
