"""Reading a run of a check as a verdict about the fault (kb.verify.verdict), by the entry's rule."""

from __future__ import annotations

import pytest

from kb.entry.check_rule import NO_RULE, CheckRule, health_counts
from kb.verify.verdict import read_verdict

EXIT_0 = CheckRule("exit 0")
NONZERO = CheckRule("exit non-zero")
OUTPUT = CheckRule("output", "^fault: ", "^ok: ")
FOUND_ONLY = CheckRule("output", "^fault: ")
PROBE = CheckRule("nothing")


@pytest.mark.parametrize(
    ("rule", "exit_code", "output", "verdict"),
    [
        (EXIT_0, 0, "p 1234 python\n", "confirmed"),
        (EXIT_0, 1, "", "ruled out"),  # `lsof -i :8000` with the port free
        (NONZERO, 1, "TypeError: cannot pickle '_io.BufferedReader' object\n", "confirmed"),
        (NONZERO, 0, "pickles\n", "ruled out"),
        (OUTPUT, 0, "fault: 4 labels outside [0, 3): [-1, 3, 5, 7]\n", "confirmed"),
        (OUTPUT, 0, "ok: all 1200 labels in [0, 3)\n", "ruled out"),
        (OUTPUT, 0, "bad labels: 0\n", "inconclusive"),
        (OUTPUT, 1, "progress…\nfault: found it\nthen exit 1\n", "confirmed"),
        (FOUND_ONLY, 0, "nothing here\n", "ruled out"),
        (FOUND_ONLY, 2, "nothing here\n", "inconclusive"),  # no crash: nothing says its code is wrong
        (FOUND_ONLY, 1, "", "ruled out"),  # `grep -n 'torch.load(' train.py | grep -v map_location`
        (OUTPUT, 0, "ok: labels in range\nfault: 3 labels out of range\n", "inconclusive"),
        (PROBE, 0, "bad labels: 4\n", "inconclusive"),
        (NO_RULE, 1, "", "inconclusive"),
    ],
)
def test_a_run_is_read_by_the_rule_the_entry_declares(
    rule: CheckRule, exit_code: int, output: str, verdict: str
) -> None:
    assert read_verdict(rule, "exited", exit_code, output).verdict == verdict


@pytest.mark.parametrize(
    "output",
    [
        "scanning: 100%|##########| 3/3\rfault: 3 of 100 labels out of range\n",  # a bar left on stderr
        "\x1b[31mfault: port 8000 held by pid 4242\x1b[0m\n",  # printed in colour
        "\x1b[1m\x1b[31mfault:\x1b[0m port 8000 held\r\n",
    ],
)
def test_the_confirming_line_is_found_as_the_terminal_shows_it(output: str) -> None:
    """The line was in the output, after a progress bar's carriage return or behind a colour code,
    and `^fault: ` did not match it: "ruled out", while the output said the fault was there."""
    for rule in (FOUND_ONLY, OUTPUT):
        reading = read_verdict(rule, "exited", 0, output)
        assert (
            reading.verdict == "confirmed" and "\\x1b" not in reading.reason and "\\r" not in reading.reason
        )
    assert (
        read_verdict(OUTPUT, "exited", 0, "\x1b[32mok: all labels in range\x1b[0m\n").verdict == "ruled out"
    )


@pytest.mark.parametrize("rule", [EXIT_0, NONZERO, OUTPUT, PROBE, NO_RULE])
def test_a_missing_module_anywhere_in_the_output_could_not_run_here(rule: CheckRule) -> None:
    output = (
        "Traceback …\nModuleNotFoundError: No module named 'torch'\nretrying on CPU\nValueError: no data\n"
    )
    reading = read_verdict(rule, "exited", 1, output)
    assert reading == ("could not run here", "the Python module torch is not installed")


def test_a_missing_module_that_is_the_entrys_own_symptom_is_a_finding() -> None:
    symptom = "ModuleNotFoundError: No module named 'torch' in the DDP workers"
    output = "ModuleNotFoundError: No module named 'torch'\n"
    assert read_verdict(NONZERO, "exited", 1, output, symptom).verdict == "confirmed"


