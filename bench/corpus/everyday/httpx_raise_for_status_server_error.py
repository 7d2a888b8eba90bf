"""httpx.HTTPStatusError from response.raise_for_status() in the user's client for a model server (a 503 while the model loads, a 422 for a payload with the wrong field, a 404 for a route that moved)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
import time

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
log = logging.getLogger("batch-scorer")


def fake_server(request: httpx.Request) -> httpx.Response:
    """Stands in for the scoring service in this offline job."""
    if request.url.path != "/v1/predict":
        return httpx.Response(404, json={"detail": "Not Found"})
    body = json.loads(request.content)
    if V == 0:
        return httpx.Response(503, json={"detail": "model is loading"})
    if "inputs" not in body:
        return httpx.Response(422, json={"detail": [{"loc": ["body", "inputs"], "msg": "Field required"}]})
    return httpx.Response(200, json={"scores": [0.5] * len(body["inputs"])})


def score_batch(client, route, rows, retries=2):
    for attempt in range(retries + 1):
        resp = client.post(route, json={"features": rows} if V == 1 else {"inputs": rows})
        if resp.status_code == 503 and attempt < retries:
            log.warning("server busy (attempt %d), retrying", attempt + 1)
            time.sleep(0.05)
            continue
        resp.raise_for_status()
        return resp.json()["scores"]


with httpx.Client(transport=httpx.MockTransport(fake_server), base_url="http://scoring.internal:8080") as client:
    route = "/predict" if V == 2 else "/v1/predict"
    for i in range(3):
        log.info("batch %d", i)
        print(score_batch(client, route, [[0.1, 0.2], [0.3, 0.4]]))
