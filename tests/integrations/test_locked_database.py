"""A lookup never waits on another writer, and reads on a full disk.

With a process holding the database's write lock, a confident search answered after 14 s and
`pytest --kb` took 41 s for five failures instead of 7: the usage record is given up after a moment
(and, in one process, for the rest of its failures). On a full disk every read failed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.other_writer import write_lock_held

LABELS = "IndexError: Target 5 is out of bounds."
#: Far below the 30 s a write waits for the lock: the answer did not wait for it.
PATIENCE_S = 10


@pytest.fixture
def locked() -> Iterator[None]:
    with write_lock_held(os.environ["KB_DB"]):
        yield


def test_a_search_answers_while_another_process_holds_the_write_lock(locked: None) -> None:
    started = time.monotonic()
    found = subprocess.run(
        [sys.executable, "-m", "kb", "search", LABELS], capture_output=True, text=True, timeout=120
    )
    assert time.monotonic() - started < PATIENCE_S
    assert found.returncode == 0 and "cross-entropy-label-out-of-range" in found.stdout


def test_pytest_with_kb_waits_on_the_lock_once_at_most(pytester: pytest.Pytester, locked: None) -> None:
    failures = "".join(
        f"def test_labels_{n}():\n    raise IndexError('Target {n} is out of bounds.')\n\n" for n in range(5)
    )
    pytester.makepyfile(test_training=failures)
    started = time.monotonic()
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    assert time.monotonic() - started < PATIENCE_S * 2
    result.assert_outcomes(failed=5)
    assert "kb: 5 of 5 failures are known faults" in result.stdout.str()


def no_room_to_write() -> None:
    """The process may write no byte more to any file: what a full disk looks like to SQLite."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


@pytest.mark.parametrize(
    ("argv", "answer"),
    [
        (["search", LABELS], "cross-entropy-label-out-of-range"),
        (["show", "cross-entropy-label-out-of-range"], "Cause path"),
        (["list"], "cuda-device-side-assert"),
    ],
)
def test_on_a_full_disk_kb_still_reads(argv: list[str], answer: str) -> None:
    """A full disk made every read fail ("disk I/O error"): no lookup in the very incident where a
    full disk is the fault."""
    done = subprocess.run(
        [sys.executable, "-m", "kb", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=no_room_to_write,
    )
    assert done.returncode == 0 and answer in done.stdout, done.stderr
