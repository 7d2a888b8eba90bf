"""Batch scoring job builds its FeatureClient from FEATURE_STORE_URL, which is not set in the job's environment."""
EXPECT = ["scoring-job-feature-store-url-env-unset"]
VARIANTS = 4

import logging
import os
import sys
from dataclasses import dataclass

VARIANT = int(sys.argv[1])


@dataclass
class FeatureClient:
    base_url: str
    timeout_s: float = 5.0

    @classmethod
    def from_env(cls):
        return cls(base_url=os.environ["FEATURE_STORE_URL"], timeout_s=float(os.environ.get("FEATURE_STORE_TIMEOUT", "5")))

    def fetch(self, entity_ids, features):
        return {eid: {f: 0.0 for f in features} for eid in entity_ids}


class ScoringJob:
    def __init__(self, name, model_uri):
        self.name = name
        self.model_uri = model_uri
        self.features = FeatureClient.from_env()

    def run(self, entity_ids):
        rows = self.features.fetch(entity_ids, ["ltv_90d", "orders_30d"])
        return {eid: sum(r.values()) for eid, r in rows.items()}


def main():
    jobs = {
        0: ("ltv-daily", "models:/ltv/Production"),
        1: ("churn-weekly", "models:/churn/7"),
        2: ("ltv-backfill-2024q1", "models:/ltv/12"),
        3: ("reco-candidates", "models:/reco_ranker/Staging"),
    }
    name, uri = jobs[VARIANT]
    if VARIANT == 3:
        print(f"[{name}] model uri: {uri}")
        print(f"[{name}] entities: 120000 in 24 shards")
        print(f"[{name}] connecting to feature store ...")
    if VARIANT == 1:
        client = FeatureClient.from_env()
        client.fetch([1, 2, 3], ["churn_score"])
    else:
        job = ScoringJob(name, uri)
        job.run(list(range(100)))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s [scoring] %(message)s")
        logging.info("job ltv-backfill-2024q1 starting, 3 shards")
        try:
            main()
        except Exception:
            logging.exception("job ltv-backfill-2024q1 failed")
            sys.exit(1)
    else:
        main()
