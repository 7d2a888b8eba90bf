"""A teammate's email-campaign job builds a sorted customer-id lookup from the same migrated CRM export."""
# beside: crm-migration-mixed-int-and-string-customer-ids
# why: customers.json mixes legacy numeric customer_id values with new C-prefixed strings after the CRM migration, exactly the entry's cause and fix.
EXPECT = ["crm-migration-mixed-int-and-string-customer-ids"]
VARIANTS = 2

import bisect
import json
import sys

import numpy as np

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(50 + VARIANT)
legacy = [{"customer_id": int(100000 + i), "segment": "legacy"} for i in range({0: 600, 1: 90}[VARIANT])]
new = [{"customer_id": f"C-{i:07d}", "segment": "new"} for i in range({0: 200, 1: 40}[VARIANT])]
rows = [r for _, r in sorted(zip(rng.random(len(legacy) + len(new)), legacy + new), key=lambda p: p[0])]
with open("customers.json", "w") as fh:
    json.dump({"customers": rows}, fh)


class CustomerLookup:
    def __init__(self, path):
        with open(path) as fh:
            customers = json.load(fh)["customers"]
        self.ids = sorted(c["customer_id"] for c in customers)

    def __contains__(self, customer_id):
        i = bisect.bisect_left(self.ids, customer_id)
        return i < len(self.ids) and self.ids[i] == customer_id


lookup = CustomerLookup("customers.json")
print(f"{len(lookup.ids)} customers eligible")
