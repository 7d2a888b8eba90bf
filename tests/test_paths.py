"""Reading what a user hands kb, through the real console script: bounded, whatever the stream.
The reader's own tests are in tests/unit/test_paths.py."""

from __future__ import annotations

import subprocess
import sys


def test_an_endless_binary_stream_is_refused_at_once() -> None:
    """`cat /dev/zero | kb search -` raised MemoryError after eating the memory."""
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run(
            [sys.executable, "-m", "kb", "search", "-"],
            stdin=zero,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stderr == "kb: standard input is binary data, not a log or an error message\n"
