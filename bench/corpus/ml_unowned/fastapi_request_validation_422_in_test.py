"""Client test posts a payload that does not match the request model (wrong field name, nested list shape, string number): 422 Unprocessable Entity and the test assertion fails."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field

variant = int(sys.argv[1])
app = FastAPI()


class BatchRequest(BaseModel):
    inputs: list[list[float]] = Field(min_length=1)
    top_k: int = 1


@app.post("/v1/embed")
def embed(req: BatchRequest):
    return {"n": len(req.inputs), "top_k": req.top_k}


payloads = [{"instances": [[0.1, 0.2]]},                  # TF-serving style key
            {"inputs": [0.1, 0.2, 0.3], "top_k": 3},       # single vector, not a batch
            {"inputs": [[0.5, 0.1]], "top_k": "three"}]


def test_embed_endpoint():
    client = TestClient(app)
    response = client.post("/v1/embed", json=payloads[variant])
    assert response.status_code == 200, json.dumps(response.json(), indent=2)


if __name__ == "__main__":
    test_embed_endpoint()
