"""Everyday asyncio mistakes: awaiting a non-awaitable, a wait_for timeout, a missing await."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def fetch_sync(i):
    return {"id": i}


async def fetch(i):
    await asyncio.sleep(0.5)
    return {"id": i}


async def main():
    if V == 0:
        return await fetch_sync(1)
    if V == 1:
        return await asyncio.wait_for(fetch(2), timeout=0.05)
    result = fetch(3)
    return result["id"]


print(asyncio.run(main()))