@pytest.mark.parametrize(
    ("output", "reason"),
    [
        (
            '  File "<string>", line 1\nSyntaxError: invalid syntax\n',
            "its Python does not parse: invalid syntax",
        ),
        ("NameError: name 'lodaer' is not defined\n", "its Python names something undefined"),
        (
            'sh: 1: Syntax error: "(" unexpected\n',
            'its shell line does not parse: Syntax error: "(" unexpected',
        ),
        (
            "bash: -c: line 1: syntax error near unexpected token `('\n",
            "its shell line does not parse: syntax error near unexpected token `('",
        ),
    ],
)
def test_a_check_whose_own_code_is_wrong_broke(output: str, reason: str) -> None:
    reading = read_verdict(NONZERO, "exited", 2, output)
    assert reading.verdict == "the check broke" and reading.reason.startswith(reason)


def test_a_crash_under_an_exit_non_zero_rule_confirms_only_the_entrys_own_error() -> None:
    """A check whose non-zero exit is the fault read a KeyError in its own code as "confirmed"."""
    crash = (
        "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nKeyError: 'labels'\n"
    )
    symptom = "RuntimeError: CUDA error: device-side assert triggered\nIndexError: Target 3 is out of bounds."
    reading = read_verdict(NONZERO, "exited", 1, crash, symptom)
    assert reading.verdict == "inconclusive" and "crashed with KeyError" in reading.reason
    reproduced = crash.replace("KeyError: 'labels'", "IndexError: Target 7 is out of bounds.")
    assert read_verdict(NONZERO, "exited", 1, reproduced, symptom).verdict == "confirmed"
    asserted = crash.replace("KeyError: 'labels'", "AssertionError: fault: 3 labels outside [0, 3)")
    assert read_verdict(NONZERO, "exited", 1, asserted, symptom).verdict == "confirmed"
    assert read_verdict(NONZERO, "exited", 1, "grep: no match\n", symptom).verdict == "confirmed"


def test_a_crash_under_an_exit_0_rule_is_not_a_ruled_out_cause() -> None:
    output = (
        "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nKeyError: 'labels'\n"
    )
    assert read_verdict(EXIT_0, "exited", 1, output).verdict == "the check broke"
    failed = 'Traceback (most recent call last):\n  File "<string>", line 1\nAssertionError: labels ok\n'
    assert read_verdict(EXIT_0, "exited", 1, failed).verdict == "ruled out"


def test_a_timeout_and_a_command_that_never_started_are_no_verdict() -> None:
    assert read_verdict(EXIT_0, "timeout", None, "", seconds=60).verdict == "inconclusive"
    assert read_verdict(EXIT_0, "not started", None, "").verdict == "could not run here"


def test_a_script_that_is_not_here_could_not_run_here() -> None:
    output = "python3: can't open file '/p/train.py': [Errno 2] No such file or directory\n"
    assert read_verdict(OUTPUT, "exited", 2, output) == ("could not run here", "/p/train.py is not here")


def test_a_project_without_the_name_a_check_imports_could_not_run_here() -> None:
    output = "ImportError: cannot import name 'loader' from 'train' (/p/train.py)\n"
    assert read_verdict(OUTPUT, "exited", 1, output) == (
        "could not run here",
        "this project's train has no loader",
    )


def test_only_a_broken_check_counts_against_the_entry() -> None:
    assert [health_counts(v) for v in ("confirmed", "ruled out", "inconclusive", "could not run here")] == [
        False
    ] * 4
    assert health_counts("the check broke")


def test_a_project_that_fails_before_the_check_decides_is_not_a_broken_check() -> None:
    """The check's `from train import loader` ran the user's train.py, which raised: the check is fine."""
    output = (
        "Traceback (most recent call last):\n"
        '  File "<string>", line 1, in <module>\n'
        '  File "/home/ana/proj/train.py", line 12, in <module>\n'
        "    lr = config['lr']\n"
        "NameError: name 'config' is not defined\n"
    )
    for rule in (EXIT_0, NONZERO, FOUND_ONLY):
        reading = read_verdict(rule, "exited", 1, output)
        assert reading.verdict == "inconclusive" and "/home/ana/proj/train.py" in reading.reason
    own = 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nNameError: lodaer\n'
    assert read_verdict(NONZERO, "exited", 1, own).verdict == "the check broke"


