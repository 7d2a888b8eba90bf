"""Scoring service v2 renamed the request body field `features` to `instances`; the nightly batch client still posts {"features": [...]} and raises on the 422."""
EXPECT = ["scoring-api-v2-request-field-renamed-instances"]
VARIANTS = 4

import logging
import sys

import numpy as np
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])
N_FEATURES = {0: 8, 1: 12, 2: 8, 3: 5}[VARIANT]


# --- the scoring service as deployed (v2) ---
class ScoreRequest(BaseModel):
    model_version: str = "latest"
    instances: list[list[float]]


app = FastAPI(title="ranker-scoring")


@app.post("/v2/score")
def score(req: ScoreRequest):
    x = np.asarray(req.instances)
    return {"scores": (x.sum(axis=1) / x.shape[1]).tolist(), "model_version": req.model_version}


@app.post("/v2/predict")
def predict(req: ScoreRequest):
    return score(req)


# --- the nightly batch client ---
class ScoringClient:
    def __init__(self, http, path="/v2/score"):
        self.http, self.path = http, path

    def score(self, rows):
        response = self.http.post(self.path, json={"features": rows.tolist(), "model_version": "latest"})
        response.raise_for_status()
        return response.json()["scores"]


def main():
    rng = np.random.default_rng(VARIANT)
    rows = rng.normal(size=({0: 16, 1: 256, 2: 32, 3: 400}[VARIANT], N_FEATURES)).round(4)
    client = ScoringClient(TestClient(app), "/v2/predict" if VARIANT == 1 else "/v2/score")
    if VARIANT == 3:
        scores = []
        for start in range(0, len(rows), 100):
            print(f"posting rows {start}..{start + 99}")
            scores += client.score(rows[start : start + 100])
    else:
        print(f"scored {len(client.score(rows))} rows")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s nightly_rescore: %(message)s")
        logging.info("rescoring 32 accounts")
        try:
            main()
        except Exception:
            logging.exception("rescore failed")
            sys.exit(1)
    else:
        main()
