"""asyncio mistakes in an async feature fetcher: asyncio.wait given bare coroutines, asyncio.wait on an empty task list, Queue.task_done called twice per item."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
log = logging.getLogger("feature_fetcher")


async def fetch_features(item_id):
    await asyncio.sleep(0.01)
    return {"item_id": item_id, "embedding_norm": (item_id % 7) / 7}


async def fetch_all(ids):
    done, _ = await asyncio.wait([fetch_features(i) for i in ids], timeout=5)
    return [t.result() for t in done]


async def fetch_changed(ids, cache):
    tasks = [asyncio.create_task(fetch_features(i)) for i in ids if i not in cache]
    log.info("%d of %d items need a refresh", len(tasks), len(ids))
    done, _ = await asyncio.wait(tasks)
    return [t.result() for t in done]


async def worker(name, queue, results):
    while True:
        item_id = await queue.get()
        try:
            results.append(await fetch_features(item_id))
            queue.task_done()
            log.info("%s fetched item %d", name, item_id)
        finally:
            queue.task_done()


async def fetch_with_workers(ids, n_workers=2):
    queue, results = asyncio.Queue(), []
    for i in ids:
        queue.put_nowait(i)
    workers = [asyncio.create_task(worker(f"w{k}", queue, results)) for k in range(n_workers)]
    await queue.join()
    done, _ = await asyncio.wait(workers, return_when=asyncio.FIRST_EXCEPTION)
    for w in done:
        w.result()
    return results


if V == 0:
    log.info("fetching features for 8 items")
    print(asyncio.run(fetch_all(range(8))))
elif V == 1:
    cache = {i: {} for i in range(20)}
    log.info("cache holds %d items", len(cache))
    print(asyncio.run(fetch_changed(list(range(0, 20, 3)), cache)))
else:
    log.info("starting 2 workers")
    print(asyncio.run(fetch_with_workers(list(range(6)))))
