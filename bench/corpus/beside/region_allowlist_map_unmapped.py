"""Stores are filtered with a region -> enabled dict via .map; regions missing from the dict (added since) map to NaN."""
# beside: order-lines-api-numeric-legacy-promo-codes
# why: the NaN is an unmapped key in the user's own allow-list dict, not a str accessor over numeric promo codes from the API.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
ENABLED_REGIONS = {"north": True, "south": True, "west": False}


def main():
    rng = np.random.default_rng(VARIANT)
    regions = ["north", "south", "west", "east"] if VARIANT == 0 else ["north", "south", "west", "central", "islands"]
    stores = pd.DataFrame({"store_id": np.arange(1, 81), "region": rng.choice(regions, 80)})
    live = stores[stores["region"].map(ENABLED_REGIONS)]
    print(f"{len(live)} stores enabled for the forecast")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s rollout: %(message)s")
        logging.info("selecting stores")
        try:
            main()
        except Exception:
            logging.exception("rollout failed")
            sys.exit(1)
    else:
        main()
