"""A module-level asyncio.Queue / Lock / Semaphore is reused by a second asyncio.run() (the next epoch, the next test, the next CLI command): RuntimeError: <Queue ...> is bound to a different event loop."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

# shared by every run of the pipeline, created once at import time
WORK = asyncio.Queue()
WRITE_LOCK = asyncio.Lock()
LIMIT = asyncio.Semaphore(1)


async def producer(n):
    for i in range(n):
        await asyncio.sleep(0.001)
        await WORK.put(i)
    await WORK.put(None)


async def consumer():
    done = 0
    while True:
        item = await WORK.get()
        if item is None:
            return done
        done += 1


async def run_queue_epoch(epoch):
    prod = asyncio.create_task(producer(5))
    done = await consumer()
    await prod
    print(f"epoch {epoch}: consumed {done} items", flush=True)


async def write_row(rows, value):
    async with WRITE_LOCK:
        await asyncio.sleep(0.002)
        rows.append(value)


async def run_lock_shard(shard):
    rows = []
    await asyncio.gather(*(write_row(rows, i) for i in range(4)))
    print(f"shard {shard}: wrote {len(rows)} rows", flush=True)


async def download(name):
    async with LIMIT:
        await asyncio.sleep(0.002)
        return name


async def run_downloads(names):
    got = await asyncio.gather(*(download(n) for n in names))
    print("downloaded", got, flush=True)


if V == 0:
    for epoch in range(3):
        asyncio.run(run_queue_epoch(epoch))
elif V == 1:
    for shard in ["part-000", "part-001"]:
        asyncio.run(run_lock_shard(shard))
else:
    asyncio.run(run_downloads(["train.parquet", "val.parquet"]))
    asyncio.run(run_downloads(["test.parquet", "labels.parquet"]))
