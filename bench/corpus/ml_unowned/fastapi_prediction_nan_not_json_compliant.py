"""A prediction endpoint returns a NaN float (mean confidence over an empty token list, a z-score with zero spread, a model score for a request with a missing feature) and Starlette's JSON encoder refuses it: ValueError: Out of range float values are not JSON compliant."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging
import math
from typing import Optional

import numpy as np
import torch
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from pydantic import BaseModel
from torch import nn

logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s %(message)s")
log = logging.getLogger("api")
torch.manual_seed(0)
app = FastAPI()
tagger = nn.Sequential(nn.Embedding(100, 16), nn.Linear(16, 5))
scorer = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))


class TagRequest(BaseModel):
    text: str


class Reading(BaseModel):
    sensor: str
    values: list[float]


class Applicant(BaseModel):
    income: float
    debt: float
    age: int
    tenure_months: Optional[int] = None


@app.post("/tag")
def tag(req: TagRequest):
    ids = torch.tensor([hash(w) % 100 for w in req.text.split()], dtype=torch.long)
    with torch.no_grad():
        probs = tagger(ids).softmax(-1) if len(ids) else torch.empty(0, 5)
    conf = probs.max(-1).values.mean().item()
    return {"tags": probs.argmax(-1).tolist(), "confidence": conf}


@app.post("/anomaly")
def anomaly(r: Reading):
    x = np.asarray(r.values)
    z = (x[-1] - x.mean()) / x.std()
    return JSONResponse({"sensor": r.sensor, "zscore": float(z), "alert": bool(abs(z) > 3)})


@app.post("/score")
def score(a: Applicant):
    feats = torch.tensor([[a.income / 1e5, a.debt / 1e5, a.age / 100,
                           (a.tenure_months if a.tenure_months is not None else math.nan) / 120]])
    with torch.no_grad():
        p = torch.sigmoid(scorer(feats)).item()
    return {"default_probability": p, "approved": p < 0.3}


client = TestClient(app)
if V == 0:
    for text in ["the parcel arrived late", "refund please", ""]:
        log.info("POST /tag %r", text)
        print(client.post("/tag", json={"text": text}).json())
elif V == 1:
    for sensor, values in [("pump-3", [0.9, 1.1, 1.0, 1.4]), ("valve-7", [2.0, 2.0, 2.0, 2.0])]:
        log.info("POST /anomaly %s", sensor)
        print(client.post("/anomaly", json={"sensor": sensor, "values": values}).json())
else:
    for body in [{"income": 52000, "debt": 4000, "age": 41, "tenure_months": 30},
                 {"income": 38000, "debt": 12000, "age": 23}]:
        log.info("POST /score %s", body)
        print(client.post("/score", json=body).json())
