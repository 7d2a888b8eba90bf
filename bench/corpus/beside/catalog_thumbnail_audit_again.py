"""A teammate's thumbnail audit counts products without an image in the merchandising catalog export, whose thumb column is base64."""
# beside: catalog-csv-base64-thumbnail-field-limit
# why: the field over 128 KiB is a hi-res base64 thumbnail in the catalog export's thumb column read with the csv module's default limit, the entry's cause and fix.
EXPECT = ["catalog-csv-base64-thumbnail-field-limit"]
VARIANTS = 2

import base64
import csv
import os
import sys

VARIANT = int(sys.argv[1])


def merchandising_export(path, n, hires):
    """The catalog export as merchandising delivers it: sku, title, brand, thumb (base64 JPEG)."""
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "title", "brand", "thumb"])
        for i in range(n):
            size = 0 if i % 7 == 3 else (150_000 if i in hires else 30_000)
            w.writerow([f"SKU{i:05d}", f"item {i}", f"brand-{i % 5}", base64.b64encode(os.urandom(size)).decode()])


def products_without_thumb(fh):
    missing = []
    for row in csv.DictReader(fh):
        if not row["thumb"]:
            missing.append(row["sku"])
    return missing


def audit(path):
    with open(path, newline="") as fh:
        missing = products_without_thumb(fh)
    print(f"{len(missing)} products without a thumbnail")


def main():
    path = {0: "catalog_2024-07.csv", 1: "exports/catalog_export.csv"}[VARIANT]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    merchandising_export(path, {0: 20, 1: 40}[VARIANT], {0: {11}, 1: {2, 30}}[VARIANT])
    if VARIANT == 1:
        print(f"auditing {path}")
    audit(path)


if __name__ == "__main__":
    main()
