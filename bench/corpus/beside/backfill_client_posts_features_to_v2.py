"""A teammate's backfill job posts historical rows to the v2 scoring service with the old body field "features"."""
# beside: scoring-api-v2-request-field-renamed-instances
# why: the v2 service expects "instances" and this client still posts "features", the entry's cause and fix.
EXPECT = ["scoring-api-v2-request-field-renamed-instances"]
VARIANTS = 2

import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])


class ScoreRequest(BaseModel):
    model_version: str = "latest"
    instances: list[list[float]]


app = FastAPI()


@app.post("/v2/score")
def score(req: ScoreRequest):
    return {"scores": [sum(r) for r in req.instances]}


http = TestClient(app)
days = {0: ["2024-05-01"], 1: ["2024-05-01", "2024-05-02", "2024-05-03"]}[VARIANT]
for day in days:
    rows = [[0.1 * i, 0.2 * i, 1.0] for i in range(10)]
    if VARIANT == 1:
        print(f"backfill {day}: {len(rows)} rows")
    resp = http.post("/v2/score", json={"features": rows, "model_version": "2024-04"})
    resp.raise_for_status()