def test_a_check_that_runs_the_project_into_the_entrys_own_error_confirms() -> None:
    """`python3 failing.py` under "exit non-zero" ended in the very KeyError the entry is about, raised
    in the project's file, and was read as the project failing before the check could decide."""
    symptom = "KeyError: 'SNORKEL_BUCKET_URI'"
    output = (
        "Traceback (most recent call last):\n"
        '  File "/home/ana/proj/failing.py", line 3, in <module>\n'
        "    load({})\n"
        '  File "/home/ana/proj/failing.py", line 2, in load\n'
        '    return c["SNORKEL_BUCKET_URI"]\n'
        "KeyError: 'SNORKEL_BUCKET_URI'\n"
    )
    assert read_verdict(NONZERO, "exited", 1, output, symptom).verdict == "confirmed"
    other = output.replace("KeyError: 'SNORKEL_BUCKET_URI'\n", "NameError: name 'c' is not defined\n")
    reading = read_verdict(NONZERO, "exited", 1, other, symptom)
    assert reading.verdict == "inconclusive" and "failing.py" in reading.reason
    for rule in (EXIT_0, FOUND_ONLY):  # a crash says nothing these rules read
        assert read_verdict(rule, "exited", 1, output, symptom).verdict == "inconclusive"


def test_a_crash_of_the_symptoms_class_confirms_only_with_the_symptoms_message() -> None:
    """RuntimeError is most of torch's errors: a corrupt checkpoint is no device-count fault."""
    symptom = (
        "RuntimeError: Attempting to deserialize object on CUDA device 1 but torch.cuda.device_count() is 1"
    )
    crash = 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n{}\n'
    corrupt = crash.format(
        "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central"
    )
    reading = read_verdict(NONZERO, "exited", 1, corrupt, symptom)
    assert reading.verdict == "inconclusive" and "something other than the entry's symptom" in reading.reason
    same = crash.format(
        "RuntimeError: Attempting to deserialize object on CUDA device 3 but torch.cuda.device_count() is 2."
    )
    assert read_verdict(NONZERO, "exited", 1, same, symptom).verdict == "confirmed"
    bare = crash.format("RuntimeError")
    assert read_verdict(NONZERO, "exited", 1, bare, symptom).verdict == "confirmed"


def test_the_symptoms_error_about_another_name_is_not_the_entrys_fault() -> None:
    """`No module named 'torch'`, from a check that imports torch first, shares all its words but
    the module with the entry's `No module named '_sqlite3'`, and was its fault "confirmed"."""
    crash = 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n{}\n'
    missing = read_verdict(
        NONZERO,
        "exited",
        1,
        crash.format("ModuleNotFoundError: No module named 'torch'"),
        "ModuleNotFoundError: No module named '_sqlite3'",
    )
    assert missing == ("could not run here", "the Python module torch is not installed")
    symptom = "AttributeError: module 'transformers' has no attribute 'LlamaForCausalLM'"
    other = crash.format("AttributeError: module 'json' has no attribute 'LlamaForCausalLM'")
    assert read_verdict(NONZERO, "exited", 1, other, symptom).verdict == "inconclusive"
    same = crash.format(symptom)
    assert read_verdict(NONZERO, "exited", 1, same, symptom).verdict == "confirmed"


@pytest.mark.parametrize("rule", [EXIT_0, NONZERO])
def test_a_search_that_failed_is_neither_a_match_nor_none(rule: CheckRule) -> None:
    """`grep -qs PATTERN missing.log` prints nothing and exits 2, its error: "exit 0" read it as the
    cause ruled out, and "exit non-zero" as confirmed."""
    line = "grep -qs 'Killed process' /var/log/worker.log"
    assert read_verdict(rule, "exited", 2, "", command=line).verdict == "inconclusive"
    assert read_verdict(rule, "exited", 1, "", command=line).verdict != "inconclusive"
    piped = "dmesg | grep -q 'Out of memory'"
    assert read_verdict(rule, "exited", 2, "", command=piped).verdict == "inconclusive"
    assert read_verdict(rule, "exited", 2, "", command="python check.py").verdict != "inconclusive"


