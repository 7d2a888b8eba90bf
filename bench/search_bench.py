"""How fast `kb search` answers, as ratios on this machine.

    python bench/search_bench.py [--runs 15] [--entries 100000]

Prints, for cold processes (each run is a new `kb` process, as a person types it), interleaved run
by run and reported as medians:
  1. `kb search "CUDA error: device-side assert triggered"` on the seeded database, against
     `python -c "import sqlite3, rapidfuzz"` (target: within 2x);
  2. the same search on a database of --entries synthetic entries, against the seeded time (target: 2x;
     bench/scale_bench.py times harder corpora and queries);
  3. a 10 MB log with the error buried in it, in seconds (target: under 1 s);
  and, for reference, `kb --help`.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_support import KB, compile_kb

HERE = Path(__file__).resolve().parent

WORDS = (
    "tensor cuda device gradient loss batch worker loader model layer weight bias optimizer scheduler "
    "embedding token padding mask shape dtype float half bfloat memory cache kernel stream rank process "
    "node port socket timeout checkpoint state dict key module parameter buffer hook trace graph backward "
    "forward norm dropout attention softmax logits label target index range size stride view contiguous"
).split()
TYPES = ("RuntimeError", "ValueError", "IndexError", "TypeError", "KeyError", "OSError", "AssertionError")


def timed(argv: list[str], runs: int, env: dict[str, str], stdin: bytes | None = None) -> float:
    """Median wall time of RUNS fresh processes, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            argv, env=env, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def synthetic_entries(count: int, seed: int = 7) -> list[object]:
    from kb.entry.content import EntryContent

    rng = random.Random(seed)
    rare = [f"{rng.choice(WORDS)}_{n}" for n in range(count // 5 + 1)]
    entries = []
    for n in range(count):
        words = [*rng.sample(WORDS, 5), rng.choice(rare), rng.choice(rare)]
        symptom = f"{rng.choice(TYPES)}: {' '.join(words)} {rng.randint(1, 4096)}"
        entries.append(
            EntryContent(
                key=f"synthetic-{n}",
                domain=rng.choice(
                    ("data", "model", "training", "numerics", "deployment", "logging", "hardware")
                ),
                symptom=symptom,
                validation=f'python -c "import torch; print(torch.{rng.choice(WORDS)})"',
                fix=f"Set {rng.choice(rare)} and check the {' '.join(rng.sample(WORDS, 4))}.",
                root_cause=" ".join(rng.sample(WORDS, 8)),
                tags=tuple(rng.sample(WORDS, 3)),
            )
        )
    return entries


def import_synthetic(store: object, count: int) -> None:
    """Add COUNT synthetic entries the way `kb import` adds a file of them: one planned transaction."""
    from kb.entry.content import normalized
    from kb.exchange.transfer import Incoming, import_entries

    entries = synthetic_entries(count)
    incoming = [Incoming(normalized(c), {}, f"synthetic:{n}") for n, c in enumerate(entries)]  # type: ignore[arg-type]
    import_entries(store, incoming)  # type: ignore[arg-type]


def build_large_database(path: Path, count: int) -> float:
    from kb.store.entry_store import open_store
    from kb.store.seeding import load_seed

    start = time.perf_counter()
    with open_store(str(path)) as store:
        load_seed(store)
        import_synthetic(store, count)
    return time.perf_counter() - start


def big_log(path: Path, megabytes: int = 10) -> None:
    line = "2026-11-29 10:00:00,000 INFO trainer step {n} loss 0.{n:04d} lr 3e-4 grad_norm 1.{n:03d}\n"
    with path.open("w") as handle:
        n = 0
        while handle.tell() < megabytes * 1_000_000 // 2:
            handle.write(line.format(n=n % 10_000))
            n += 1
        handle.write('Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n')
        handle.write("RuntimeError: CUDA error: device-side assert triggered\n")
        while handle.tell() < megabytes * 1_000_000:
            handle.write(line.format(n=n % 10_000))
            n += 1


def main() -> None:
    compile_kb()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--entries", type=int, default=100_000)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        seeded, large, log = tmp / "seeded.db", tmp / "large.db", tmp / "big.log"
        env = dict(os.environ, KB_DB=str(seeded), NO_COLOR="1")
        subprocess.run([*KB, "where"], env=env, check=True, capture_output=True)
        build = build_large_database(large, args.entries)
        big_log(log)

        large_env = dict(env, KB_DB=str(large))
        commands = {
            "floor": ([sys.executable, "-c", "import sqlite3, rapidfuzz"], env),
            "help": ([*KB, "--help"], env),
            "seeded": ([*KB, "search", "CUDA error: device-side assert triggered"], env),
            "large": ([*KB, "search", "CUDA error: device-side assert triggered"], large_env),
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):  # interleaved, so that the box's load falls on all of them alike
            for name, (argv, command_env) in commands.items():
                times[name].append(timed(argv, 1, command_env))
        floor, help_time, seeded_time, large_time = (statistics.median(times[n]) for n in commands)
        log_time = timed([*KB, "search", "--file", str(log)], max(3, args.runs // 3), env)

    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"floor   python -c 'import sqlite3, rapidfuzz'   {floor * 1000:7.1f} ms")
    print(f"help    kb --help                              {help_time * 1000:7.1f} ms")
    print(
        f"search  seeded database                        {seeded_time * 1000:7.1f} ms   "
        f"{seeded_time / floor:4.2f}x the floor (target <= 2x)"
    )
    print(
        f"search  {args.entries:,} entries (built in {build:.0f} s)     {large_time * 1000:7.1f} ms   "
        f"{large_time / seeded_time:4.2f}x seeded (target <= 2x; bench/scale_bench.py for the harder corpora)"
    )
    print(f"search  10 MB log                              {log_time * 1000:7.1f} ms   (target < 1000 ms)")


if __name__ == "__main__":
    main()
