"""render_model_card was appended to the end of release.py's STEPS, after package, so the release bundle has no model_card folder and the serving app's StaticFiles mount for /card fails at startup."""
EXPECT = ["release-packages-bundle-before-model-card-rendered"]
VARIANTS = 3

import json
import logging
import os
import shutil
import sys

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles

VARIANT = int(sys.argv[1])
MODEL = {0: "ranker", 1: "search-ranker", 2: "ranker"}[VARIANT]
VERSION = {0: "2024.06.1", 1: "2024.07.3", 2: "2024.06.2"}[VARIANT]
ARTIFACTS = f"artifacts/{MODEL}"


def train():
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(f"{ARTIFACTS}/model.json", "w") as f:
        json.dump({"model": MODEL, "version": VERSION, "n_trees": 300}, f)


def package():
    return shutil.make_archive(f"dist/{MODEL}-{VERSION}", "gztar", root_dir=ARTIFACTS)


def render_model_card():
    os.makedirs(f"{ARTIFACTS}/model_card", exist_ok=True)
    with open(f"{ARTIFACTS}/model_card/index.html", "w") as f:
        f.write(f"<h1>{MODEL} {VERSION}</h1><p>NDCG@10 0.412 on the June holdout</p>")


STEPS = [train, package, render_model_card]


def release():
    for step in STEPS:
        print(f"release {MODEL} {VERSION}: {step.__name__}")
        step()
    return f"dist/{MODEL}-{VERSION}.tar.gz"


def deploy(bundle):
    target = f"releases/{MODEL}-{VERSION}"
    shutil.unpack_archive(bundle, target)
    return target


def create_app(bundle_dir):
    app = FastAPI(title=f"{MODEL} scoring")
    with open(os.path.join(bundle_dir, "model.json")) as f:
        app.state.model = json.load(f)
    app.mount("/card", StaticFiles(directory=os.path.join(bundle_dir, "model_card"), html=True), name="card")
    return app


if __name__ == "__main__":
    if VARIANT == 0:
        app = create_app(deploy(release()))
    elif VARIANT == 1:
        bundle = release()
        print(f"bundle {bundle}: {os.path.getsize(bundle)} bytes")
        app = create_app(deploy(bundle))
    else:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("serving.startup")
        bundle_dir = deploy(release())
        log.info("starting %s from %s", MODEL, bundle_dir)
        try:
            app = create_app(bundle_dir)
        except Exception:
            log.exception("could not start the scoring app")
            sys.exit(1)