def test_the_shells_own_question_whether_a_program_is_there_is_answered_not_unrun() -> None:
    """dash's `command -v deepspeed` says nothing and exits 127 when it is not there: that is the
    check's answer, and was read as a command that could not be run."""
    asked = read_verdict(
        NONZERO, "exited", 127, "", "sh: 1: deepspeed: not found", command="command -v deepspeed"
    )
    assert asked.verdict == "confirmed"
    unrun = read_verdict(
        NONZERO, "exited", 127, "", "sh: 1: deepspeed: not found", command="deepspeed --version"
    )
    assert unrun == ("could not run here", "the command could not be run")


@pytest.mark.parametrize("rule", [EXIT_0, NONZERO, FOUND_ONLY])
def test_a_command_the_shell_could_not_execute_could_not_run_here(rule: CheckRule) -> None:
    """Exit 126: found but not executable (a lost exec bit, a noexec mount): the check never ran."""
    reading = read_verdict(rule, "exited", 126, "/bin/sh: 1: ./probe.sh: Permission denied\n")
    assert reading == ("could not run here", "the command could not be executed here (exit 126)")


def test_a_check_killed_by_a_signal_decides_nothing_and_is_not_broken() -> None:
    for rule in (EXIT_0, NONZERO, OUTPUT):
        reading = read_verdict(rule, "exited", -9, "loading 40 GB of features\n")
        assert reading.verdict == "inconclusive" and reading.reason.startswith("killed by signal 9")


def test_a_missing_file_the_check_looks_for_is_not_read_as_could_not_run_here() -> None:
    """`cat checkpoints/best/tokenizer_config.json`, "exit non-zero" confirms: the file missing is
    the fault the check looks for, and kb said "could not run here"."""
    output = "cat: checkpoints/best/tokenizer_config.json: No such file or directory\n"
    command = "cat checkpoints/best/tokenizer_config.json"
    looked_for = read_verdict(NONZERO, "exited", 1, output, command=command)
    assert looked_for.verdict == "inconclusive" and "its absence is the fault" in looked_for.reason
    elsewhere = read_verdict(NONZERO, "exited", 1, output, command="python check_tokenizer.py")
    assert elsewhere.verdict == "could not run here"  # a file the check needs, not one it names
    assert read_verdict(EXIT_0, "exited", 1, output, command=command).verdict == "could not run here"


@pytest.mark.parametrize(
    ("rule", "exit_code", "output", "reading"),
    [
        (
            NONZERO,
            1,
            "/proj/.venv/bin/python: No module named pytest\n",
            ("could not run here", "the Python module pytest is not installed"),
        ),
        (
            EXIT_0,
            1,
            'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
            "ImportError: /v/lib/python3.11/site-packages/torch/_C.cpython-311-x86_64-linux-gnu.so:"
            " file too short\n",
            (
                "could not run here",
                "the compiled library _C.cpython-311-x86_64-linux-gnu.so does not load here",
            ),
        ),
        (
            EXIT_0,
            1,
            "ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory\n",
            ("could not run here", "the compiled library libcudnn.so.8 does not load here"),
        ),
    ],
)
def test_a_check_that_never_reached_the_fault_could_not_run_here(
    rule: CheckRule, exit_code: int, output: str, reading: tuple[str, str]
) -> None:
    """`python -m pytest` without pytest exits 1 with Python's own one line, and a native library that
    does not load raises ImportError: "exit non-zero" confirmed the first, and both were counted as
    the check breaking or as a verdict about the fault."""
    assert read_verdict(rule, "exited", exit_code, output) == reading


