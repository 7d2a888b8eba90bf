"""How fast `kb tui` paints and answers, driven through Textual's pilot (headless).

    python bench/tui_bench.py [--entries 10000] [--runs 5]

Prints:
  1. first paint: a fresh process, from its start to the first frame on screen (Textual's Ready
     event), imports included (target: under 0.6 s);
  2. keystroke to results: typing a query one key at a time into the search box of a database of
     --entries entries, the time from each key press until the result list shows that search
     (target: under 50 ms at 10,000 entries); median and 90th percentile;
  3. browsing: clearing the box, until every entry is listed again.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_support import compile_kb
from search_bench import build_large_database
from textual.app import App
from textual.widgets import Input

QUERIES = ("device-side assert", "nccl timeout rank", "loss nan after warmup", "num_workers hang")

FIRST_PAINT = """
import time
start = time.perf_counter()
from kb.tui.library import Library
from kb.tui.app import KbApp

class Timed(KbApp):
    def on_ready(self) -> None:
        print(time.perf_counter() - start + {startup!r})
        self.exit()

Timed(Library()).run(headless=True, size=(80, 24))
"""


def first_paint(env: dict[str, str], runs: int) -> float:
    """Median seconds from process start to the first frame, counting the interpreter's own start."""
    startup = _interpreter_start(env, runs)
    times = []
    for _ in range(runs):
        code = FIRST_PAINT.format(startup=startup)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"the first-paint run failed:\n{out.stderr}")
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def _interpreter_start(env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def keystrokes(db: Path) -> tuple[list[float], float]:
    """Seconds from each key press to its results in the list, and the time to list everything again.

    The pilot's press() also waits for the app to go idle, which is not what a person waits for, so
    the time is taken when the app shows the results (in show_found), not when press() returns.
    """
    from kb.tui.app import KbApp
    from kb.tui.library import Found, Library

    class Timed(KbApp):
        shown_at = 0.0

        def show_found(self, found: Found) -> None:
            super().show_found(found)
            self.shown_at = time.perf_counter()

    app = Timed(Library(str(db)))
    latencies: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await _settled(app, 1)
        for query in QUERIES:
            for char in query:
                before = app.results_shown
                start = time.perf_counter()
                await pilot.press(char)
                await _settled(app, before + 1)
                latencies.append(app.shown_at - start)
            before = app.results_shown
            start = time.perf_counter()
            app.query_one("#query", Input).value = ""
            await _settled(app, before + 1)
            browse = app.shown_at - start
    return latencies, browse


async def _settled(app: App[None], count: int) -> None:
    """Until results were shown COUNT times and no worker is left running."""
    while app.results_shown < count or any(w.is_running for w in app.workers):
        await asyncio.sleep(0.001)


def main() -> None:
    compile_kb()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "large.db"
        build_large_database(db, args.entries)
        env = dict(os.environ, KB_DB=str(db), NO_COLOR="1")
        paint = first_paint(env, args.runs)
        latencies, browse = asyncio.run(keystrokes(db))
    latencies.sort()
    p90 = latencies[int(len(latencies) * 0.9)]
    print(f"entries: {args.entries} (+ the seeds)")
    print(f"first paint, fresh process:   {paint * 1000:6.0f} ms   (target < 600 ms)")
    print(
        f"keystroke -> results:         {statistics.median(latencies) * 1000:6.1f} ms median, "
        f"{p90 * 1000:.1f} ms p90 over {len(latencies)} keys   (target < 50 ms)"
    )
    print(f"empty box -> all listed:      {browse * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
