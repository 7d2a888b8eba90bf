"""A teammate's candidate-generation cron job opens the feature store as sqlite3.connect("features.db") and is run from recsys/jobs."""
# beside: feature-store-sqlite-relative-path-empty-db
# why: the relative features.db path resolves against the job's working directory, so sqlite creates an empty database there, the entry's own cause and fix.
EXPECT = ["feature-store-sqlite-relative-path-empty-db"]
VARIANTS = 2

import logging
import os
import sqlite3
import sys

VARIANT = int(sys.argv[1])
log = logging.getLogger("candidates")


def materialize():
    """The feature job, run from the repo root by the pipeline."""
    os.makedirs("recsys", exist_ok=True)
    con = sqlite3.connect("recsys/features.db")
    con.execute("create table user_features (user_id integer primary key, n_orders integer, avg_basket real, last_category text)")
    con.executemany("insert into user_features values (?, ?, ?, ?)", [(i, i % 9, 18.0 + i, ["shoes", "bags"][i % 2]) for i in range(400)])
    con.commit()
    con.close()


class FeatureStore:
    def __init__(self, path="features.db"):
        self.con = sqlite3.connect(path)

    def active_users(self, min_orders):
        return [r[0] for r in self.con.execute("select user_id from user_features where n_orders >= ?", (min_orders,))]


def generate_candidates(store):
    users = store.active_users(3)
    log.info("%d active users", len(users))
    return {u: [] for u in users}


def main():
    materialize()
    # crontab: cd /srv/app/recsys/jobs && python generate_candidates.py
    os.makedirs("recsys/jobs", exist_ok=True)
    os.chdir("recsys/jobs")
    log.info("generating candidates for %s", {0: "2024-06-03", 1: "2024-06-04"}[VARIANT])
    generate_candidates(FeatureStore())


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("candidate generation failed")
            sys.exit(1)
    else:
        main()
