"""A sync helper that calls asyncio.run() is used from code already running in an event loop (an async main, an async handler): RuntimeError: asyncio.run() cannot be called from a running event loop."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("fetcher")


async def fetch_one(item_id):
    await asyncio.sleep(0.01)
    return {"id": item_id, "score": item_id * 0.1}


async def fetch_many(ids):
    return await asyncio.gather(*(fetch_one(i) for i in ids))


def fetch_features(ids):
    """Sync wrapper so notebooks and scripts can call it without await."""
    return asyncio.run(fetch_many(ids))


class FeatureCache:
    def __init__(self):
        self.rows = {}

    def warm(self, ids):
        for row in fetch_features(ids):
            self.rows[row["id"]] = row
        log.info("cache warmed with %d rows", len(self.rows))


async def main():
    log.info("starting feature refresh")
    if V == 0:
        rows = fetch_features([1, 2, 3])
        print(rows)
    elif V == 1:
        first = await fetch_many([10, 11])
        log.info("fetched %d rows for the first batch", len(first))
        cache = FeatureCache()
        cache.warm([12, 13, 14])
    else:
        async def handle_request(payload):
            log.info("request %s", payload)
            ids = [int(x) for x in payload["ids"].split(",")]
            return {"features": fetch_features(ids)}

        print(await handle_request({"ids": "4,8,15"}))


asyncio.run(main())
