"""What `pytest --kb` costs a failing suite, against the same suite without it.

    python bench/pytest_bench.py [--runs 7] [--failures 200]

A suite of FAILURES failing tests (and as many passing ones) runs with and without `--kb`,
interleaved, on a seeded knowledge base: the target is within 1.2x of the plain run. Two suites,
because the answer depends on how alike the failures are: "distinct" raises ten kinds of error
with other numbers, "parametrized" one error with other numbers, as a parametrized test fails.
Every failure is looked up (only a failure repeated word for word is looked up once), in a
process beside the tests: so the CPU time of both runs is printed too, and the parametrized suite
runs again with pytest and its lookups pinned to one core, as on a machine without a second one.
Then the distinct suite again with another process holding the database's write lock: the target is
within 1 s of the unlocked run.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_support import compile_kb

#: Errors of many kinds, everyday and ML, raised with a number that varies per test.
ERRORS = (
    "IndexError('Target {n} is out of bounds.')",
    "ValueError('the quux frobnicator rejected zorblax {n}')",
    "KeyError('learning_rate_{n}')",
    "RuntimeError('CUDA out of memory. Tried to allocate {n}.00 MiB')",
    "FileNotFoundError(2, 'No such file or directory', 'configs/train_{n}.yaml')",
    "TypeError('can only concatenate str (not \"int\") to str {n}')",
    "RuntimeError('mat1 and mat2 shapes cannot be multiplied ({n}x512 and 256x10)')",
    "AttributeError(\"'list' object has no attribute 'argmax_{n}'\")",
    "OSError('[Errno 98] Address already in use: {n}')",
    "ZeroDivisionError('division by zero at step {n}')",
)


def suite(failures: int, distinct: bool) -> str:
    if not distinct:
        return (
            "import pytest\n\n"
            f"@pytest.mark.parametrize('n', range({failures}))\n"
            "def test_failing(n):\n    raise IndexError(f'Target {n} is out of bounds.')\n\n"
            f"@pytest.mark.parametrize('n', range({failures}))\n"
            "def test_passing(n):\n    assert n == n\n"
        )
    tests = []
    for n in range(failures):
        tests.append(f"def test_failing_{n}():\n    raise {ERRORS[n % len(ERRORS)].format(n=n)}\n")
        tests.append(f"def test_passing_{n}():\n    assert {n} == {n}\n")
    return "\n".join(tests)


def seconds(argv: list[str], env: dict[str, str], cwd: Path, one_core: bool = False) -> float:
    return timed(argv, env, cwd, one_core)[0]


def timed(argv: list[str], env: dict[str, str], cwd: Path, one_core: bool = False) -> tuple[float, float]:
    """Wall-clock and CPU seconds (of the run and every process it waited for) of ARGV."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    pin = (lambda: os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})) if one_core else None
    subprocess.run(
        argv,
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        preexec_fn=pin,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--failures", type=int, default=200)
    args = parser.parse_args()
    compile_kb()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        env = {**os.environ, "KB_DB": str(root / "kb.db"), "XDG_CACHE_HOME": str(root / "cache")}
        subprocess.run([sys.executable, "-m", "kb", "init"], env=env, check=True, stdout=subprocess.DEVNULL)
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        for name, distinct in (("distinct", True), ("parametrized", False)):
            (root / name).mkdir()
            (root / name / "test_suite.py").write_text(suite(args.failures, distinct))
            plain, with_kb = [], []
            for _ in range(args.runs):
                plain.append(timed(pytest, env, root / name))
                with_kb.append(timed([*pytest, "--kb"], env, root / name))
            p, k = (
                statistics.median(wall for wall, _ in plain),
                statistics.median(wall for wall, _ in with_kb),
            )
            pc, kc = (
                statistics.median(cpu for _, cpu in plain),
                statistics.median(cpu for _, cpu in with_kb),
            )
            print(
                f"{name:>13}: plain {p:.2f} s, --kb {k:.2f} s: {k / p:.2f}x (target 1.2x); "
                f"CPU {pc:.2f} s, {kc:.2f} s: {kc / pc:.2f}x"
            )
        if hasattr(os, "sched_setaffinity"):
            plain_one, kb_one = [], []
            for _ in range(args.runs):
                plain_one.append(seconds(pytest, env, root / "parametrized", one_core=True))
                kb_one.append(seconds([*pytest, "--kb"], env, root / "parametrized", one_core=True))
            p, k = statistics.median(plain_one), statistics.median(kb_one)
            print(f"{'one core':>13}: parametrized, plain {p:.2f} s, --kb {k:.2f} s: {k / p:.2f}x")
        holder = sqlite3.connect(env["KB_DB"], isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            free, locked = [], []
            for _ in range(args.runs):
                holder.execute("ROLLBACK")
                free.append(seconds([*pytest, "--kb"], env, root / "distinct"))
                holder.execute("BEGIN IMMEDIATE")
                locked.append(seconds([*pytest, "--kb"], env, root / "distinct"))
            f, lo = statistics.median(free), statistics.median(locked)
            held = f"with the write lock held {lo:.2f} s: +{lo - f:.2f} s (target 1 s)"
            print(f"{'locked':>13}: --kb {f:.2f} s, {held}")
        finally:
            holder.close()


if __name__ == "__main__":
    main()
