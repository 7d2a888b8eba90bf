"""Joining interactions to the item catalog with validate="many_to_one"; the catalog export now has duplicate item_id rows (one per locale)."""
EXPECT = ["item-catalog-duplicate-item-id-many-to-one-merge"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def load_catalog(n_items, rng, dup_locales):
    catalog = pd.DataFrame({"item_id": np.arange(n_items), "category": rng.choice(["books", "toys", "garden", "tools"], n_items),
                            "price": rng.gamma(2, 15, n_items).round(2), "locale": "en"})
    extra = catalog.sample(frac=0.05, random_state=0).assign(locale=dup_locales[0])
    return pd.concat([catalog, extra], ignore_index=True)


def load_interactions(n, n_items, rng):
    return pd.DataFrame({"user_id": rng.integers(0, 1000, n), "item_id": rng.integers(0, n_items, n), "rating": rng.integers(1, 6, n)})


def join_item_features(interactions, catalog):
    return interactions.merge(catalog[["item_id", "category", "price"]], on="item_id", how="left", validate="many_to_one")


def build_training_table(rng, n, n_items, locales):
    catalog = load_catalog(n_items, rng, locales)
    inter = load_interactions(n, n_items, rng)
    table = join_item_features(inter, catalog)
    return table.groupby("category")["rating"].mean()


def main():
    rng = np.random.default_rng(VARIANT)
    n, n_items, locales = {0: (20000, 3000, ["de"]), 1: (5000, 800, ["fr"]), 2: (100000, 12000, ["de"]), 3: (50000, 5000, ["nl"])}[VARIANT]
    if VARIANT == 3:
        print(f"catalog snapshot: {n_items} items (+locale rows)")
        print(f"interactions: {n}")
    print(build_training_table(rng, n, n_items, locales))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("building training table for ranker (catalog snapshot 2024-05-01)")
        try:
            main()
        except Exception:
            logging.exception("training table build failed")
            sys.exit(1)
    else:
        main()
