"""The catalog service's /export endpoint answers a JSON string holding the CSV; the sync job writes the response body as is, so the file starts with a quote."""
# beside: catalog-csv-base64-thumbnail-field-limit
# why: the oversized field is the whole JSON-quoted CSV body read as one quoted field; the export has no thumb column and no base64 images.
EXPECT = []
VARIANTS = 2

import csv
import json
import logging
import sys

VARIANT = int(sys.argv[1])


def catalog_service_export(n):
    """What GET /export?format=csv returns: the CSV text, JSON-encoded (a string literal)."""
    lines = ["sku,title,category,list_price"]
    lines += [f"SKU{i:06d},product {i},cat-{i % 40},{(i % 97) + 0.99}" for i in range(n)]
    return json.dumps("\n".join(lines))


def sync_export(path, n):
    body = catalog_service_export(n)
    with open(path, "w") as fh:
        fh.write(body)  # resp.text written as is
    return len(body)


def read_titles(path):
    with open(path, newline="") as fh:
        return [row["title"] for row in csv.DictReader(fh)]


def main():
    path = "catalog_export.csv"
    size = sync_export(path, {0: 6000, 1: 15000}[VARIANT])
    if VARIANT == 1:
        logging.info("synced %s (%d bytes)", path, size)
    titles = read_titles(path)
    print(f"{len(titles)} titles")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s catalog_sync: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("catalog sync failed")
            sys.exit(1)
    else:
        main()
