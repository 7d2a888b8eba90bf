"""The feature store is opened as sqlite3.connect("features.db"), relative to the working directory; run from another folder it creates an empty database."""
EXPECT = ["feature-store-sqlite-relative-path-empty-db"]
VARIANTS = 3

import os
import sqlite3
import sys

VARIANT = int(sys.argv[1])


def materialize(repo):
    os.makedirs(repo, exist_ok=True)
    con = sqlite3.connect(os.path.join(repo, "features.db"))
    con.execute("create table user_features (user_id integer, n_orders integer, avg_basket real)")
    con.executemany("insert into user_features values (?, ?, ?)", [(i, i % 9, 20.0 + i) for i in range(100)])
    con.commit()
    con.close()


def get_features(user_ids):
    con = sqlite3.connect("features.db")
    marks = ",".join("?" * len(user_ids))
    return con.execute(f"select * from user_features where user_id in ({marks})", user_ids).fetchall()


def main():
    materialize("recsys")  # the job that writes it runs from the repo root
    os.makedirs({0: "recsys/jobs", 1: "recsys/notebooks", 2: "recsys/serving"}[VARIANT], exist_ok=True)
    os.chdir({0: "recsys/jobs", 1: "recsys/notebooks", 2: "recsys/serving"}[VARIANT])
    if VARIANT == 2:
        print("serving from", os.getcwd().rsplit("/", 2)[-2:])
    get_features([1, 2, 3] if VARIANT != 1 else list(range(50)))


if __name__ == "__main__":
    main()
