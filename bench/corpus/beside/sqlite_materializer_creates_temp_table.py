"""The feature materializer's SQL was copied from an analysis notebook and uses CREATE TEMP TABLE, which vanishes when the job's connection closes."""
# beside: feature-store-sqlite-relative-path-empty-db
# why: the serving code opens the same features.db by the same absolute path; the table was only ever created as a TEMP table in the materializer's connection, not missing because of a relative path.
EXPECT = []
VARIANTS = 2

import logging
import os
import sqlite3
import sys

VARIANT = int(sys.argv[1])
DB = os.path.abspath("store/features.db")
log = logging.getLogger("recsys")

MATERIALIZE_SQL = """
create temp table user_features as
select user_id,
       count(*)          as n_orders,
       avg(basket_value) as avg_basket
from orders
group by user_id
"""


def load_orders():
    os.makedirs(os.path.dirname(DB), exist_ok=True)
    con = sqlite3.connect(DB)
    con.execute("create table orders (order_id integer, user_id integer, basket_value real)")
    con.executemany("insert into orders values (?, ?, ?)", [(i, i % 60, 10.0 + (i % 13)) for i in range(1000)])
    con.commit()
    con.close()


def materialize():
    con = sqlite3.connect(DB)
    con.executescript(MATERIALIZE_SQL)
    n = con.execute("select count(*) from user_features").fetchone()[0]
    log.info("materialized user_features: %d rows", n)
    con.commit()
    con.close()


def get_features(user_id):
    con = sqlite3.connect(DB)
    return con.execute("select n_orders, avg_basket from user_features where user_id = ?", (user_id,)).fetchone()


def main():
    load_orders()
    materialize()
    if VARIANT == 1:
        log.info("serving: warming cache for 5 users")
        for user_id in range(5):
            get_features(user_id)
    else:
        print(get_features(7))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("feature lookup failed")
            sys.exit(1)
    else:
        main()
