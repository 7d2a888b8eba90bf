"""The supplier's price feed server sends prices_<day>.csv.gz with Content-Encoding: gzip; tools/fetch_feeds.py saves httpx's response.content (already decoded by httpx) under the .csv.gz name, and the loader's gzip.open finds plain CSV."""
EXPECT = ["supplier-feed-fetch-saves-httpx-decoded-body-as-gz"]
VARIANTS = 4

import csv
import gzip
import io
import logging
import os
import sys

import httpx

VARIANT = int(sys.argv[1])
DAY = {0: "2024-06-03", 1: "2024-06-04", 2: "2024-06-03", 3: "2024-06-03"}[VARIANT]
FEED = {0: "prices", 1: "stock_levels", 2: "prices", 3: "prices"}[VARIANT]


def supplier_server(request):
    """The supplier's CDN: serves the gzipped file and labels it with Content-Encoding: gzip."""
    body = io.StringIO()
    writer = csv.writer(body)
    if FEED == "prices":
        writer.writerow(["sku", "supplier_id", "unit_cost", "currency", "valid_from"])
        for i in range(300):
            writer.writerow([f"SKU-{10000 + i}", "SUP-07", f"{3.1 + i * 0.07:.2f}", "EUR", DAY])
    else:
        writer.writerow(["warehouse", "sku", "on_hand"])
        for i in range(300):
            writer.writerow(["DC-2", f"SKU-{10000 + i}", i % 40])
    return httpx.Response(
        200,
        headers={"Content-Type": "application/gzip", "Content-Encoding": "gzip"},
        content=gzip.compress(body.getvalue().encode()),
    )


def fetch_feed(client, name, out_dir):
    """tools/fetch_feeds.py"""
    url = f"https://feeds.supplier.example/v1/{name}_{DAY}.csv.gz"
    response = client.get(url)
    response.raise_for_status()
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{name}_{DAY}.csv.gz")
    with open(path, "wb") as fh:
        fh.write(response.content)
    print(f"saved {url} -> {path} ({len(response.content)} bytes)")
    return path


def load_feed(path):
    with gzip.open(path, "rt", newline="") as fh:
        return list(csv.DictReader(fh))


def main():
    client = httpx.Client(transport=httpx.MockTransport(supplier_server))
    out_dir = {0: "data/raw/supplier", 1: "feeds/incoming", 2: "data/raw/supplier", 3: "data/raw/supplier"}[VARIANT]
    if VARIANT == 3:
        print(f"fetching supplier feeds for {DAY}")
    path = fetch_feed(client, FEED, out_dir)
    if VARIANT == 3:
        print("1/1 feeds downloaded, loading")
    rows = load_feed(path)
    print(f"{len(rows)} rows in {FEED}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s fetch_feeds: %(message)s")
        logging.info("supplier feed run %s", DAY)
        try:
            main()
        except Exception:
            logging.exception("feed load failed")
            sys.exit(1)
    else:
        main()
