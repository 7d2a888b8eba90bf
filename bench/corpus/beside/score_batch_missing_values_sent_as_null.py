"""The nightly client serializes its feature frame with DataFrame.to_json, which writes missing values as null; the v2 service's list[list[float]] rejects them with a 422."""
# beside: scoring-api-v2-request-field-renamed-instances
# why: the client posts the right field (instances); some rows have missing features (new accounts) that become null, which the schema's float rejects.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys

import numpy as np
import pandas as pd
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])


# --- the scoring service (v2) ---
class ScoreRequest(BaseModel):
    model_version: str = "latest"
    instances: list[list[float]]


app = FastAPI(title="ranker-scoring")


@app.post("/v2/score")
def score(req: ScoreRequest):
    x = np.asarray(req.instances)
    return {"scores": (x.sum(axis=1) / x.shape[1]).tolist(), "model_version": req.model_version}


# --- the nightly client ---
def load_accounts(n, seed):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"tenure_months": rng.integers(1, 72, n).astype(float), "monthly_charges": rng.uniform(10, 120, n).round(2), "n_tickets_90d": rng.integers(0, 5, n).astype(float)})
    # accounts opened this week have no billing history yet
    frame.loc[frame.sample(frac=0.02, random_state=seed).index, "monthly_charges"] = np.nan
    return frame


def post_scores(http, frame):
    body = {"instances": json.loads(frame.to_json(orient="values")), "model_version": "latest"}
    response = http.post("/v2/score", json=body)
    response.raise_for_status()
    return response.json()["scores"]


def main():
    http = TestClient(app)
    frame = load_accounts({0: 200, 1: 1000}[VARIANT], VARIANT)
    if VARIANT == 1:
        scores = []
        for start in range(0, len(frame), 250):
            logging.info("scoring accounts %d..%d", start, start + 249)
            scores += post_scores(http, frame.iloc[start : start + 250])
    else:
        print(f"scored {len(post_scores(http, frame))} accounts")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s nightly_rescore: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("rescore failed")
            sys.exit(1)
    else:
        main()
