"""The price export converts shelf prices to integer cents with price * 100 before writing parquet with an int64 price_cents field; 19.99 * 100 is 1998.9999999999998 in floating point."""
# beside: order-lines-produce-by-weight-qty-int64-lake-schema
# why: the fraction is binary floating-point error from the user's cents conversion (fix: round before the cast), not a quantity that really is fractional; the column is price_cents, not qty.
EXPECT = []
VARIANTS = 3

import logging
import os
import sys

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
SCHEMA = pa.schema([("sku", pa.string()), ("store_id", pa.string()), ("price_cents", pa.int64())])


def main():
    prices = {0: [4.5, 19.99, 2.0], 1: [1.15, 0.29, 12.0], 2: [3.0, 4.35, 9.99]}[VARIANT]
    shelf = pd.DataFrame({"sku": [f"SKU-{10000 + i}" for i in range(len(prices))], "store_id": "S014", "price": prices})
    shelf["price_cents"] = shelf["price"] * 100
    if VARIANT == 2:
        print(shelf)
    table = pa.Table.from_pandas(shelf[["sku", "store_id", "price_cents"]], schema=SCHEMA, preserve_index=False)
    os.makedirs("exports/prices", exist_ok=True)
    pq.write_table(table, "exports/prices/shelf_2024-06-03.parquet")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s price-export: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("export failed")
            sys.exit(1)
    else:
        main()
