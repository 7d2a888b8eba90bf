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
