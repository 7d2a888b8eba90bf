"""Model called directly inside an `async def` FastAPI route (no threadpool, no inference_mode): while one prediction runs, /health waits; the load test's latency check fails."""
EXPECT = ["fastapi-async-inference-without-inference-mode"]
VARIANTS = 3

import sys
import threading
import time

import torch
import torch.nn as nn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

v = int(sys.argv[1])
torch.manual_seed(0)
model = nn.Sequential(*[nn.Sequential(nn.Linear(1024, 1024), nn.GELU()) for _ in range(8)], nn.Linear(1024, 3))
app = FastAPI()


class Req(BaseModel):
    texts: list[str]


@app.get(["/health", "/healthz", "/ready"][v])
async def health():
    return {"status": "ok"}


@app.post("/predict")
async def predict(req: Req):
    x = torch.randn(len(req.texts) * 64, 1024)
    for _ in range(40):                                    # the ensemble / sliding windows
        out = model(x)
    return {"labels": out[: len(req.texts)].argmax(1).tolist(), "requires_grad": out.requires_grad}


with TestClient(app) as client:
    t0 = time.perf_counter()
    client.get(["/health", "/healthz", "/ready"][v])
    idle = time.perf_counter() - t0
    worker = threading.Thread(target=lambda: print("predict:", client.post("/predict", json={"texts": ["a", "b", "c"]}).json()))
    worker.start()
    time.sleep(0.3)                                        # the prediction is running now
    t0 = time.perf_counter()
    r = client.get(["/health", "/healthz", "/ready"][v])
    busy = time.perf_counter() - t0
    worker.join()
    print(f"health: {r.status_code}, {idle * 1000:.1f} ms idle, {busy * 1000:.0f} ms during a prediction")
    assert busy < 0.2, f"health check took {busy:.2f} s while /predict was running (probe timeout is 0.2 s)"
