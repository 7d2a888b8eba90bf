"""httpx does not follow redirects unless told to (follow_redirects=True): a moved registry/endpoint answers 301/307/308 and raise_for_status() raises on the redirect."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def fake_registry(request):
    path = request.url.path
    if path.startswith("/artifacts/"):
        return httpx.Response(302, headers={"Location": "https://blob.registry.internal" + path + "?sig=abc123"})
    if path == "/predict":
        return httpx.Response(308, headers={"Location": "http://scoring.internal/v2/predict"})
    if path == "/models/churn/latest":
        return httpx.Response(301, headers={"Location": "https://registry.internal/models/churn/versions/41"})
    return httpx.Response(200, json={"ok": True})


def make_client():
    return httpx.Client(transport=httpx.MockTransport(fake_registry), timeout=5.0)


def download_artifact(client, name):
    resp = client.get(f"http://registry.internal/artifacts/{name}")
    resp.raise_for_status()
    return resp.content


def test_download_reco_bundle():
    with make_client() as client:
        blob = download_artifact(client, "reco-bundle-2024.06.tar.gz")
        assert blob


def score_batch(client, rows):
    resp = client.post("http://scoring.internal/predict", json={"instances": rows})
    resp.raise_for_status()
    return resp.json()["predictions"]


def resolve_latest(client, model):
    resp = client.get(f"http://registry.internal/models/{model}/latest")
    resp.raise_for_status()
    return resp.json()["version"]


if V == 0:
    print("running test_download_reco_bundle")
    test_download_reco_bundle()
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    with make_client() as client:
        for batch_no in range(2):
            logging.getLogger("batch_scorer").info("scoring batch %d", batch_no)
            preds = score_batch(client, [{"tenure": 12, "plan": "pro"}, {"tenure": 3, "plan": "free"}])
else:
    with make_client() as client:
        print("health", client.get("http://registry.internal/health").json())
        print("latest churn model", resolve_latest(client, "churn"))
