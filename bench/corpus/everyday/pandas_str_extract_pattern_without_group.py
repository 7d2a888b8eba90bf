"""Series.str.extract / extractall given a regex without a capture group (a validation pattern reused, or only a non-capturing (?:...) group): ValueError: pattern contains no capture groups."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SKU_PATTERN = r"[A-Z]{3}-\d{5}"


def product_page_views():
    return pd.DataFrame({"url": ["https://shop.example/p/KTC-00412?ref=home", "https://shop.example/p/GRD-10023",
                                 "https://shop.example/p/KTC-00977?utm=mail", "https://shop.example/cart"],
                         "views": [41, 7, 19, 233]})


def add_sku_column(views):
    views["sku"] = views["url"].str.extract(SKU_PATTERN, expand=False)
    return views


def support_tickets():
    return pd.Series(["refund for order #88231 and #88240", "where is #90012?", "no order given",
                      "duplicate charge #77102"], name="body")


def mentioned_order_ids(bodies):
    found = bodies.str.extractall(r"#\d{5}")
    return found.reset_index(level="match")


def count_order_mentions():
    return mentioned_order_ids(support_tickets()).groupby(level=0).size()


def parse_model_tags(tags, log):
    log.info("parsing %d registry tags", len(tags))
    return tags.str.extract(r"(?:churn|upsell)-v\d+\.\d+")


if V == 0:
    print(add_sku_column(product_page_views()))
elif V == 1:
    print("scanning ticket bodies for order numbers", flush=True)
    print(count_order_mentions())
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    tags = pd.Series(["churn-v3.1-prod", "upsell-v1.4-shadow", "churn-v3.2-canary"])
    print(parse_model_tags(tags, logging.getLogger("registry.tags")))
