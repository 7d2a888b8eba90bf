"""The v2 scoring service caps a request at 256 instances; a backfill sends a whole day's accounts in one request and gets a 422."""
# beside: scoring-api-v2-request-field-renamed-instances
# why: the body uses the right field (instances); the request is larger than the schema's max_length, so it needs batching, no field was renamed.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field

VARIANT = int(sys.argv[1])
log = logging.getLogger("backfill")

MAX_INSTANCES = 256


# --- the scoring service (v2) ---
class ScoreRequest(BaseModel):
    model_version: str = "latest"
    instances: list[list[float]] = Field(min_length=1, max_length=MAX_INSTANCES)


app = FastAPI(title="ranker-scoring")


@app.post("/v2/score")
def score(req: ScoreRequest):
    x = np.asarray(req.instances)
    return {"scores": x.mean(axis=1).tolist(), "model_version": req.model_version}


# --- the backfill client ---
class ScoringClient:
    def __init__(self, http):
        self.http = http

    def score(self, rows):
        response = self.http.post("/v2/score", json={"instances": rows.tolist()})
        response.raise_for_status()
        return response.json()["scores"]


def backfill_day(client, day, n):
    rows = np.random.default_rng(n).normal(size=(n, 6)).round(4)
    log.info("%s: %d accounts", day, n)
    return client.score(rows)


def main():
    client = ScoringClient(TestClient(app))
    days = {0: [("2024-05-01", 1200)], 1: [("2024-05-01", 180), ("2024-05-02", 240), ("2024-05-03", 611)]}[VARIANT]
    for day, n in days:
        backfill_day(client, day, n)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("backfill failed")
            sys.exit(1)
    else:
        main()
