"""user_features lives in features.db, which the app ATTACHes to its main app.db; a new code path opens app.db with a helper that skips the ATTACH."""
# beside: feature-store-sqlite-relative-path-empty-db
# why: both database files are opened by their right paths; the table is in a database that this connection never attached, not in a fresh empty file created by a relative path.
EXPECT = []
VARIANTS = 2

import os
import sqlite3
import sys

VARIANT = int(sys.argv[1])
DATA = os.path.abspath("var/recsys")


def setup():
    os.makedirs(DATA, exist_ok=True)
    app = sqlite3.connect(os.path.join(DATA, "app.db"))
    app.execute("create table sessions (session_id text, user_id integer)")
    app.executemany("insert into sessions values (?, ?)", [(f"s{i}", i % 50) for i in range(300)])
    app.commit()
    feats = sqlite3.connect(os.path.join(DATA, "features.db"))
    feats.execute("create table user_features (user_id integer primary key, n_orders integer, avg_basket real)")
    feats.executemany("insert into user_features values (?, ?, ?)", [(i, i % 5, 30.0 + i) for i in range(50)])
    feats.commit()


def connect():
    """The app's connection factory: app.db with the feature store attached."""
    con = sqlite3.connect(os.path.join(DATA, "app.db"))
    con.execute("attach database ? as fs", (os.path.join(DATA, "features.db"),))
    return con


def connect_readonly():
    """Added for the analytics endpoint."""
    return sqlite3.connect(f"file:{os.path.join(DATA, 'app.db')}?mode=ro", uri=True)


def session_features(con, session_id):
    sql = "select f.n_orders, f.avg_basket from sessions s join user_features f using (user_id) where s.session_id = ?"
    return con.execute(sql, (session_id,)).fetchone()


def main():
    setup()
    print("s7 ->", session_features(connect(), "s7"))
    if VARIANT == 1:
        print("analytics: computing basket stats for 3 sessions")
        for sid in ("s1", "s2", "s3"):
            session_features(connect_readonly(), sid)
    else:
        session_features(connect_readonly(), "s12")


if __name__ == "__main__":
    main()
