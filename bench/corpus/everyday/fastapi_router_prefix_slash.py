"""An APIRouter or include_router prefix written with a trailing slash or without the leading one ('/v1/', '/api/', 'models' from an env var): AssertionError: A path prefix must not end with '/', as the routes will start with '/'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

from fastapi import APIRouter, FastAPI
from pydantic import BaseModel

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class ChurnRequest(BaseModel):
    customer_id: int
    tenure_months: int
    monthly_fee: float


def build_scoring_router():
    router = APIRouter(prefix="/v1/", tags=["scoring"])

    @router.post("/churn")
    def score_churn(req: ChurnRequest):
        return {"customer_id": req.customer_id, "p_churn": 0.12}

    return router


def build_health_router():
    router = APIRouter()

    @router.get("/live")
    def live():
        return {"status": "ok"}

    @router.get("/ready")
    def ready():
        return {"model_loaded": True}

    return router


def create_app(api_prefix):
    app = FastAPI(title="demand-forecast-api")
    app.include_router(build_health_router(), prefix="/health")
    app.include_router(build_health_router(), prefix=api_prefix + "/")
    return app


def mount_model_routes(app, log):
    prefix = os.environ.get("MODEL_ROUTE_PREFIX", "/models")
    log.info("mounting model routes under %r", prefix)
    router = APIRouter(prefix=prefix)

    @router.get("/{model_name}/version")
    def model_version(model_name: str):
        return {"model": model_name, "version": "2024.12.1"}

    app.include_router(router)


if V == 0:
    app = FastAPI()
    app.include_router(build_scoring_router())
    print([r.path for r in app.routes])
elif V == 1:
    app = create_app("/api")
    print(len(app.routes), "routes")
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s - %(message)s")
    os.environ["MODEL_ROUTE_PREFIX"] = "models"
    app = FastAPI(title="model-registry-proxy")
    mount_model_routes(app, logging.getLogger("registry.api"))
