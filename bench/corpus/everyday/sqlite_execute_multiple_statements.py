"""sqlite3.ProgrammingError: You can only execute one statement at a time: a schema file, a migration or a cleanup string holding several SQL statements run with execute() instead of executescript()."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sqlite3
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("schema.sql", "w") as f:
    f.write(
        "CREATE TABLE IF NOT EXISTS predictions (id INTEGER PRIMARY KEY, model TEXT, score REAL);\n"
        "CREATE INDEX IF NOT EXISTS idx_pred_model ON predictions (model);\n"
        "CREATE TABLE IF NOT EXISTS labels (id INTEGER PRIMARY KEY, label INTEGER);\n"
    )

conn = sqlite3.connect("features.db")

if V == 0:
    with open("schema.sql") as f:
        conn.execute(f.read())
    print("schema ready")
elif V == 1:
    conn.executescript(open("schema.sql").read())
    MIGRATION_3 = """
        ALTER TABLE predictions ADD COLUMN created_at TEXT;
        UPDATE predictions SET created_at = datetime('now') WHERE created_at IS NULL;
    """

    def migrate(db, version, sql):
        print(f"applying migration {version}", flush=True)
        db.execute(sql)
        db.commit()

    migrate(conn, 3, MIGRATION_3)
elif V == 2:
    conn.executescript(open("schema.sql").read())
    conn.executemany("INSERT INTO predictions (model, score) VALUES (?, ?)",
                     [("v1", 0.2), ("v1", 0.7), ("v2", 0.4)])
    conn.commit()
    cur = conn.cursor()
    cur.execute("DELETE FROM predictions WHERE model = 'v1'; VACUUM;")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("loader")
    conn.executescript(open("schema.sql").read())

    class LabelLoader:
        def __init__(self, db):
            self.db = db

        def load(self, rows):
            log.info("loading %d labels", len(rows))
            values = ", ".join(f"({i}, {y})" for i, y in rows)
            sql = f"DELETE FROM labels; INSERT INTO labels (id, label) VALUES {values};"
            try:
                self.db.execute(sql)
            except sqlite3.ProgrammingError:
                log.exception("label load failed")
                raise

    LabelLoader(conn).load([(1, 0), (2, 1), (3, 1)])
