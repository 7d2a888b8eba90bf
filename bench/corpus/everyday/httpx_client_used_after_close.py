"""An httpx Client/AsyncClient made in a `with` block (or closed in a finally) is returned or kept and used afterwards: RuntimeError: Cannot send a request, as the client has been closed."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import asyncio
import json
import logging
import sys

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def feature_service(request: httpx.Request) -> httpx.Response:
    if request.url.path.startswith("/features/"):
        customer = request.url.path.rsplit("/", 1)[-1]
        return httpx.Response(200, json={"customer_id": customer, "orders_30d": 3, "tickets_90d": 1})
    if request.url.path == "/v1/score":
        return httpx.Response(200, json={"scores": [0.1] * len(json.loads(request.content)["rows"])})
    return httpx.Response(404, json={"detail": "not found"})


def make_feature_client():
    with httpx.Client(base_url="http://feature-store.internal", transport=httpx.MockTransport(feature_service),
                      timeout=5.0) as client:
        return client


def fetch_features(customer_ids):
    client = make_feature_client()
    return [client.get(f"/features/{cid}").json() for cid in customer_ids]


async def open_async_client():
    async with httpx.AsyncClient(base_url="http://feature-store.internal",
                                 transport=httpx.MockTransport(feature_service)) as client:
        await client.get("/features/warmup")
    return client


async def gather_features(customer_ids):
    client = await open_async_client()
    responses = await asyncio.gather(*(client.get(f"/features/{cid}") for cid in customer_ids))
    return [r.json() for r in responses]


class BatchScorer:
    def __init__(self, log):
        self.log = log
        self.client = httpx.Client(base_url="http://scoring.internal", transport=httpx.MockTransport(feature_service))

    def score_batch(self, rows):
        try:
            resp = self.client.post("/v1/score", json={"rows": rows})
            resp.raise_for_status()
            return resp.json()["scores"]
        finally:
            self.client.close()

    def score_all(self, rows, batch_size):
        scores = []
        for start in range(0, len(rows), batch_size):
            self.log.info("scoring rows %d-%d", start, min(start + batch_size, len(rows)) - 1)
            scores += self.score_batch(rows[start:start + batch_size])
        return scores


if V == 0:
    print(fetch_features([101, 102, 103]))
elif V == 1:
    print(asyncio.run(gather_features([7, 8])))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    scorer = BatchScorer(logging.getLogger("batch.scorer"))
    print(len(scorer.score_all([{"tenure": i} for i in range(10)], batch_size=4)))
