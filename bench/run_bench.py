"""What `kb run -- CMD` costs over the bare command.

    python bench/run_bench.py [--runs 11] [--megabytes 100]

Two commands, each bare and under `kb run`, taking turns so that the box's load falls on all of
them alike: `python -c pass` (kb's start-up is all there is to see), and a command that prints
MEGABYTES of log lines, which kb copies through and keeps the end of (the target is within 1.05x of
the bare command). Output goes to a pipe that is read and dropped, as a log collector would read it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench_support import KB, compile_kb


def once(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    with subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        assert child.stdout is not None
        while child.stdout.read(1 << 20):
            pass
        child.wait()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--megabytes", type=int, default=100)
    args = parser.parse_args()
    compile_kb()
    line = "step 123456 loss 0.4321 lr 3.0e-04 grad_norm 1.234 tokens/s 98765.4\n"
    lines = args.megabytes * 1024 * 1024 // len(line)
    printer = (
        f"import sys\nline = {line!r} * 1000\nw = sys.stdout.write\n"
        + f"for _ in range({lines // 1000}): w(line)\n"
    )
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        f"print {args.megabytes} MB": [sys.executable, "-c", printer],
    }
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "HOME": folder,
            "XDG_DATA_HOME": folder,
            "XDG_CONFIG_HOME": folder,
            "KB_DB": f"{folder}/kb.db",
        }
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.runs):
            for name, argv in commands.items():
                for how, full in (("bare", argv), ("kb run", [*KB, "run", "--", *argv])):
                    times.setdefault((name, how), []).append(once(full, env))
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {args.runs} interleaved runs each, medians"
    )
    for name in commands:
        bare = statistics.median(times[(name, "bare")])
        wrapped = statistics.median(times[(name, "kb run")])
        ratio = wrapped / bare
        print(f"  {name:<16} bare {bare * 1000:7.0f} ms   kb run {wrapped * 1000:7.0f} ms   {ratio:.2f}x")


if __name__ == "__main__":
    main()
