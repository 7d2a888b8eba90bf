"""A FastAPI service that loads its model in a lifespan / startup handler, exercised with TestClient(app) outside a `with` block so the handler never runs: AttributeError: 'State' object has no attribute 'model'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from contextlib import asynccontextmanager

import torch
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from pydantic import BaseModel
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
log = logging.getLogger("scoring-api")


class Features(BaseModel):
    values: list[float]


def load_model():
    log.info("loading model weights")
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)).eval()
    return model


def score(model, values):
    with torch.inference_mode():
        return torch.sigmoid(model(torch.tensor([values]))).item()


if variant in (0, 2):
    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if variant == 0:
            app.state.model = load_model()
            yield
        else:
            yield {"model": load_model()}
        log.info("shutting down")

    app = FastAPI(lifespan=lifespan)
else:
    app = FastAPI()

    @app.on_event("startup")
    def startup():
        app.state.model = load_model()


@app.get("/health")
def health():
    return {"status": "ok"}


@app.post("/predict")
def predict(features: Features, request: Request):
    model = request.state.model if variant == 2 else request.app.state.model
    return {"probability": score(model, features.values)}


def test_predict():
    client = TestClient(app)
    assert client.get("/health").status_code == 200
    log.info("health ok")
    resp = client.post("/predict", json={"values": [0.1, 0.5, -1.2, 3.0]})
    assert resp.status_code == 200, resp.text
    print(resp.json())


if __name__ == "__main__":
    test_predict()
