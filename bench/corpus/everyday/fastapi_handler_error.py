"""An everyday bug inside a FastAPI route surfaces through the TestClient as the original exception."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

app = FastAPI()
ITEMS = {"1": {"name": "widget", "price": "9.99"}}


@app.get("/items/{item_id}")
def get_item(item_id: str):
    item = ITEMS[item_id]
    return {"name": item["name"], "total": item["price"] * 1.2}


@app.get("/stats")
def stats():
    prices = [float(i["price"]) for i in ITEMS.values() if i["name"] == "gadget"]
    return {"mean": sum(prices) / len(prices)}


client = TestClient(app)
path = ["/items/1", "/items/2", "/stats"][V]
print("GET", path)
print(client.get(path).json())
