"""The nightly rebuild drops user_features in autocommit mode and recomputes it before creating it again; a serving request arriving in between finds no table."""
# beside: feature-store-sqlite-relative-path-empty-db
# why: the reader opens the right database by the right path; the table is briefly missing because the rebuild is not atomic (drop, compute, create), not because an empty database was created.
EXPECT = []
VARIANTS = 2

import logging
import sqlite3
import sys
import threading

VARIANT = int(sys.argv[1])
DB = "features.db"
log = logging.getLogger("recsys")
dropped = threading.Event()
served = threading.Event()


def initial_load():
    con = sqlite3.connect(DB)
    con.execute("create table user_features (user_id integer primary key, n_orders integer, avg_basket real)")
    con.executemany("insert into user_features values (?, ?, ?)", [(i, i % 7, 12.0 + i) for i in range(500)])
    con.commit()
    con.close()


def nightly_rebuild():
    con = sqlite3.connect(DB, isolation_level=None)
    log.info("rebuild: dropping user_features")
    con.execute("drop table if exists user_features")
    dropped.set()
    rows = [(i, (i * 3) % 7, 13.0 + i) for i in range(500)]  # recompute from the warehouse (takes minutes)
    served.wait(timeout=10)
    con.execute("create table user_features (user_id integer primary key, n_orders integer, avg_basket real)")
    con.executemany("insert into user_features values (?, ?, ?)", rows)
    log.info("rebuild: done")


def serve_request(user_id):
    con = sqlite3.connect(DB)
    try:
        return con.execute("select n_orders, avg_basket from user_features where user_id = ?", (user_id,)).fetchone()
    finally:
        con.close()


def main():
    initial_load()
    log.info("user 17: %s", serve_request(17))
    worker = threading.Thread(target=nightly_rebuild)
    worker.start()
    dropped.wait(timeout=10)
    try:
        if VARIANT == 1:
            for user_id in (17, 230):
                log.info("request for user %d", user_id)
                serve_request(user_id)
        else:
            serve_request(17)
    finally:
        served.set()
        worker.join()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("request failed")
            sys.exit(1)
    else:
        main()