@pytest.mark.parametrize(
    ("output", "reason"),
    [
        ("ls: cannot access '/data/cfg.yaml': No such file or directory\n", "/data/cfg.yaml is not here"),
        (
            "head: cannot open '/data/shard_0.arrow' for reading: No such file or directory\n",
            "/data/shard_0.arrow is not here",
        ),
        ("bash: line 1: cd: /mnt/ckpt: No such file or directory\n", "/mnt/ckpt is not here"),
        ("sh: 1: cd: can't cd to /mnt/ckpt\n", "/mnt/ckpt is not here"),
        (
            "nvidia-smi: error while loading shared libraries: libnvidia-ml.so.1: cannot open shared"
            " object file: No such file or directory\n",
            "the compiled library libnvidia-ml.so.1 does not load here",
        ),
    ],
)
def test_what_a_tool_or_shell_could_not_find_rules_nothing_out(output: str, reason: str) -> None:
    """`ls`, `head`, a shell's `cd` and a program whose library does not load say in their own words
    that something is not on this machine: under "exit 0 confirms" each was read as "ruled out"."""
    assert read_verdict(EXIT_0, "exited", 2, output, command="python check.py") == (
        "could not run here",
        reason,
    )


def test_a_test_file_pytest_cannot_find_is_no_verdict_about_the_fault() -> None:
    output = "ERROR: file or directory not found: tests/test_data.py\n\nno tests ran in 0.01s\n"
    command = "python -m pytest -q tests/test_data.py"
    assert read_verdict(NONZERO, "exited", 4, output, command=command).verdict == "inconclusive"
    assert read_verdict(NONZERO, "exited", 4, output).verdict == "could not run here"


def test_a_ruling_out_line_the_run_crashed_after_is_not_the_checks_conclusion() -> None:
    """The project printed `ok: config loaded` as the check imported it, then crashed: that was read
    as "ruled out" though the check never looked at the labels."""
    output = (
        'ok: config loaded\nTraceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
        '  File "/proj/train.py", line 5, in <module>\n    raise RuntimeError("x")\nRuntimeError: x\n'
    )
    reading = read_verdict(OUTPUT, "exited", 1, output)
    assert reading.verdict == "inconclusive" and "/proj/train.py" in reading.reason
    assert read_verdict(OUTPUT, "exited", 0, "ok: all 1200 labels in [0, 3)\n").verdict == "ruled out"
    # crashed in the check's own line after it said ok: the reason said it matched neither line
    own = (
        "ok: 3 GPUs\nTraceback (most recent call last):\n"
        '  File "<string>", line 1, in <module>\nZeroDivisionError: x\n'
    )
    reading = read_verdict(OUTPUT, "exited", 1, own)
    assert reading == (
        "inconclusive",
        "the output has 'ok: 3 GPUs', but the check crashed after it (exit 1): read its output",
    )


AWK_FILTERED_TYPO = """\
  File "/home/ana/proj/train.py", line 3, in <module>
    print(modle(torch.randn(2, 4)))
NameError: name 'modle' is not defined. Did you mean: 'model'?
exit status 1
"""


def test_an_error_in_the_projects_code_is_not_a_broken_check() -> None:
    """A seed check's filter keeps a traceback's frames, not its header: a typo in the user's
    train.py read as "the check broke", twice, and kb prune offered to archive the seed."""
    command = "(python train.py 2>&1; echo \"exit status $?\") | awk '/^  File|Error/ { print }'"
    reading = read_verdict(OUTPUT, "exited", 1, AWK_FILTERED_TYPO, command=command)
    assert (reading.verdict, reading.reason) == (
        "inconclusive",
        "the project's code failed in /home/ana/proj/train.py before the check could decide",
    )
    own = 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
    own += "NameError: name 'x' is not defined\n"
    assert read_verdict(EXIT_0, "exited", 1, own).verdict == "the check broke"


def test_a_crash_inside_an_installed_package_is_no_broken_check() -> None:
    """torch.load of a corrupt file crashes in torch: the data may be the fault; "broke" counted it
    against the entry's health."""
    output = (
        "Traceback (most recent call last):\n"
        '  File "<string>", line 1, in <module>\n'
        '  File "/opt/venv/lib/python3.11/site-packages/torch/serialization.py", line 1040, in load\n'
        "_pickle.UnpicklingError: invalid load key, '\\x9a'.\n"
    )
    assert read_verdict(EXIT_0, "exited", 1, output).verdict == "inconclusive"


USAGE_TYPO = "usage: check.py [-h] [--threshold T]\ncheck.py: error: unrecognized arguments: --treshold 3\n"


