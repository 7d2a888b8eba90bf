"""The sync FeatureStore wrapper uses asyncio.run(); called from an async FastAPI endpoint it runs inside uvicorn's event loop."""
EXPECT = ["feature-store-sync-wrapper-asyncio-run-in-async-endpoint"]
VARIANTS = 4

import asyncio
import logging
import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient

VARIANT = int(sys.argv[1])


class AsyncFeatureStore:
    async def get_features(self, user_id, names):
        await asyncio.sleep(0.001)
        return {n: float(user_id % 7) for n in names}


class FeatureStore:
    """Sync facade used by batch jobs and notebooks."""

    def __init__(self):
        self._inner = AsyncFeatureStore()

    def get_features(self, user_id, names):
        return asyncio.run(self._inner.get_features(user_id, names))


store = FeatureStore()
app = FastAPI(title="reco-api")


def candidate_features(user_id):
    return store.get_features(user_id, ["recency_days", "frequency_30d", "monetary_90d"])


@app.get("/recommend/{user_id}")
async def recommend(user_id: int, k: int = 10):
    feats = candidate_features(user_id)
    return {"user_id": user_id, "items": list(range(k)), "features": feats}


def main():
    users = {0: [42], 1: [7, 1003, 88], 2: [42], 3: [5, 6]}[VARIANT]
    if VARIANT == 3:
        print("batch job check:", store.get_features(1, ["recency_days"]))
    with TestClient(app) as client:
        for uid in users:
            print(client.get(f"/recommend/{uid}", params={"k": 5}).json())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("reco_api.tests")
        log.info("integration test: GET /recommend/42")
        try:
            main()
        except Exception:
            log.exception("integration test errored")
            sys.exit(1)
    else:
        main()
