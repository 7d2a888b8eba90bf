"""RuntimeError: no running event loop: asyncio.create_task / get_running_loop called from synchronous code (module level, a class __init__, a setup helper) before asyncio.run() has started a loop."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


async def fetch_features(user_id):
    await asyncio.sleep(0.01)
    return {"user_id": user_id, "n_orders": user_id % 7}


async def heartbeat(interval=0.05):
    while True:
        print("heartbeat", flush=True)
        await asyncio.sleep(interval)


class MetricsPusher:
    def __init__(self):
        self.buffer = []
        self._task = asyncio.create_task(self._flush_forever())   # needs a running loop

    async def _flush_forever(self):
        while True:
            self.buffer.clear()
            await asyncio.sleep(0.1)


async def score_all(ids):
    return await asyncio.gather(*(fetch_features(i) for i in ids))


if V == 0:
    tasks = [asyncio.create_task(fetch_features(i)) for i in range(5)]
    print(asyncio.run(asyncio.wait(tasks)))
elif V == 1:
    print("starting scorer", flush=True)
    pusher = MetricsPusher()
    print(asyncio.run(score_all(range(3))))
elif V == 2:
    def start_background_heartbeat():
        loop = asyncio.get_running_loop()
        return loop.create_task(heartbeat())

    hb = start_background_heartbeat()
    asyncio.run(score_all([1, 2]))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("feature-client")

    def prefetch(ids):
        log.info("prefetching %d users", len(ids))
        return {i: asyncio.create_task(fetch_features(i))
                for i in ids}

    try:
        pending = prefetch([10, 11, 12])
    except RuntimeError:
        log.exception("prefetch failed")
        raise
    asyncio.run(asyncio.sleep(0))
