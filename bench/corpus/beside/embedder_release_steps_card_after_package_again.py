"""A teammate's release script for the query-embedder service copies the ranker's step list, with render_model_card after package, and its serving app mounts the bundle's model_card at /card."""
# beside: release-packages-bundle-before-model-card-rendered
# why: the same fault: the model card is rendered after the bundle was packaged, so the released bundle has no model_card and the StaticFiles mount fails at startup; same fix, render before package.
EXPECT = ["release-packages-bundle-before-model-card-rendered"]
VARIANTS = 2

import json
import os
import shutil
import sys

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles

VARIANT = int(sys.argv[1])
NAME, VERSION = {0: ("query-embedder", "1.4.0"), 1: ("item-embedder", "0.9.2")}[VARIANT]
OUT = f"outputs/{NAME}"


def export_model():
    os.makedirs(OUT, exist_ok=True)
    with open(f"{OUT}/config.json", "w") as f:
        json.dump({"dim": 256, "pooling": "mean", "version": VERSION}, f)


def make_bundle():
    os.makedirs("bundles", exist_ok=True)
    shutil.copytree(OUT, f"bundles/{NAME}-{VERSION}")


def render_model_card():
    os.makedirs(f"{OUT}/model_card", exist_ok=True)
    with open(f"{OUT}/model_card/index.html", "w") as f:
        f.write(f"<h1>{NAME} {VERSION}</h1><p>recall@50 0.71</p>")


def build_app(bundle_dir):
    app = FastAPI(title=NAME)
    app.state.config = json.load(open(f"{bundle_dir}/config.json"))
    app.mount("/card", StaticFiles(directory=f"{bundle_dir}/model_card", html=True), name="card")
    return app


if __name__ == "__main__":
    for step in (export_model, make_bundle, render_model_card):
        print(f"[{NAME} {VERSION}] {step.__name__}")
        step()
    app = build_app(f"bundles/{NAME}-{VERSION}")
    print("ready on /card and /embed")
