"""deploy/pull_model.py builds the registry URL from the release tag `git describe --tags` gives on the serving host (v2.3.0); the CI publish job registers each model under the bare version (2.3.0), so every pull since the tag scheme was adopted asks for a version the registry never had."""
EXPECT = ["model-registry-pull-uses-git-tag-with-v-prefix"]
VARIANTS = 4

import logging
import os
import sys

import httpx

VARIANT = int(sys.argv[1])
MODEL = {0: "churn-ranker", 1: "search-reranker", 2: "churn-ranker", 3: "churn-ranker"}[VARIANT]
TAG = {0: "v2.3.0", 1: "v1.8.2", 2: "v2.3.0", 3: "v2.3.0"}[VARIANT]
REGISTRY = "http://registry.ml.internal/api/v1"

# what the CI publish job registered (bare semver, no "v")
PUBLISHED = {
    "churn-ranker": ["2.1.0", "2.2.0", "2.2.1", "2.3.0"],
    "search-reranker": ["1.8.0", "1.8.1", "1.8.2"],
}


def registry(request):
    parts = request.url.path.split("/")  # /api/v1/models/<name>/versions/<version>/files/<file>
    name, version, filename = parts[4], parts[6], parts[8]
    if version not in PUBLISHED.get(name, []):
        return httpx.Response(404, json={"detail": "not found"})
    return httpx.Response(200, content=b"\x08\x07\x12\x04onnx" + os.urandom(256))


def release_tag():
    """What `git describe --tags --abbrev=0` prints in the deployed checkout."""
    with open(".release") as fh:
        return fh.read().strip()


def pull(client, model, version, filename, out_dir):
    url = f"{REGISTRY}/models/{model}/versions/{version}/files/{filename}"
    response = client.get(url)
    response.raise_for_status()
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, filename), "wb") as fh:
        fh.write(response.content)
    return os.path.join(out_dir, filename)


class ModelPuller:
    def __init__(self, client, out_dir):
        self.client, self.out_dir = client, out_dir

    def pull_release(self, model):
        version = release_tag()
        return [pull(self.client, model, version, name, self.out_dir) for name in ("model.onnx", "features.json")]


def main():
    with open(".release", "w") as fh:
        fh.write(TAG + "\n")
    client = httpx.Client(transport=httpx.MockTransport(registry))
    if VARIANT == 3:
        print(f"host scorer-03: deploying {MODEL}")
        print(f"release tag {release_tag()}")
    if VARIANT == 1:
        print(ModelPuller(client, "models").pull_release(MODEL))
    else:
        path = pull(client, MODEL, release_tag(), "model.onnx", f"models/{MODEL}")
        print(f"pulled {path}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s pull_model: %(message)s")
        logging.info("pulling %s for release %s", MODEL, TAG)
        try:
            main()
        except Exception:
            logging.exception("model pull failed")
            sys.exit(1)
    else:
        main()
