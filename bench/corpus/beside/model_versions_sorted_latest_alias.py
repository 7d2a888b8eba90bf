"""The deploy helper picks the newest model version by sorting the registry's version tags, which include the alias "latest" next to numeric versions."""
# beside: crm-migration-mixed-int-and-string-customer-ids
# why: the string is a registry alias among integer version numbers in the user's deploy helper, not customer ids from a migrated CRM.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys

VARIANT = int(sys.argv[1])

registry = {"model": "ranker", "versions": {"latest": "s3://models/ranker/7", "3": "s3://models/ranker/3"}}
for v in range(4, {0: 8, 1: 12}[VARIANT]):
    registry["versions"][v] = f"s3://models/ranker/{v}"
with open("registry.json", "w") as fh:
    json.dump(registry, fh)


def newest_version(path):
    with open(path) as fh:
        versions = json.load(fh)["versions"]
    keys = [int(k) if k.isdigit() else k for k in versions]
    return sorted(keys)[-1]


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s deploy: %(message)s")
        try:
            print(f"deploying ranker v{newest_version('registry.json')}")
        except Exception:
            logging.exception("could not resolve model version")
            sys.exit(1)
    else:
        print(f"deploying ranker v{newest_version('registry.json')}")
