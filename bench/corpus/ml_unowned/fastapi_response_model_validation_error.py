"""Endpoint result does not satisfy its declared response_model (missing field, None score, label id instead of name): fastapi ResponseValidationError in a TestClient test."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

variant = int(sys.argv[1])
app = FastAPI()
LABELS = ["negative", "neutral", "positive"]


class Prediction(BaseModel):
    label: str
    score: float
    model_version: str


def run_model(text: str):
    return {"label_id": 2, "score": 0.93} if text else {"label_id": 1, "score": None}


@app.get("/classify", response_model=Prediction)
def classify(text: str = ""):
    out = run_model(text)
    if variant == 0:
        return {"label": LABELS[out["label_id"]], "score": out["score"]}   # forgot model_version
    if variant == 1:
        return {"label": out["label_id"], "score": out["score"], "model_version": "v3"}
    return {"label": LABELS[out["label_id"]], "score": out["score"], "model_version": "v3"}


client = TestClient(app)
r = client.get("/classify", params={"text": "great movie" if variant < 2 else ""})
print(r.status_code, r.json())
