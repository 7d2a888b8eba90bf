"""httpx.AsyncClient methods called without await: the result is a coroutine, so `.json()`/`.status_code`/`.raise_for_status()` raise AttributeError ('coroutine' object has no attribute ...)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import sys

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

FEATURE_SERVICE = "http://127.0.0.1:59317"


def service_healthy():
    client = httpx.AsyncClient(base_url=FEATURE_SERVICE, timeout=2.0)
    resp = client.get("/health")
    return resp.status_code == 200


async def fetch_user_features(client, user_ids):
    resp = client.post("/features/users", json={"ids": user_ids})
    return resp.json()["features"]


async def enrich_batches(batches):
    async with httpx.AsyncClient(base_url=FEATURE_SERVICE, timeout=2.0) as client:
        out = []
        for i, batch in enumerate(batches):
            print(f"enriching batch {i} ({len(batch)} users)")
            out.extend(await fetch_user_features(client, batch))
        return out


async def get_with_retry(client, url, attempts=3):
    for attempt in range(1, attempts + 1):
        resp = client.get(url)
        resp.raise_for_status()
        return resp


async def warm_cache(model_names):
    async with httpx.AsyncClient(base_url=FEATURE_SERVICE) as client:
        for name in model_names:
            await get_with_retry(client, f"/models/{name}/warm")


if V == 0:
    print("checking feature service before scoring")
    if not service_healthy():
        raise SystemExit("feature service down")
elif V == 1:
    asyncio.run(enrich_batches([[11, 12, 13], [14, 15]]))
else:
    asyncio.run(warm_cache(["query-encoder-e5", "price-elasticity-v3"]))
