"""The model-server URL from an env var or config lacks 'http://' ('localhost:8000/predict', 'ml-api:8080'), so httpx refuses it before connecting: UnsupportedProtocol: Request URL is missing an 'http://' or 'https://' protocol."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
log = logging.getLogger("scoring-client")

os.environ["MODEL_SERVER"] = ["localhost:8000", "ml-api.internal:8080", "127.0.0.1:9000"][V]


class ScoringClient:
    def __init__(self, base):
        self.base = base.rstrip("/")
        self.client = httpx.Client(timeout=2.0)

    def predict(self, rows):
        url = f"{self.base}/v1/predict"
        log.info("POST %s (%d rows)", url, len(rows))
        resp = self.client.post(url, json={"instances": rows})
        resp.raise_for_status()
        return resp.json()["predictions"]


def main():
    if V == 2:
        client = httpx.Client(base_url=os.environ["MODEL_SERVER"])
        print(client.get("/health").json())
        return
    scorer = ScoringClient(os.environ["MODEL_SERVER"])
    preds = scorer.predict([{"tenure": 12, "fee": 29.9}, {"tenure": 3, "fee": 49.9}])
    print(preds)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    main()
