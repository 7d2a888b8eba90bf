"""The ranker's scoring service mounts its model card with a path relative to the release folder, and the new systemd unit starts it from the service user's home directory instead of the release folder."""
# beside: release-packages-bundle-before-model-card-rendered
# why: the bundle does contain model_card (render_model_card runs before package here); the process runs from another working directory, so the relative path misses it; the fix is an absolute path (or WorkingDirectory=), not the release step order.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles

VARIANT = int(sys.argv[1])
RELEASE = {0: "releases/ranker-2024.06.1", 1: "srv/releases/ranker-2024.07.3"}[VARIANT]


def release_bundle():
    os.makedirs(f"{RELEASE}/model_card", exist_ok=True)
    with open(f"{RELEASE}/model.json", "w") as f:
        json.dump({"model": "ranker", "n_trees": 300}, f)
    with open(f"{RELEASE}/model_card/index.html", "w") as f:
        f.write("<h1>ranker</h1><p>NDCG@10 0.412 on the June holdout</p>")
    return os.path.abspath(RELEASE)


def create_app():
    app = FastAPI(title="ranker scoring")
    with open(os.path.join(os.environ["MODEL_DIR"], "model.json")) as f:
        app.state.model = json.load(f)
    app.mount("/card", StaticFiles(directory="model_card", html=True), name="card")
    return app


def service_start(release_dir):
    """What the unit file runs: MODEL_DIR from the environment, cwd = the service user's home."""
    home = os.path.abspath({0: "home/svc-ranker", 1: "home/scoring"}[VARIANT])
    os.makedirs(home, exist_ok=True)
    os.environ["MODEL_DIR"] = release_dir
    os.chdir(home)
    print(f"starting ranker scoring: MODEL_DIR={release_dir} cwd={os.getcwd()}")
    return create_app()


if __name__ == "__main__":
    release_dir = release_bundle()
    print(f"release {release_dir}: {sorted(os.listdir(release_dir))}")
    app = service_start(release_dir)
