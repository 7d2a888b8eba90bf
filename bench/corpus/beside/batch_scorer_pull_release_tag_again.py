"""A teammate's new nightly batch scorer pulls its model and feature list from the registry for the release the checkout is on, taking the version from `git describe --tags` like deploy/pull_model.py; CI registers versions without the v."""
# beside: model-registry-pull-uses-git-tag-with-v-prefix
# why: the version string comes from the git tag (v2.3.0) while CI registered 2.3.0, the entry's cause and fix.
EXPECT = ["model-registry-pull-uses-git-tag-with-v-prefix"]
VARIANTS = 3

import os
import sys

import httpx

VARIANT = int(sys.argv[1])
TAG = {0: "v2.3.0", 1: "v2.3.1", 2: "v2.3.0"}[VARIANT]
PUBLISHED = {"churn-ranker": ["2.2.1", "2.3.0", "2.3.1"]}


def registry(request):
    parts = request.url.path.split("/")
    if parts[6] not in PUBLISHED.get(parts[4], []):
        return httpx.Response(404, json={"detail": "not found"})
    return httpx.Response(200, json=["tenure_months", "monthly_charges", "n_products"])


def git_describe():
    with open(".release") as fh:
        return fh.read().strip()


def fetch_feature_list(http, model):
    response = http.get(f"/api/v1/models/{model}/versions/{git_describe()}/files/features.json")
    response.raise_for_status()
    return response.json()


with open(".release", "w") as fh:
    fh.write(TAG + "\n")
http = httpx.Client(base_url="http://registry.ml.internal", transport=httpx.MockTransport(registry))
if VARIANT == 2:
    print("batch_score: 48211 accounts to score")
print(fetch_feature_list(http, "churn-ranker"))
