"""How soon a cold `kb mcp` answers an agent's first search, as the SDK's own client sees it.

    python bench/mcp_bench.py [--runs 9]

Each run starts a new `kb mcp` process through the MCP SDK's stdio client (as an agent's client
does), and times, from the moment the process is spawned: the handshake done (the server ready),
and the first `search_error` answered. Beside it, taking turns run by run: `kb search` of the same
paste, cold, and `python -c "import mcp.server.mcpserver"`, what importing the SDK alone costs.
Medians, on a seeded knowledge base in a temporary folder. Target: the first search under 1 s.
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

from bench_support import KB, compile_kb

PASTE = (
    "Traceback (most recent call last):\n"
    '  File "train.py", line 12, in <module>\n'
    "    loss = criterion(logits, labels)\n"
    "IndexError: Target 7 is out of bounds.\n"
)


async def first_search(env: dict[str, str]) -> tuple[float, float]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    start = time.perf_counter()
    async with Client(StdioServerParameters(command=KB[0], args=[*KB[1:], "mcp"], env=env)) as client:
        ready = time.perf_counter() - start
        await client.call_tool("search_error", {"paste": PASTE})
        answered = time.perf_counter() - start
    return ready, answered


def wall(argv: list[str], env: dict[str, str], stdin: bytes | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(
        argv, env=env, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    compile_kb()
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "KB_DB": str(Path(folder) / "kb.db"),
            "XDG_DATA_HOME": str(Path(folder) / "data"),
            "XDG_CONFIG_HOME": str(Path(folder) / "config"),
            "XDG_CACHE_HOME": str(Path(folder) / "cache"),
        }
        subprocess.run(
            [*KB, "search", "warm up: seed the knowledge base"], env=env, capture_output=True, check=False
        )
        ready, answered, search, sdk = [], [], [], []
        for _ in range(args.runs):
            first = asyncio.run(first_search(env))
            ready.append(first[0])
            answered.append(first[1])
            search.append(wall([*KB, "search", "-"], env, PASTE.encode()))
            sdk.append(wall([sys.executable, "-c", "import mcp.server.mcpserver"], env))
    median = statistics.median
    print(f"runs: {args.runs}, medians, cold processes taking turns")
    print(f"  python -c 'import mcp.server.mcpserver'   {median(sdk) * 1000:6.0f} ms")
    print(f"  kb search (cold)                         {median(search) * 1000:6.0f} ms")
    print(f"  kb mcp: ready (handshake done)           {median(ready) * 1000:6.0f} ms")
    print(
        f"  kb mcp: first search answered            {median(answered) * 1000:6.0f} ms  (target: < 1000 ms)"
    )
    print(f"  first search / importing the SDK alone   {median(answered) / median(sdk):6.2f}x")


if __name__ == "__main__":
    main()
