"""A test fixture creates the user_features table in sqlite3.connect(":memory:") and the code under test opens its own ":memory:" connection, a new empty database."""
# beside: feature-store-sqlite-relative-path-empty-db
# why: every ":memory:" connection is a separate empty database; the working directory and a relative features.db path play no part.
EXPECT = []
VARIANTS = 2

import sqlite3
import sys

VARIANT = int(sys.argv[1])

DB_URL = ":memory:"


def make_fixture():
    conn = sqlite3.connect(DB_URL)
    conn.execute("CREATE TABLE user_features (user_id INTEGER PRIMARY KEY, clicks_7d INTEGER, spend_30d REAL)")
    conn.executemany("INSERT INTO user_features VALUES (?, ?, ?)", [(i, i * 3, i * 1.5) for i in range(20)])
    conn.commit()
    return conn


def get_features(user_ids):
    conn = sqlite3.connect(DB_URL)
    marks = ",".join("?" * len(user_ids))
    return conn.execute(f"SELECT * FROM user_features WHERE user_id IN ({marks})", user_ids).fetchall()


fixture = make_fixture()
if VARIANT == 1:
    print("test_count_users ...")

    def count_users():
        with sqlite3.connect(DB_URL) as conn:
            return conn.execute("SELECT count(*) FROM user_features").fetchone()[0]

    assert count_users() == 20
else:
    get_features([1, 2, 3])
