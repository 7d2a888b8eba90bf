"""kb in a real process under terminals and streams that are not the usual: a locale that cannot
encode what kb prints, a stream that is closed or that its reader left."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.command_line import kb

pytestmark = pytest.mark.sqlite_only("the terminal's encoding, whatever the database")


#: Streams that cannot encode `…`: a C locale's (ASCII), and a Latin-1 terminal's.
NARROW_STREAMS = {"C": {"LC_ALL": "C", "PYTHONUTF8": "0"}, "Latin-1": {"PYTHONIOENCODING": "latin-1"}}


def kb_on_narrow_streams(locale: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    """`kb ARGS` where stdout and stderr encode ASCII or Latin-1 alone (LOCALE names which)."""
    env = {**os.environ, "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING", None)
    env.update(NARROW_STREAMS[locale])
    return subprocess.run([sys.executable, "-m", "kb", *args], env=env, capture_output=True, timeout=120)


@pytest.mark.parametrize("locale", NARROW_STREAMS)
@pytest.mark.parametrize(
    "args",
    [
        ["list"],
        ["show", "cuda-oom-forward-vs-backward"],
        ["search", "CUDA out of memory"],
        ["--help"],
        ["tree"],
    ],
)
def test_text_output_on_a_stream_that_cannot_encode_it_escapes_what_it_cannot_show(
    locale: str, args: list[str]
) -> None:
    """`LC_ALL=C kb list` died with UnicodeEncodeError at the first `…`, half a listing printed."""
    run = kb_on_narrow_streams(locale, *args)
    assert b"Traceback" not in run.stderr and run.returncode in (0, 1), run.stderr
    assert run.stdout.strip()


@pytest.mark.parametrize("locale", NARROW_STREAMS)
@pytest.mark.parametrize("args", [["list", "--json"], ["search", "--json", "CUDA out of memory"]])
def test_json_on_a_stream_that_cannot_encode_it_is_the_same_json(locale: str, args: list[str]) -> None:
    run = kb_on_narrow_streams(locale, *args)
    assert b"Traceback" not in run.stderr, run.stderr
    assert json.loads(run.stdout.decode("ascii")) == json.loads(kb(*args).stdout)


def kb_with_closed(descriptor: int, *args: str) -> subprocess.CompletedProcess[str]:
    """`kb ARGS <&-` (DESCRIPTOR 0) or `kb ARGS >&-` (1): Python's sys.stdin or sys.stdout is None."""
    return subprocess.run(
        [sys.executable, "-m", "kb", *args],
        preexec_fn=lambda: os.close(descriptor),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["search", "-"], "kb: the query is empty"),
        (["add"], "kb: the symptom is empty"),
        (["tui"], "kb: kb tui needs a terminal"),
    ],
)
def test_a_closed_stdin_reads_as_empty_in_one_line(args: list[str], said: str) -> None:
    """`kb search - <&-` died with AttributeError: 'NoneType' object has no attribute 'isatty'."""
    run = kb_with_closed(0, *args)
    assert run.returncode != 0 and run.stderr.startswith(said) and run.stderr.count("\n") == 1, run.stderr


@pytest.mark.parametrize(
    "args", [["list"], ["show", "cuda-oom-forward-vs-backward"], ["search", "x"], ["where", "--json"]]
)
def test_a_closed_stdout_is_one_line(args: list[str]) -> None:
    run = kb_with_closed(1, *args)
    assert run.returncode == 1
    assert run.stderr == "kb: standard output is closed: nowhere to print; nothing was done\n"


def test_a_listing_whose_reader_left_before_its_first_line_says_nothing_false() -> None:
    """`(sleep 0.3; kb list) | true` said "no entries match" on stderr: the write of the first line
    failed, and the listing counted no line."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has left
    try:
        run = subprocess.run(
            [sys.executable, "-m", "kb", "list"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert run.stderr == ""


def test_a_dumb_terminal_gets_no_bold_escape_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    """On TERM=dumb (Emacs' shell), `kb search` printed `\\x1b[1m1. key\\x1b[0m` as it is."""
    import io

    from kb.cli.console import bold

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert bold("1. cuda-oom") == "\x1b[1m1. cuda-oom\x1b[0m"
    monkeypatch.setenv("TERM", "dumb")
    assert bold("1. cuda-oom") == "1. cuda-oom"
