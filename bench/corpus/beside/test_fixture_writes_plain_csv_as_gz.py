"""The unit-test fixture builder writes a small prices file for the feed loader's tests with open(path, "w") under the .csv.gz name the loader expects, never compressing it."""
# beside: supplier-feed-fetch-saves-httpx-decoded-body-as-gz
# why: the plain CSV under a .gz name is written by the user's own test fixture, not saved from an HTTP response httpx had already decoded; the fix is gzip.open in the fixture.
EXPECT = []
VARIANTS = 2

import csv
import gzip
import os
import sys

VARIANT = int(sys.argv[1])


def make_fixture(path):
    """tests/conftest.py: a three-line price feed."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sku", "supplier_id", "unit_cost", "currency", "valid_from"])
        writer.writerow(["SKU-10001", "SUP-07", "3.10", "EUR", "2024-06-03"])
        writer.writerow(["SKU-10002", "SUP-07", "4.75", "EUR", "2024-06-03"])


def load_feed(path):
    with gzip.open(path, "rt", newline="") as fh:
        return list(csv.DictReader(fh))


def test_load_feed_parses_unit_cost():
    path = {0: "tests/fixtures/prices_2024-06-03.csv.gz", 1: "tests/data/feed_sample.csv.gz"}[VARIANT]
    make_fixture(path)
    rows = load_feed(path)
    assert rows[0]["unit_cost"] == "3.10"


if __name__ == "__main__":
    print("tests/test_feeds.py::test_load_feed_parses_unit_cost")
    test_load_feed_parses_unit_cost()
