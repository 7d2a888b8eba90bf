"""A GET (or DELETE) sent with a JSON body as with requests: httpx's get()/delete() take no json= (or data=) argument: TypeError: got an unexpected keyword argument 'json'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SEARCH_API = "http://127.0.0.1:59318"


def search_similar(query_vector, k=10):
    resp = httpx.get(f"{SEARCH_API}/v1/similar", json={"vector": query_vector, "k": k}, timeout=3.0)
    resp.raise_for_status()
    return resp.json()["ids"]


class FeatureClient:
    def __init__(self, base_url):
        self._client = httpx.Client(base_url=base_url, timeout=3.0)

    def lookup(self, entity, keys):
        return self._client.get(f"/lookup/{entity}", json={"keys": keys}).json()

    def drop_entities(self, entity, keys):
        resp = self._client.delete(f"/entities/{entity}", json={"keys": keys})
        resp.raise_for_status()


def nightly_cleanup(client, stale):
    logging.info("dropping %d stale customers", len(stale))
    client.drop_entities("customer", stale)


if V == 0:
    print(search_similar([0.12, -0.4, 0.88, 0.05]))
elif V == 1:
    client = FeatureClient(SEARCH_API)
    for entity in ("store", "sku"):
        print(f"looking up {entity} features")
        print(client.lookup(entity, ["S-001", "S-002"]))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    nightly_cleanup(FeatureClient(SEARCH_API), ["C-1009", "C-2210", "C-3312"])
