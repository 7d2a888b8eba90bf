"""Prediction endpoint returns numpy scalars/arrays that FastAPI cannot serialise; the TestClient re-raises the server error."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

variant = int(sys.argv[1])
app = FastAPI()
model = torch.nn.Linear(4, 3)


class Features(BaseModel):
    values: list[float]


@app.post("/predict")
def predict(features: Features):
    with torch.no_grad():
        logits = model(torch.tensor(features.values))
    probs = torch.softmax(logits, -1)
    if variant == 0:
        return {"label": int(probs.argmax()), "confidence": probs.max().numpy()}
    if variant == 1:
        return {"probs": probs.numpy(), "model": "linear-v1"}
    return {"label": np.argmax(probs.numpy()), "confident": bool(probs.max() > 0.5)}


def test_predict():
    client = TestClient(app)
    response = client.post("/predict", json={"values": [0.1, 0.2, 0.3, 0.4]})
    assert response.status_code == 200


test_predict()
