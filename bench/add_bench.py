"""How fast `kb add` records an entry given as flags, against the floor every kb command shares.

    python bench/add_bench.py [--runs 11] [--large 100000]

The store writes through the database's own driver (kb.store.connection), so `kb add` with every
field as a flag, cold, is measured against `python -c "import sqlite3, rapidfuzz"`, interleaved run
by run: the target is within 3x (it was 14x while the write path imported the ORM). Then the same adds on a
knowledge base of LARGE synthetic entries (bench/search_bench.py's corpus), interleaved with adds on
the seeded one: the target is within 1.1x, since recording a fault must not slow as the team's
knowledge grows.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_support import KB, compile_kb
from search_bench import build_large_database

#: Distinct symptoms, so that each add is a new fault rather than an occurrence of the previous one.
PARTS = (
    "frobnicator gizmo sprocket capacitor widget doohickey thingamajig contraption gadget gearbox flywheel "
    "camshaft piston valve nozzle turbine rotor stator armature solenoid relay damper bellows ratchet pulley "
    "winch sprue gasket bushing spindle"
).split()


def seconds(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def add_argv(n: int, prefix: str = "bench") -> list[str]:
    return [
        *KB,
        "add",
        "--key",
        f"{prefix}-{n}",
        "--symptom",
        f"RuntimeError: {PARTS[n % len(PARTS)]} rejected its batch",
        "--domain",
        "numerics",
        "--validation",
        'python -c "import os; print(os.cpu_count())"',
        "--fix",
        "Clamp the batch.",
        "--root-cause",
        "Unclamped input.",
        "--cause-path",
        "Input > range",
        "--tag",
        "frobnicator",
        "--conditions",
        "bf16 only",
        "--environment",
        "torch 2.3",
        "--new",
    ]


def main() -> None:
    compile_kb()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=11, help=f"at most {len(PARTS)}")
    parser.add_argument("--large", type=int, default=100_000, help="entries in the large knowledge base")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, KB_DB=str(Path(folder) / "kb.db"), NO_COLOR="1")
        subprocess.run([*KB, "where"], env=env, check=True, capture_output=True)
        floors, adds, ratios = [], [], []
        for n in range(args.runs):  # interleaved: the box's load falls on both alike
            floors.append(seconds([sys.executable, "-c", "import sqlite3, rapidfuzz"], env))
            adds.append(seconds(add_argv(n), env))
            ratios.append(adds[-1] / floors[-1])
        floor, add_time = statistics.median(floors), statistics.median(adds)
        large_db = Path(folder) / "large.db"
        build_large_database(large_db, args.large)
        small = dict(env, KB_DB=str(Path(folder) / "small.db"))
        large = dict(env, KB_DB=str(large_db))
        subprocess.run([*KB, "where"], env=small, check=True, capture_output=True)
        small_times, large_times = [], []
        for n in range(args.runs):  # interleaved, so that the box's load falls on both alike
            small_times.append(seconds(add_argv(n, "small"), small))
            large_times.append(seconds(add_argv(n, "large"), large))
    growth = statistics.median(large_times) / statistics.median(small_times)
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"floor  python -c 'import sqlite3, rapidfuzz'  {floor * 1000:7.1f} ms")
    ratio = statistics.median(ratios)
    print(f"add    kb add, every field a flag    {add_time * 1000:7.1f} ms   {ratio:4.2f}x (target <= 3x)")
    print(
        f"add    at {args.large:,} entries          {statistics.median(large_times) * 1000:7.1f} ms   "
        f"{growth:4.2f}x seeded (target <= 1.1x)"
    )


if __name__ == "__main__":
    main()
