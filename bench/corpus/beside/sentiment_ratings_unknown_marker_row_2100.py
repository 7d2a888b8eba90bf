"""The review-scraping job writes the star rating of each review to reviews.jsonl, and "n/a" where the page showed no stars; the first 2100 reviews all had stars."""
# beside: annotation-export-qa-reviewed-labels-as-strings
# why: the string is a missing-value marker the scraper writes for reviews without a rating, not a QA pass writing reviewed labels as strings.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys

import numpy as np
import pyarrow.json as pj

VARIANT = int(sys.argv[1])


def scrape(path, n, first_missing):
    rng = np.random.default_rng(VARIANT)
    with open(path, "w") as fh:
        for i in range(n):
            stars = int(rng.integers(1, 6))
            label = "n/a" if i >= first_missing and rng.random() < 0.2 or i == first_missing else stars
            fh.write(json.dumps({"review_id": i, "text": f"review {i}", "label": label}) + "\n")


def main():
    scrape("reviews.jsonl", {0: 2600, 1: 5000}[VARIANT], {0: 2100, 1: 3333}[VARIANT])
    table = pj.read_json("reviews.jsonl")
    print(table.num_rows)


if VARIANT == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s sentiment-data: %(message)s")
    logging.info("reading scraped reviews")
    try:
        main()
    except Exception:
        logging.exception("read failed")
        sys.exit(1)
else:
    main()
