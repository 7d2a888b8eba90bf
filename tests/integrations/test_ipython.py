"""`%load_ext kb` in a real IPython InteractiveShell: the traceback first, then the known fault."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell

from kb.integrations.ipython import KnownFault

LABELS = "IndexError: Target 5 is out of bounds."


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    ipython = InteractiveShell.instance()
    ipython.run_line_magic("colors", "nocolor")  # the traceback as plain text, to read here
    ipython.run_line_magic("load_ext", "kb")
    yield ipython
    ipython.run_line_magic("unload_ext", "kb")
    InteractiveShell.clear_instance()


def test_an_uncaught_known_fault_shows_its_traceback_then_the_entry(
    shell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
    out = capsys.readouterr().out
    assert out.index(LABELS) < out.index("kb: known fault")  # the user's error comes first
    assert "cross-entropy-label-out-of-range  [data]" in out and "prove it: $ python -c" in out


def test_an_entrys_escape_codes_are_shown_not_run_in_a_notebook(
    shell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    from kb.store.entry_store import open_store

    with open_store(os.environ["KB_DB"]) as store:
        entry = store.get("cross-entropy-label-out-of-range").content()
        store.update(entry.key, entry.replace(fix="\x1b]52;c;ZWNobw==\x07 reboot \u202e"))
    shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
    out = capsys.readouterr().out
    assert "fix: \\x1b]52;c;ZWNobw==\\x07 reboot \\u202e" in out and "\x1b]52" not in out
    html = KnownFault(
        [{"key": "k", "domain": "data", "symptom": "s\u202e", "fix": "f\x1b"}], True
    )._repr_html_()
    assert "\u202e" not in html and "\x1b" not in html and "\\u202e" in html


def test_nothing_more_is_shown_for_an_unknown_error(shell: Any, capsys: pytest.CaptureFixture[str]) -> None:
    shell.run_cell("raise ValueError('the quux frobnicator rejected the zorblax')")
    out = capsys.readouterr().out
    assert "ValueError: the quux frobnicator rejected the zorblax" in out and "kb:" not in out


def test_a_syntax_error_the_code_raised_keeps_its_traceback(
    shell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """`ast.parse("x = = 1")` in a cell: with kb loaded only `File <unknown>:1` showed, as if the cell
    itself did not compile, without the cell's line and the `ast.py` frame IPython shows."""
    shell.run_cell('import ast\nast.parse("x = = 1")')
    out = capsys.readouterr().out
    assert "SyntaxError" in out and "Cell In[" in out and "ast.parse" in out


def test_a_lookup_that_fails_never_hides_the_error(
    shell: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError("the disk went away")

    monkeypatch.setattr("kb.layers.everywhere.search_layers", broken)
    shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
    captured = capsys.readouterr()
    assert LABELS in captured.out
    assert "kb: could not look this error up: the disk went away" in captured.err


def test_ctrl_c_during_the_lookup_is_one_line_after_the_users_error(
    shell: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A team server slow to answer, and Ctrl-C: kb's own traceback (libpq … KeyboardInterrupt)
    followed the user's."""

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("kb.layers.everywhere.search_layers", interrupted)
    shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
    captured = capsys.readouterr()
    assert LABELS in captured.out and "KeyboardInterrupt" not in captured.out + captured.err
    assert captured.err.strip() == "kb: the lookup was interrupted (Ctrl-C)"


def test_the_kb_magic_searches_a_query_or_the_last_exception(
    shell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    shell.run_line_magic("kb", "CUDA out of memory. Tried to allocate 2.00 GiB")
    unsure = capsys.readouterr().out
    assert "cuda-oom" in unsure and unsure.startswith("kb: no confident match")
    assert (
        "prove it" not in unsure and "    its check: $ " in unsure
    )  # a candidate's check proves nothing yet
    shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
    capsys.readouterr()
    shell.run_line_magic("kb", "")
    shown = capsys.readouterr().out
    assert shown.startswith("kb: known fault") and "cross-entropy-label-out-of-range" in shown


def test_the_kb_magic_on_a_knowledge_base_kb_cannot_read_is_one_line(
    shell: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`%kb QUERY`, asked for, on a knowledge base kb could not open ended in kb's own traceback."""
    monkeypatch.setenv("KB_DB", "postgresql+psycopg://kb@127.0.0.1:1/nowhere")
    shell.run_line_magic("kb", "IndexError: Target 5 is out of bounds.")
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err and captured.out == ""
    assert captured.err.startswith("kb: could not search: ") and captured.err.count("\n") == 1


def test_the_kb_magic_answers_in_an_ipython_script(tmp_path: Path) -> None:
    """A script shows no value a line returns: %kb printed nothing there."""
    import subprocess
    import sys

    script = tmp_path / "look.ipy"
    script.write_text("%load_ext kb\n%kb IndexError: Target 5 is out of bounds.\n", encoding="utf-8")
    ipython = [sys.executable, "-m", "IPython", "--no-banner", "--colors=nocolor", str(script)]
    done = subprocess.run(ipython, capture_output=True, text=True, timeout=120, check=False)
    assert "cross-entropy-label-out-of-range" in done.stdout, done.stderr


def test_in_jupyter_the_entry_is_html_with_its_text_escaped() -> None:
    fault = KnownFault(
        [{"key": "k", "domain": "data", "symptom": "x < y & z", "validation": "echo '<b>'", "fix": "a > b"}],
        True,
    )
    page = fault._repr_html_()
    assert "x &lt; y &amp; z" in page and "<code>$ echo &#x27;&lt;b&gt;&#x27;</code>" in page
    assert "a &gt; b" in page and "<b>kb</b>: known fault" in page


def test_a_check_run_with_the_entrys_guess_says_so() -> None:
    from kb.integrations.ipython import look_up

    answer = look_up("OSError: [Errno 98] Address already in use", limit=1)
    assert answer.confident
    assert "      (port 8000 is the entry's default, not from the error;" in repr(answer)
    assert "(port 8000 is the entry&#x27;s default, not from the error;" in answer._repr_html_()


def test_on_an_ascii_terminal_the_answer_is_shown_and_kb_stays_loaded(tmp_path: Path) -> None:
    """An entry's `→` on an ASCII stdout made showing the answer raise: IPython printed kb's
    traceback, dropped the handler ("Custom TB Handler failed, unregistering") and kb was off for
    the rest of the session."""
    import os
    import subprocess
    import sys

    from kb.store.entry_store import open_store

    with open_store(os.environ["KB_DB"]) as store:
        entry = store.get("cross-entropy-label-out-of-range").content()
        store.update(entry.key, entry.replace(fix="Clamp the labels → range(num_classes), 标签"))
    script = tmp_path / "twice.ipy"
    raised = "raise IndexError('Target 5 is out of bounds.')\n"
    script.write_text("%load_ext kb\n" + raised + raised, encoding="utf-8")
    ipython = [sys.executable, "-m", "IPython", "--no-banner", "--colors=nocolor", str(script)]
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(ipython, capture_output=True, text=True, timeout=120, check=False, env=env)
    assert "unregistering" not in done.stdout + done.stderr and "UnicodeEncodeError" not in done.stderr
    assert done.stdout.count("kb: known fault") >= 1 and "\\u2192" in done.stdout
