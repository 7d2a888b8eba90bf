"""The scoring service's container used to start with `uvicorn api:app` from /srv/service (the uvicorn command puts the working directory on sys.path); ops changed the entrypoint to `python ops/serve.py`, which calls uvicorn.run("api:app") with sys.path[0] = ops/, so api.py in the working directory is never found."""
EXPECT = ["scoring-service-entrypoint-uvicorn-run-cwd-not-on-sys-path"]
VARIANTS = 4

import logging
import os
import sys

import uvicorn

VARIANT = int(sys.argv[1])
MODULE = {0: "api", 1: "scoring_service", 2: "api", 3: "api"}[VARIANT]

API_PY = '''\
from fastapi import FastAPI

app = FastAPI(title="churn-scoring")


@app.get("/healthz")
def healthz():
    return {"ok": True}
'''


def checkout():
    with open(f"{MODULE}.py", "w") as fh:
        fh.write(API_PY)
    os.makedirs("models", exist_ok=True)


def serve():
    """ops/serve.py"""
    uvicorn.run(f"{MODULE}:app", host="127.0.0.1", port=int(os.environ.get("PORT", "18080")),
                workers=1, log_level="info")


def main():
    checkout()
    if VARIANT == 3:
        print("checking models/ ... ok")
        print(f"starting {MODULE}:app on :18080")
    serve()


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s serve: %(message)s")
        logging.info("entrypoint ops/serve.py, cwd %s", "/srv/service")
    main()