@pytest.mark.parametrize(
    ("rule", "exit_code", "output"),
    [
        (
            EXIT_0,
            2,
            USAGE_TYPO,
        ),
        (
            NONZERO,
            2,
            USAGE_TYPO,
        ),
        (
            NONZERO,
            4,
            "ERROR: usage: pytest [options]\npytest: error: unrecognized arguments: --bogus\n",
        ),
        (NONZERO, 5, "1 deselected in 0.01s\n"),
        (NONZERO, 5, "============================ no tests ran in 0.01s =============================\n"),
        (EXIT_0, 2, "grep: Unmatched ( or \\(\n"),
    ],
)
def test_a_command_line_its_program_refuses_is_a_broken_check(
    rule: CheckRule, exit_code: int, output: str
) -> None:
    """A typo in the check read as a verdict: argparse's exit 2 "ruled out" the cause, or under
    "exit non-zero" confirmed it; pytest selecting no test (exit 5) confirmed it."""
    assert read_verdict(rule, "exited", exit_code, output).verdict == "the check broke"


def test_a_run_that_ends_in_the_entrys_own_error_is_not_missing_a_module_it_caught() -> None:
    """A caught `ImportError: No module named 'apex'` logged first made a run that reproduced the
    entry's exact error "could not run here"."""
    symptom = "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != c10::Half"
    output = (
        "WARNING:root:apex not available\nTraceback (most recent call last):\n"
        '  File "repro.py", line 3, in <module>\n'
        "ModuleNotFoundError: No module named 'apex'\n"
        "Traceback (most recent call last):\n"
        '  File "repro.py", line 7, in <module>\n'
        f"{symptom}\n"
    )
    reading = read_verdict(NONZERO, "exited", 1, output, symptom=symptom, command="python3 repro.py")
    assert reading.verdict == "confirmed"


def test_a_ruling_out_line_the_check_went_on_from_and_failed_after_decides_nothing() -> None:
    """The project printed `ok: config loaded` as the check imported it; the check then gave up on
    purpose (exit 1): "ruled out" by the project's line."""
    output = "ok: config loaded from configs/base.yaml\nthe batch holds torch.uint8 pixels, not floats\n"
    assert read_verdict(OUTPUT, "exited", 1, output).verdict == "inconclusive"
    assert read_verdict(OUTPUT, "exited", 1, "ok: nothing holds port 8000\n").verdict == "ruled out"


def test_a_check_killed_by_its_own_timeout_decides_nothing() -> None:
    """`timeout 3 python …` exits 124 when it kills the check: "confirmed" under exit non-zero,
    "ruled out" under exit 0, where kb's own --timeout says inconclusive."""
    command = 'timeout 3 python3 -c "import time; time.sleep(30)"'
    for rule in (NONZERO, EXIT_0):
        assert read_verdict(rule, "exited", 124, "", command=command).verdict == "inconclusive"


def test_a_pattern_found_in_the_echo_of_code_that_does_not_parse_confirms_nothing() -> None:
    """Python echoes a line that does not parse, and the confirming pattern matched the check's own
    source: "confirmed" by a check that never ran."""
    output = (
        '  File "<string>", line 1\n'
        "    import json; n = 0; print('%d rows dropped' % n if n else 'ok'\n"
        "                             ^\n"
        "SyntaxError: '(' was never closed\n"
    )
    rule = CheckRule("output", "rows dropped", "^ok$")
    assert read_verdict(rule, "exited", 1, output).verdict == "the check broke"


def test_a_project_script_that_does_not_parse_decides_nothing_and_breaks_no_check() -> None:
    """A seed check that runs the user's `python train.py` met a SyntaxError there: the echo of the
    line matched nothing of the check's, and "the check broke" counted the user's typo against it."""
    output = (
        '  File "/home/ana/proj/train.py", line 3\n'
        "    print('fault: labels out of range'\n"
        "         ^\n"
        "SyntaxError: '(' was never closed\n"
    )
    command = "(python train.py 2>&1; echo \"exit status $?\") | awk '/^  File|Error/ { print }'"
    reading = read_verdict(FOUND_ONLY, "exited", 1, output, command=command)
    assert (reading.verdict, reading.reason) == (
        "inconclusive",
        "the project's code does not parse in /home/ana/proj/train.py: '(' was never closed",
    )
