"""The deploy workflow starts on the same tag push as the publish job; on busy days it pulls the model before the publish job has registered the new version, so the registry has nothing at that URL yet (this registry keeps versions as the tags are, v-prefixed)."""
# beside: model-registry-pull-uses-git-tag-with-v-prefix
# why: the registry does use the v-prefixed tag as its version; the version is simply not registered yet because deploy runs concurrently with publish; the fix is to make deploy wait for (depend on) the publish job, not to change the version string.
EXPECT = []
VARIANTS = 3

import os
import sys

import httpx

VARIANT = int(sys.argv[1])
REGISTRY = "http://registry.ml.internal/api/v1"
REGISTERED = {"churn-ranker": ["v2.1.0", "v2.2.0", "v2.2.1"]}  # publish job for v2.3.0 still running


def registry(request):
    parts = request.url.path.split("/")
    if parts[6] not in REGISTERED.get(parts[4], []):
        return httpx.Response(404, json={"detail": "not found"})
    return httpx.Response(200, content=os.urandom(128))


def pull(client, model, version, filename, out_dir):
    url = f"{REGISTRY}/models/{model}/versions/{version}/files/{filename}"
    response = client.get(url)
    response.raise_for_status()
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, filename), "wb") as fh:
        fh.write(response.content)


client = httpx.Client(transport=httpx.MockTransport(registry))
tag = os.environ.get("CI_COMMIT_TAG", "v2.3.0")
if VARIANT == 1:
    print(f"deploy job started for tag {tag} (publish job: running)")
if VARIANT == 2:
    print("waiting 30s for registry ... skipped (DEPLOY_NO_WAIT=1)")
pull(client, "churn-ranker", tag, "model.onnx", "models/churn-ranker")
print("pulled")
