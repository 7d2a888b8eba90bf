"""Intent API loads artifacts/label_map.json by a relative path in its startup event; launched from another directory it cannot find it."""
EXPECT = ["intent-api-startup-relative-label-map-path"]
VARIANTS = 4

import json
import logging
import sys

import torch
import uvicorn
from fastapi import FastAPI

VARIANT = int(sys.argv[1])
LABEL_MAP = {0: "artifacts/label_map.json", 1: "artifacts/intent_v3/label_map.json", 2: "artifacts/label_map.json", 3: "./artifacts/labels/label_map.json"}[VARIANT]

app = FastAPI(title="intent-api")
STATE = {}


@app.on_event("startup")
def load_artifacts():
    with open(LABEL_MAP) as fh:
        STATE["id2label"] = {int(k): v for k, v in json.load(fh).items()}
    STATE["model"] = torch.nn.Linear(64, len(STATE["id2label"]))


@app.get("/healthz")
def healthz():
    return {"ok": True, "labels": len(STATE.get("id2label", {}))}


if __name__ == "__main__":
    if VARIANT == 2:
        from fastapi.testclient import TestClient

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("intent_api.smoke")
        log.info("smoke test: starting app in-process")
        try:
            with TestClient(app) as client:
                client.get("/healthz")
        except Exception:
            log.exception("smoke test failed")
            sys.exit(1)
    else:
        port = {0: 8000, 1: 8080, 3: 9001}[VARIANT]
        if VARIANT == 3:
            print(f"starting intent-api on 0.0.0.0:{port} (workers=1)")
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="info")
