"""Embedding service whose request/response types use np.ndarray or torch.Tensor: pydantic cannot build a schema (PydanticSchemaGenerationError / FastAPIError Invalid args for response field / Cannot generate a JsonSchema when /openapi.json is requested)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel, ConfigDict
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s %(message)s")
log = logging.getLogger("embed_service")
torch.manual_seed(0)
DIM = [16, 8, 32][variant]


class Encoder(nn.Module):
    def __init__(self, in_dim=12, dim=DIM):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, dim))

    def forward(self, x):
        return nn.functional.normalize(self.net(x), dim=-1)


def create_app():
    app = FastAPI(title="embedder")
    encoder = Encoder().eval()
    log.info("encoder loaded, output dim %d", DIM)

    if variant == 0:
        class EmbedRequest(BaseModel):
            features: np.ndarray
            normalize: bool = True

        @app.post("/embed")
        def embed(req: EmbedRequest):
            with torch.inference_mode():
                return {"embedding": encoder(torch.as_tensor(req.features, dtype=torch.float32)).tolist()}

    elif variant == 1:
        class EmbedRequest(BaseModel):
            features: list[float]

        @app.post("/embed")
        def embed(req: EmbedRequest) -> torch.Tensor:
            with torch.inference_mode():
                return encoder(torch.tensor(req.features))

    else:
        class EmbedResponse(BaseModel):
            model_config = ConfigDict(arbitrary_types_allowed=True)
            embedding: np.ndarray
            dim: int

        @app.post("/embed", response_model=EmbedResponse)
        def embed(features: list[float]):
            with torch.inference_mode():
                vec = encoder(torch.tensor(features)).numpy()
            return EmbedResponse(embedding=vec, dim=vec.shape[-1])

    return app


def smoke_test(app):
    client = TestClient(app)
    spec = client.get("/openapi.json")
    log.info("openapi: %s", spec.status_code)
    r = client.post("/embed", json=[0.1] * 12)
    log.info("embed: %s", r.status_code)


app = create_app()
smoke_test(app)
