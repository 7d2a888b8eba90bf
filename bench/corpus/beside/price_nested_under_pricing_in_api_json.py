"""The product API returns each item's price nested under a pricing object; the frame built from the items has a pricing column, not price."""
# beside: catalog-export-price-renamed-unit-price
# why: price is still called price, but the API nests it (pricing.price) and the records were not flattened; no catalog export renamed the column.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def fake_api_response(n, seed):
    rng = np.random.default_rng(seed)
    return json.dumps(
        {
            "page": 1,
            "items": [
                {
                    "sku": f"SKU-{i:05d}",
                    "title": f"Product {i}",
                    "pricing": {"price": round(float(rng.uniform(5, 250)), 2), "currency": "USD", "discount_pct": int(rng.integers(0, 30))},
                }
                for i in range(n)
            ],
        }
    )


def load_products(payload):
    items = json.loads(payload)["items"]
    if VARIANT == 1:
        return pd.json_normalize(items)
    return pd.DataFrame(items)


def price_stats(products):
    return products["price"].describe()


def main():
    payload = fake_api_response(40 + 60 * VARIANT, VARIANT)
    products = load_products(payload)
    if VARIANT == 1:
        print(f"fetched {len(products)} products")
        print(products.head(3).to_string())
    print(price_stats(products))


if __name__ == "__main__":
    main()
