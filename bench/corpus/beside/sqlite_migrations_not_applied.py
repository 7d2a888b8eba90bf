"""A fresh environment's database was never migrated; the table the code reads is created by a migration that did not run."""
# beside: feature-store-sqlite-relative-path-empty-db
# why: the right database file is opened by an absolute path, but its schema migrations were never applied.
EXPECT = []
VARIANTS = 2

import os
import sqlite3
import sys

VARIANT = int(sys.argv[1])

db = os.path.abspath({0: "app.db", 1: "state/labels.db"}[VARIANT])
os.makedirs(os.path.dirname(db), exist_ok=True)
con = sqlite3.connect(db)
con.execute("create table schema_version (v integer)")
con.execute("insert into schema_version values (0)")
table = {0: "user_features", 1: "label_queue"}[VARIANT]
if VARIANT == 1:
    print("schema version", con.execute("select v from schema_version").fetchone()[0])
con.execute(f"select count(*) from {table}").fetchone()
