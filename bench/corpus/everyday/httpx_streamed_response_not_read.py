"""A response from client.stream() or send(stream=True) used with .json()/.text before .read(), or read after its stream context closed: httpx.ResponseNotRead: Attempted to access streaming response content, without having called `read()`."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def artifact_store(request: httpx.Request) -> httpx.Response:
    if request.url.path.endswith("manifest.json"):
        body = json.dumps({"model": "ranker", "version": "v12", "files": ["model.safetensors", "config.json"]}).encode()
        return httpx.Response(200, content=iter([body[:20], body[20:]]), headers={"content-type": "application/json"})
    chunks = [b"\x00" * 4096 for _ in range(4)]
    return httpx.Response(200, content=iter(chunks), headers={"content-type": "application/octet-stream"})


def read_manifest(client, run_id):
    with client.stream("GET", f"/runs/{run_id}/artifacts/manifest.json") as resp:
        resp.raise_for_status()
        return resp.json()


def latest_model_files(run_id):
    with httpx.Client(base_url="http://artifacts.internal", transport=httpx.MockTransport(artifact_store)) as client:
        return read_manifest(client, run_id)["files"]


def fetch_release_notes(client, log):
    request = client.build_request("GET", "/releases/ranker/v12/manifest.json")
    resp = client.send(request, stream=True)
    log.info("GET %s -> %s", request.url, resp.status_code)
    return resp.text


def open_weights(client, path):
    with client.stream("GET", path) as resp:
        resp.raise_for_status()
        return resp


def download_weights(path, dest):
    with httpx.Client(base_url="http://artifacts.internal", transport=httpx.MockTransport(artifact_store)) as client:
        resp = open_weights(client, path)
        with open(dest, "wb") as f:
            for chunk in resp.iter_bytes():
                f.write(chunk)


if V == 0:
    print(latest_model_files("run-2024-12-02-ranker"))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    with httpx.Client(base_url="http://artifacts.internal", transport=httpx.MockTransport(artifact_store)) as c:
        print(fetch_release_notes(c, logging.getLogger("release.notes")))
else:
    print("downloading ranker weights", flush=True)
    download_weights("/runs/run-2024-12-02-ranker/artifacts/model.safetensors", "model.safetensors")
