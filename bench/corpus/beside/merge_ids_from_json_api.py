"""The product API returns ids as JSON strings; the clicks table has them as int."""
# beside: stores-master-store-id-zero-padded-text
# why: string ids come from a JSON API response, there is no stores master file read with dtype=str for zero padding.
EXPECT = []
VARIANTS = 2

import json
import sys

import pandas as pd

VARIANT = int(sys.argv[1])

api_body = json.dumps({"items": [{"id": str(i), "title": f"product {i}"} for i in range(30)]})
products = pd.DataFrame(json.loads(api_body)["items"])
clicks = pd.DataFrame({"id": [1, 5, 7, 7, 12], "clicks": [3, 1, 4, 1, 5]})
key = {0: "id", 1: "id"}[VARIANT]
if VARIANT == 1:
    print(products.dtypes.to_dict())
clicks.merge(products, on=key)
