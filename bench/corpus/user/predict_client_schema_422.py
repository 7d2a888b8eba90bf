"""Sentiment API v2 takes {"texts": [...]}; the batch client still posts {"text": ...} and gets 422 from FastAPI."""
EXPECT = ["sentiment-client-posts-text-api-v2-expects-texts"]
VARIANTS = 4

import logging
import sys
from typing import List

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

VARIANT = int(sys.argv[1])

app = FastAPI(title="sentiment-api", version="2.0")


class PredictRequest(BaseModel):
    texts: List[str]
    model_version: str = "2024-05"


@app.post("/v2/predict")
def predict(req: PredictRequest):
    return {"labels": ["positive" if "good" in t else "negative" for t in req.texts]}


class SentimentClient:
    def __init__(self, http: httpx.Client, path="/v2/predict"):
        self.http = http
        self.path = path

    def predict_one(self, text):
        resp = self.http.post(self.path, json={"text": text})
        resp.raise_for_status()
        return resp.json()["labels"][0]

    def predict_many(self, texts):
        return [self.predict_one(t) for t in texts]


def main():
    texts = {
        0: ["good service, fast delivery"],
        1: ["arrived broken", "good value", "meh"],
        2: ["would buy again"],
        3: ["good", "bad", "terrible packaging", "good price"],
    }[VARIANT]
    with TestClient(app) as http:
        client = SentimentClient(http)
        if VARIANT == 3:
            print(f"annotating {len(texts)} reviews via {client.path}")
        if VARIANT == 0:
            print(client.predict_one(texts[0]))
        else:
            print(client.predict_many(texts))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("review_annotator")
        log.info("annotating batch reviews_2024-05-02")
        try:
            main()
        except Exception:
            log.exception("annotation batch failed")
            sys.exit(1)
    else:
        main()
