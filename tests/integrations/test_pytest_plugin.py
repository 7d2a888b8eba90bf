"""The pytest plugin, through pytest itself: `pytest --kb` names each failure's known fault."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SUITE = """
def test_labels():
    raise IndexError("Target 5 is out of bounds.")

def test_unknown():
    raise ValueError("the quux frobnicator rejected the zorblax")

def test_fine():
    pass
"""


def test_with_kb_a_failure_of_a_known_fault_says_which_and_the_session_ends_with_a_line(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_training=SUITE)
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=2)
    out = result.stdout.str()
    assert "known fault (kb)" in out
    assert "cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds." in out
    assert "  prove it: $ python -c" in out
    assert out.count("known fault (kb)") == 1  # the unknown failure gets no section
    result.stdout.fnmatch_lines(
        [
            "kb: 1 of 2 failures are known faults: "
            "cross-entropy-label-out-of-range (test_training.py::test_labels)"
        ]
    )


SUBTESTS = """
def test_batches(subtests):
    for size in (1, 2):
        with subtests.test(msg="batch", size=size):
            if size == 2:
                raise IndexError("Target 5 is out of bounds.")
"""


def test_a_failing_subtest_gets_its_known_fault_under_its_own_failure(pytester: pytest.Pytester) -> None:
    """pytest 9 (and pytest-subtests before it) logs a subtest's failure as a copy of the report
    made for it: the section went onto the report made, which nothing prints, and the run's last
    line named a known fault the failures above it did not show."""
    pytester.makepyfile(test_training=SUBTESTS)
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider", "-p", "subtests")
    out = result.stdout.str()
    assert out.count("known fault (kb)") == 1, out
    failure = out.split("known fault (kb)")[0].rsplit("___ ", 1)[-1]
    assert "[batch] (size=2)" in failure and "IndexError: Target 5 is out of bounds." in failure
    assert "kb: 1 of " in out


CHECKS_OF_THE_TEST = """
import pytest

def validate(ys):
    for y in ys:
        if y < 0:
            raise IndexError(f"Target {y} is out of bounds.")

def test_raises_match():
    with pytest.raises(IndexError, match="label -1 out of range"):
        validate([0, -1])

def test_expected_message():
    assert "Target -1 is out of bounds." == "IndexError: Target -1 is out of bounds."

def test_real():
    validate([0, -1])
