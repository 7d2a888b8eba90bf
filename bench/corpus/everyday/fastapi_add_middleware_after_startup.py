"""app.add_middleware called once the app is running (in the lifespan, in a test after TestClient started it, or lazily from a route): RuntimeError: Cannot add middleware after an application has started."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import time
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.testclient import TestClient
from starlette.middleware.base import BaseHTTPMiddleware

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SETTINGS = {"compress_responses": True, "allowed_origins": ["https://dashboard.internal"]}


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.state.label_map = {0: "keep", 1: "churn"}
    if SETTINGS["compress_responses"]:
        app.add_middleware(GZipMiddleware, minimum_size=512)
    yield


def make_forecast_app():
    app = FastAPI(lifespan=lifespan)

    @app.get("/forecast/{store_id}")
    def forecast(store_id: str):
        return {"store_id": store_id, "units": [120, 131, 118]}

    return app


class TimingHeader(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next):
        start = time.perf_counter()
        response = await call_next(request)
        response.headers["x-elapsed-ms"] = f"{(time.perf_counter() - start) * 1000:.1f}"
        return response


def test_elapsed_header_present():
    app = make_recs_app()
    with TestClient(app) as client:
        assert client.get("/recs/17").status_code == 200
        app.add_middleware(TimingHeader)
        response = client.get("/recs/17")
        assert "x-elapsed-ms" in response.headers


def make_recs_app():
    app = FastAPI()

    @app.get("/recs/{user_id}")
    def recs(user_id: int):
        return {"user_id": user_id, "items": [4, 8, 15]}

    return app


def make_admin_app(log):
    app = FastAPI()

    @app.post("/admin/enable-cors")
    def enable_cors():
        log.info("enabling CORS for %s", SETTINGS["allowed_origins"])
        app.add_middleware(CORSMiddleware, allow_origins=SETTINGS["allowed_origins"])
        return {"cors": "enabled"}

    return app


if V == 0:
    with TestClient(make_forecast_app()) as client:
        print(client.get("/forecast/S12").json())
elif V == 1:
    test_elapsed_header_present()
    print("ok")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    client = TestClient(make_admin_app(logging.getLogger("admin.api")))
    print(client.post("/admin/enable-cors").json())
