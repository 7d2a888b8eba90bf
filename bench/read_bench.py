"""How fast `kb show KEY` and `kb list` start, against a seeded `kb search`.

    python bench/read_bench.py [--runs 21]

They are what a user types right after a search; the target is within 1.5x of it. Each run is a
new `kb` process, as a person types it; the three commands take turns, so that the box's load falls
on all of them alike, and the medians are compared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_support import KB, compile_kb

COMMANDS = {
    "search": ["search", "RuntimeError: CUDA error: device-side assert triggered"],
    "show": ["show", "cuda-device-side-assert"],
    "list": ["list"],
}


def once(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([*KB, *argv], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    compile_kb()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "KB_DB": str(Path(folder) / "kb.db"), "HOME": folder, "XDG_DATA_HOME": folder}
        subprocess.run([*KB, "where"], env=env, stdout=subprocess.DEVNULL, check=True)  # seeded once
        times: dict[str, list[float]] = {name: [] for name in COMMANDS}
        for _ in range(args.runs):
            for name, argv in COMMANDS.items():
                times[name].append(once(argv, env))
    search = statistics.median(times["search"])
    print(f"python {sys.version.split()[0]}, {args.runs} interleaved runs each, medians")
    print(f"  kb search   {search * 1000:6.0f} ms")
    for name in ("show", "list"):
        median = statistics.median(times[name])
        print(f"  kb {name:<8} {median * 1000:6.0f} ms   {median / search:.2f}x search (target 1.5x)")


if __name__ == "__main__":
    main()