"""


def test_a_failed_comparison_of_the_test_is_no_known_fault_the_code_raised(pytester: pytest.Pytester) -> None:
    """A test comparing error messages failed on its own check, and pytest's explanation (the values
    compared, the diff, `Input:` of pytest.raises) was read as the error: both failures were called
    the label-range fault, with a check importing a `train` module no one has."""
    pytester.makepyfile(test_messages=CHECKS_OF_THE_TEST)
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=3)
    out = result.stdout.str()
    assert out.count("known fault (kb)") == 1
    result.stdout.fnmatch_lines(
        [
            "kb: 1 of 3 failures are known faults: "
            "cross-entropy-label-out-of-range (test_messages.py::test_real)"
        ]
    )


def test_a_projects_own_kb_package_is_not_imported_for_the_lookup(pytester: pytest.Pytester) -> None:
    """A repository with a kb/ package of its own (or a kb.py) runs its tests from its root: the
    lookup must import kb, not the project's package, nor run its code."""
    marker = pytester.path / "project-kb-ran"
    pytester.mkpydir("kb").joinpath("__init__.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    pytester.makepyfile(test_training=SUITE)
    # As the `pytest` command starts (python -m pytest would put the project's folder first itself).
    run = subprocess.run(
        [sys.executable, "-P", "-m", "pytest", "--kb", "-p", "no:cacheprovider"],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "1 passed" in run.stdout and "2 failed" in run.stdout
    assert "cross-entropy-label-out-of-range" in run.stdout
    assert not marker.exists()


@pytest.mark.parametrize("how", ["python -m pytest", "pythonpath in the config", "a kb.py"])
def test_a_projects_own_kb_first_on_sys_path_does_not_stop_pytest(
    pytester: pytest.Pytester, how: str
) -> None:
    """kb installed beside a project whose own `kb` comes first on sys.path: pytest loaded kb's
    plugin as `kb.integrations.pytest_plugin`, found the project's kb, and stopped before any test
    ran ("Error while loading plugin"), with or without --kb. Its code must not run either."""
    marker = pytester.path / "project-kb-ran"
    code = f"open({str(marker)!r}, 'w').write('x')\n"
    if how == "a kb.py":
        pytester.makepyfile(kb=code)
    else:
        pytester.mkpydir("kb").joinpath("__init__.py").write_text(code)
    if how == "pythonpath in the config":
        pytester.makeini("[pytest]\npythonpath = .\n")
    pytester.makepyfile(test_training=SUITE)
    command = [sys.executable, *(["-P"] if how == "pythonpath in the config" else []), "-m", "pytest"]
    plain = subprocess.run(
        [*command, "-p", "no:cacheprovider"], cwd=pytester.path, capture_output=True, text=True
    )
    assert "1 passed" in plain.stdout and "2 failed" in plain.stdout, plain.stdout + plain.stderr
    asked = subprocess.run(
        [*command, "--kb", "-p", "no:cacheprovider"], cwd=pytester.path, capture_output=True, text=True
    )
    assert "1 passed" in asked.stdout and "2 failed" in asked.stdout
    assert "kb: could not look the failures up: the `kb` Python finds here is " in asked.stdout
    assert not marker.exists()


def test_without_kb_the_report_is_pytests_own(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_training=SUITE)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=2)
    assert "known fault" not in result.stdout.str() and "kb:" not in result.stdout.str()


def test_dash_p_kb_turns_it_on_where_plugins_do_not_load_by_themselves(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(test_training=SUITE)
    result = pytester.runpytest_subprocess("-p", "kb", "-p", "no:cacheprovider")
    assert "kb: 1 of 2 failures are known faults" in result.stdout.str()


def test_dash_p_kb_in_pytest_addopts_turns_it_on_as_on_the_command_line(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p kb")
    pytester.makepyfile(test_training=SUITE)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert "kb: 1 of 2 failures are known faults" in result.stdout.str()


def test_a_long_fix_is_cut_at_a_word_and_says_so() -> None:
    from kb.integrations.failure_lookup import _cut_at_a_word

    fix = "Use the SafeCrossEntropy wrapper " * 20
    cut = _cut_at_a_word(fix.strip(), 100)
    assert len(cut) <= 100 and cut.endswith("wrapper…") and fix.startswith(cut[:-1])
    assert _cut_at_a_word("short enough", 100) == "short enough"


def test_an_entrys_text_reaches_the_test_report_with_its_escape_codes_shown_not_run(
    pytester: pytest.Pytester,
) -> None:
    """An OSC 52 clipboard write, cursor moves and a fake "ALL TESTS PASSED" reached the terminal."""
    import os

    from kb.store.entry_store import open_store

    with open_store(os.environ["KB_DB"]) as store:
        entry = store.get("cross-entropy-label-out-of-range").content()
        fix = "\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x1b[1;1H ALL TESTS PASSED \u202e"
        store.update(entry.key, entry.replace(fix=fix))
    pytester.makepyfile(test_training=SUITE)
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert "fix: \\x1b]52;c;ZWNobyBwd25lZA==\\x07\\x1b[2J\\x1b[1;1H ALL TESTS PASSED \\u202e" in out
    assert "\x1b]52" not in out and "\u202e" not in out


def test_a_run_interrupted_by_ctrl_c_still_names_the_known_faults_of_its_failures(
    pytester: pytest.Pytester,
) -> None:
    """The lookups run beside the tests, and a Ctrl-C at the terminal (SIGINT to the whole foreground
    process group) reaches the tests alone."""
    interrupt = "import os, signal\n\ndef test_interrupted():\n    os.killpg(os.getpgrp(), signal.SIGINT)\n"
    pytester.makepyfile(test_training=SUITE + "\n" + interrupt + "\ndef test_never_run():\n    pass\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--kb", "-p", "no:cacheprovider"],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,  # its own process group, as a shell gives a command it runs
        check=False,
    )
    assert result.returncode == 2, result.stdout  # pytest's own "interrupted"
    assert "KeyboardInterrupt" in result.stdout and "test_never_run" not in result.stdout
    assert "cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds." in result.stdout
    assert "kb: 1 of 2 failures are known faults" in result.stdout


def test_under_xdist_each_failure_still_gets_its_known_fault(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    pytester.makepyfile(test_training=SUITE)
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider", "-n", "2")
    result.assert_outcomes(passed=1, failed=2)
    out = result.stdout.str()
    assert "cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds." in out
    assert out.count("known fault (kb)") == 1
    # the session ends with its line under xdist too, and with --tb=no that line is all kb says
    assert "kb: 1 of 2 failures are known faults: cross-entropy-label-out-of-range" in out
    quiet = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider", "-n", "2", "--tb=no").stdout.str()
    assert "kb: 1 of 2 failures are known faults: cross-entropy-label-out-of-range" in quiet


def test_a_knowledge_base_kb_cannot_open_is_said_once_and_no_failure_is_called_a_known_fault(
    pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_training=SUITE)
    monkeypatch.setenv("KB_DB", str(tmp_path / "nowhere" / "kb.db"))
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=2)
    out = result.stdout.str()
    assert "known fault" not in out and out.count("could not look") == 1
    result.stdout.fnmatch_lines(["kb: could not look the failures up: *"])


def test_under_xdist_a_knowledge_base_kb_cannot_open_is_said_once_at_the_end(
    pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each xdist worker's first failure carried a "kb" section saying the lookups failed: as many
    times as workers, inside the failures' reports, and nothing at all with --tb=no."""
    pytest.importorskip("xdist")
    failing = "".join(f"\ndef test_unknown_{n}():\n    raise ValueError('zorblax {n}')\n" for n in range(6))
    pytester.makepyfile(test_training=SUITE + failing)
    monkeypatch.setenv("KB_DB", str(tmp_path / "nowhere" / "kb.db"))
    for tb in ("--tb=short", "--tb=no"):
        result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider", "-n", "2", tb)
        result.assert_outcomes(passed=1, failed=8)
        out = result.stdout.str()
        assert "known fault" not in out and out.count("could not look") == 1
        result.stdout.fnmatch_lines(["kb: could not look the failures up: *"])


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["one process", "under xdist"])
def test_a_failing_tests_monkeypatched_environment_is_not_the_one_kb_reads(
    pytester: pytest.Pytester, xdist: list[str]
) -> None:
    """The lookup started at the first failure and took that test's environment for the whole run:
    kb read (and seeded) a knowledge base in the test's temporary folder and named no known fault."""
    pytester.makepyfile(
        test_patched=(
            "def test_elsewhere(monkeypatch, tmp_path):\n"
            "    monkeypatch.setenv('KB_DB', str(tmp_path / 'elsewhere.db'))\n"
            "    monkeypatch.setenv('XDG_DATA_HOME', str(tmp_path / 'elsewhere'))\n"
            "    monkeypatch.chdir(tmp_path)\n"
            "    raise IndexError('Target 5 is out of bounds.')\n"
            "\n"
            "def test_plain():\n"
            "    raise IndexError('Target 7 is out of bounds.')\n"
        )
    )
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider", *xdist)
    out = result.stdout.str()
    assert out.count("cross-entropy-label-out-of-range: ") == 2, out
    assert not list(pytester.path.parent.rglob("elsewhere.db"))


#: A library's code around the line that raised, as pytest's report shows it (torch's Optimizer, cut
#: down): its words (`param_groups`, `is not a Module`…) are nobody's evidence of a fault.
LIBRARY = """
from collections import OrderedDict, defaultdict
from typing import Any


class Optimizer:
    def __init__(self, params: Any, defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        self._optimizer_step_pre_hooks = OrderedDict()
        self._optimizer_step_post_hooks = OrderedDict()
        if isinstance(params, str):
            raise TypeError(
                "params argument given to the optimizer should be "
                "an iterable of Tensors or dicts, but got " + type(params).__name__
            )
        self.state: defaultdict[Any, Any] = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
"""


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["one process", "under xdist"])
def test_a_failure_is_read_as_python_prints_it_not_with_the_library_source_pytest_shows(
    pytester: pytest.Pytester, xdist: list[str]
) -> None:
    """`torch.optim.SGD([], lr=0.1)` in a test was the known fault custom-layer-not-nn-module: the
    optimizer's source lines pytest prints around the raise decided it, while `kb search` of the
    same error is sure of nothing."""
    pytester.makepyfile(optim=LIBRARY)
    pytester.makepyfile(
        test_optimizer="from optim import Optimizer\n\ndef test_empty():\n    Optimizer([], {})\n"
    )
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider", *xdist)
    result.assert_outcomes(failed=1)
    assert "known fault (kb)" not in result.stdout.str()
    assert "known faults" not in result.stdout.str()


def test_a_failure_reads_as_the_traceback_python_prints(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_config="""
def read(config):
    return config["lr"]

def test_chain():
    try:
        read({})
    except KeyError as missing:
        raise RuntimeError("config broken") from missing
"""
    )
    pytester.makeconftest(
        """
from kb.hosts.kb_hosts import failure_text

def pytest_runtest_logreport(report):
    if report.failed:
        open("failure.txt", "w").write(failure_text(report))
"""
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(failed=1)
    assert (pytester.path / "failure.txt").read_text() == (
        "Traceback (most recent call last):\n"
        '  File "test_config.py", line 6, in test_chain\n'
        "    read({})\n"
        '  File "test_config.py", line 2, in read\n'
        '    return config["lr"]\n'
        "KeyError: 'lr'\n"
        "\nThe above exception was the direct cause of the following exception:\n\n"
        "Traceback (most recent call last):\n"
        '  File "test_config.py", line 8, in test_chain\n'
        '    raise RuntimeError("config broken") from missing\n'
        "RuntimeError: config broken\n"
    )


def test_under_a_locale_that_cannot_show_every_character_the_section_keeps_its_lines(
    pytester: pytest.Pytester,
) -> None:
    """Under LC_ALL=C, pytest wrote the section it could not encode escaped whole: one line of
    `\\n` and `\\u2026`. Only the characters the terminal lacks are escaped now."""
    pytester.makepyfile(test_training=SUITE)
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--kb", "-p", "no:cacheprovider"],
        cwd=pytester.path,
        env=env,
        capture_output=True,
        check=False,
    )
    out = run.stdout.decode("ascii")
    section = out[out.index("known fault (kb)") :]
    assert "\n  prove it: $ python -c" in section
    assert "\n  fix: " in section and "\\u2026" in section
