"""A quick script posts to the scoring service with data= (a form-encoded body) instead of json=, and the JSON endpoint answers 422."""
# beside: scoring-api-v2-request-field-renamed-instances
# why: the field name is right ("instances"); the body is form-encoded instead of JSON, no API field was renamed.
EXPECT = []
VARIANTS = 2

import json
import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])


class ScoreRequest(BaseModel):
    instances: list[list[float]]


app = FastAPI()


@app.post("/v2/score")
def score(req: ScoreRequest):
    return {"scores": [sum(r) for r in req.instances]}


client = TestClient(app)
rows = [[1.0, 2.0], [3.0, 4.0]][: VARIANT + 1]
if VARIANT == 1:
    print("posting 2 rows")
    resp = client.post("/v2/score", data={"instances": json.dumps(rows)})
else:
    resp = client.post("/v2/score", data={"instances": rows})
resp.raise_for_status()
