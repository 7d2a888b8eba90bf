"""Since the CRM migration, customers.json holds legacy numeric customer_id values next to the new "C-"-prefixed string ids; the dedupe step sorts by customer_id."""
EXPECT = ["crm-migration-mixed-int-and-string-customer-ids"]
VARIANTS = 4

import json
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def crm_export(path, n_legacy, n_new):
    """The CRM's customer export after the migration: old accounts keep their numeric ids."""
    rng = np.random.default_rng(VARIANT)
    legacy = [{"customer_id": int(100000 + i), "email": f"user{i}@example.com"} for i in range(n_legacy)]
    new = [{"customer_id": f"C-{i:07d}", "email": f"new{i}@example.com"} for i in range(n_new)]
    rows = new + legacy + legacy[: n_legacy // 10]  # re-imported accounts appear twice
    order = rng.permutation(len(rows))
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        json.dump({"customers": [rows[i] for i in order]}, fh)


def load_customers(path):
    with open(path) as fh:
        return pd.DataFrame(json.load(fh)["customers"])


def dedupe(customers):
    return customers.drop_duplicates().sort_values("customer_id").reset_index(drop=True)


def main():
    path = {0: "crm/customers.json", 1: "exports/crm/customers.json", 2: "crm/customers.json", 3: "customers.json"}[VARIANT]
    crm_export(path, *{0: (800, 300), 1: (5000, 2000), 2: (400, 120), 3: (1500, 900)}[VARIANT])
    customers = load_customers(path)
    if VARIANT == 1:
        ids = sorted(set(customers["customer_id"]))
        print(f"{len(ids)} unique customers")
    elif VARIANT == 3:
        print(f"loaded {len(customers)} customers")
        print("normalising emails")
        customers["email"] = customers["email"].str.lower()
        print(dedupe(customers).head())
    else:
        clean = dedupe(customers)
        clean.to_csv("customers_clean.csv", index=False)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s crm_sync: %(message)s")
        logging.info("deduplicating customers")
        try:
            main()
        except Exception:
            logging.exception("crm sync failed")
            sys.exit(1)
    else:
        main()
