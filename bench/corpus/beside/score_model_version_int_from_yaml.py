"""The client reads model_version: 3 from its YAML settings, an int, and posts it; the v2 schema's model_version is a string and the service answers 422."""
# beside: scoring-api-v2-request-field-renamed-instances
# why: the body's instances field is right; model_version is sent as a JSON number because YAML parsed the unquoted 3 as int, and pydantic does not coerce int to str.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import yaml
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])


# --- the scoring service (v2) ---
class ScoreRequest(BaseModel):
    model_version: str = "latest"
    instances: list[list[float]]


app = FastAPI(title="ranker-scoring")


@app.post("/v2/score")
def score(req: ScoreRequest):
    x = np.asarray(req.instances)
    return {"scores": x.mean(axis=1).tolist(), "model_version": req.model_version}


# --- the client ---
SETTINGS = """\
scoring:
  url: http://testserver
  path: /v2/score
  model_version: {version}
  timeout_s: 30
"""


class ScoringClient:
    def __init__(self, http, settings):
        self.http, self.settings = http, settings

    def score(self, rows):
        body = {"instances": rows.tolist(), "model_version": self.settings["model_version"]}
        response = self.http.post(self.settings["path"], json=body)
        response.raise_for_status()
        return response.json()["scores"]


def main():
    with open("client.yaml", "w") as fh:
        fh.write(SETTINGS.format(version={0: "3", 1: "2024.06"}[VARIANT]))
    with open("client.yaml") as fh:
        settings = yaml.safe_load(fh)["scoring"]
    client = ScoringClient(TestClient(app), settings)
    rows = np.random.default_rng(VARIANT).normal(size=({0: 10, 1: 64}[VARIANT], 8)).round(3)
    if VARIANT == 1:
        print(f"pinned model {settings['model_version']}, scoring {len(rows)} rows")
    print(client.score(rows)[:3])


if __name__ == "__main__":
    main()
