"""A retry helper is given a coroutine object instead of a coroutine function, so the second attempt awaits the same object again: RuntimeError: cannot reuse already awaited coroutine."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("uploader")

ATTEMPTS = {"n": 0}


class TransientError(Exception):
    pass


async def upload(path, fail_times=1):
    ATTEMPTS["n"] += 1
    await asyncio.sleep(0.01)
    if ATTEMPTS["n"] <= fail_times:
        raise TransientError(f"503 from storage for {path}")
    return f"s3://bucket/{path}"


async def with_retries(coro, tries=3, delay=0.01):
    for attempt in range(1, tries + 1):
        try:
            return await coro
        except TransientError as exc:
            log.warning("attempt %d failed: %s; retrying", attempt, exc)
            await asyncio.sleep(delay)
    raise TransientError("gave up")


class Publisher:
    def __init__(self, names):
        self.names = names

    async def publish(self):
        urls = []
        for name in self.names:
            log.info("publishing %s", name)
            urls.append(await with_retries(upload(name, fail_times=2)))
        return urls


async def main():
    if V == 0:
        print(await with_retries(upload("model-epoch3.pt")))
    elif V == 1:
        print(await Publisher(["metrics.json", "predictions.csv"]).publish())
    else:
        results = await asyncio.gather(
            with_retries(upload("shard-000.parquet", fail_times=0)),
            with_retries(upload("shard-001.parquet", fail_times=0)),
        )
        log.info("first wave done: %s", results)
        ATTEMPTS["n"] = 0
        print(await with_retries(asyncio.wait_for(upload("shard-002.parquet"), timeout=5)))


asyncio.run(main())
