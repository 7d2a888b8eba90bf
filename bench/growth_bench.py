"""What the commands that read or write many entries cost in a large knowledge base, as ratios to
the same command on the seeded one.

    python bench/growth_bench.py [--entries 100000] [--runs 5]

Builds a knowledge base of the seeds and ENTRIES synthetic ones (scale_bench's Zipf corpus: made-up
words by a Zipf law, ML words at the rates of a real team's entries), then times, as cold `kb`
processes taking turns with the same command on the seeded knowledge base (so that the box's load
falls on both alike), and prints medians, each process's peak memory and the ratio large/seeded:

- `kb list | head -20`: the time until kb has printed 20 lines and ended (targets: <= 1.5x);
- `kb export jsonl -o FILE`: its peak memory (target: <= 1.5x; the time grows with what it writes);
- `kb import` of the same 1,000 new entries, into a fresh copy of each knowledge base, written out
  to disk before the clock starts (<= 1.5x; else the import's commit, which syncs the file, would
  wait for the system to write the copy's 1.2 GB out, 0.9 s that is the bench's and not kb's);
- `kb add` of one entry and `kb show` of one (<= 1.1x).

Peak memory is each child's own maximum resident size (os.wait4), not the machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_support import KB, compile_kb
from scale_bench import build, zipf_corpus

TIME = shutil.which("time", path="/usr/bin:/bin") or "/usr/bin/time"


def timed(argv: list[str], env: dict[str, str], lines: int | None = None) -> tuple[float, float]:
    """Seconds until `kb ARGV` ended (after reading LINES lines of its output and closing the pipe,
    as `| head` does), and its peak memory in MiB.

    The memory is read by GNU time, which starts kb: Linux carries a process's peak memory across
    fork and exec, so a child of this process (which holds a corpus) would report this one's peak."""
    with tempfile.NamedTemporaryFile("r") as peak:
        start = time.perf_counter()
        process = subprocess.Popen(
            [TIME, "-f", "%M", "-o", peak.name, *KB, *argv],
            env=env,
            stdout=subprocess.PIPE if lines else subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if lines and process.stdout is not None:
            for _ in range(lines):
                if not process.stdout.readline():
                    break
            process.stdout.close()
        process.wait()
        seconds = time.perf_counter() - start
        return seconds, int(peak.read().split()[-1]) / 1024


def new_entries(path: Path, count: int = 1000) -> None:
    """COUNT entries no knowledge base here holds, as a `kb export jsonl` file."""
    from kb.entry.content import normalized

    with path.open("w", encoding="utf-8") as out:
        for n, content in enumerate(zipf_corpus(count, seed=97)):
            fields = normalized(content.replace(key=f"brought-{n}")).as_dict()  # type: ignore[attr-defined]
            out.write(json.dumps(fields) + "\n")


def flushed(path: Path) -> None:
    """PATH written out to disk, as a knowledge base that was not just copied is."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def main() -> None:
    compile_kb()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        dbs = {"seeded": tmp / "seeded.db", "large": tmp / "large.db"}
        base = dict(
            os.environ, NO_COLOR="1", XDG_DATA_HOME=str(tmp / "data"), XDG_CACHE_HOME=str(tmp / "cache")
        )
        subprocess.run(
            [*KB, "where"], env=dict(base, KB_DB=str(dbs["seeded"])), capture_output=True, check=True
        )
        started = time.perf_counter()
        build(dbs["large"], zipf_corpus(args.entries))
        print(f"built {args.entries:,} entries in {time.perf_counter() - started:.0f} s")
        incoming = tmp / "incoming.jsonl"
        new_entries(incoming)

        def env(name: str) -> dict[str, str]:
            return dict(base, KB_DB=str(dbs[name]))

        def imported(name: str) -> tuple[float, float]:
            copy = tmp / f"copy-{name}.db"
            shutil.copyfile(dbs[name], copy)
            flushed(copy)
            try:
                return timed(["import", str(incoming)], dict(base, KB_DB=str(copy)))
            finally:
                copy.unlink()

        counter = iter(range(10**9))
        jobs: dict[str, Callable[[str], tuple[float, float]]] = {
            "list | head -20": lambda name: timed(["list", "--status", "all"], env(name), lines=20),
            "export jsonl": lambda name: timed(
                ["export", "jsonl", "-o", str(tmp / f"{name}.jsonl")], env(name)
            ),
            "import 1,000": imported,
            "add": lambda name: timed(
                [
                    "add",
                    "--key",
                    f"one-more-{next(counter)}",
                    "-d",
                    "data",
                    "-s",
                    "OSError: shard 7 gone",
                    "-v",
                    "ls",
                ],
                env(name),
            ),
            "show": lambda name: timed(["show", "cuda-device-side-assert"], env(name)),
        }
        results: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.runs):
            for job, run in jobs.items():
                for name in dbs:
                    results.setdefault((job, name), []).append(run(name))
    print(f"{'':16} {'seeded':>16} {'large':>16}   time   memory")
    for job in jobs:
        seeded, large = (results[(job, name)] for name in dbs)
        t0, t1 = (statistics.median(t for t, _ in rows) for rows in (seeded, large))
        m0, m1 = (statistics.median(m for _, m in rows) for rows in (seeded, large))
        print(
            f"{job:16} {t0 * 1000:7.0f} ms {m0:5.0f} MiB {t1 * 1000:7.0f} ms {m1:5.0f} MiB"
            f"   {t1 / t0:4.2f}x  {m1 / m0:4.2f}x"
        )


if __name__ == "__main__":
    main()
