"""The labeling demo app serves its single-page frontend from frontend/dist, which only exists after npm run build, and the new CI image builds the Python side only."""
# beside: release-packages-bundle-before-model-card-rendered
# why: no model card and no release step order: the frontend's build output is produced by a separate npm step the CI image never runs, so the fix is adding that build stage, not reordering release.py.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.staticfiles import StaticFiles

VARIANT = int(sys.argv[1])
DIST = {0: "frontend/dist", 1: "labeling_demo/web/build"}[VARIANT]
log = logging.getLogger("demo")


def checkout_sources():
    os.makedirs(os.path.dirname(DIST) + "/src", exist_ok=True)
    with open(os.path.dirname(DIST) + "/src/main.ts", "w") as f:
        f.write("import { mount } from './app';\nmount(document.body);\n")
    with open(os.path.dirname(DIST) + "/package.json", "w") as f:
        f.write('{"scripts": {"build": "vite build --outDir dist"}}\n')


def create_app():
    app = FastAPI(title="labeling demo")

    @app.get("/api/health")
    def health():
        return {"ok": True}

    app.mount("/", StaticFiles(directory=DIST, html=True), name="frontend")
    return app


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    checkout_sources()
    log.info("sources checked out; python deps installed")
    try:
        client = TestClient(create_app())
        log.info("health %s", client.get("/api/health").json())
    except Exception:
        log.exception("demo app failed to start")
        sys.exit(1)
