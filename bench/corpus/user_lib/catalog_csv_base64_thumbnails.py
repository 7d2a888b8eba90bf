"""The catalog export embeds each product's thumbnail as base64 in the thumb column; csv's default field limit is 128 KiB."""
EXPECT = ["catalog-csv-base64-thumbnail-field-limit"]
VARIANTS = 3

import base64
import csv
import logging
import os
import sys

VARIANT = int(sys.argv[1])


def write_export(path, n):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "title", "thumb"])
        for i in range(n):
            size = 40_000 if i != n - 2 else 160_000  # one hi-res thumbnail
            w.writerow([f"SKU{i}", f"product {i}", base64.b64encode(os.urandom(size)).decode()])


def read_titles(path):
    with open(path, newline="") as fh:
        return [row["title"] for row in csv.DictReader(fh)]


def main():
    path = {0: "catalog_export.csv", 1: "catalog_2024-06.csv", 2: "catalog_export.csv"}[VARIANT]
    write_export(path, {0: 5, 1: 12, 2: 8}[VARIANT])
    if VARIANT == 1:
        with open(path, newline="") as fh:
            for i, row in enumerate(csv.reader(fh)):
                print(f"row {i}: {row[0]}")
    else:
        read_titles(path)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        try:
            main()
        except Exception:
            logging.exception("catalog import failed")
            sys.exit(1)
    else:
        main()
