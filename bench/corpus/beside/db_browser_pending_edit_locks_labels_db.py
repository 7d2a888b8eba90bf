"""Someone has labels.db open in a DB browser with unsaved edits (an open write transaction in another process) while the labeling export tries to write."""
# beside: sweep-launcher-open-transaction-locks-runs-db
# why: the lock is held by another program with pending edits on labels.db; no sweep launcher keeps a transaction open across trials.
EXPECT = []
VARIANTS = 2

import os
import sqlite3
import subprocess
import sys

VARIANT = int(sys.argv[1])

db = {0: "labels.db", 1: "annotation/labels.sqlite"}[VARIANT]
os.makedirs(os.path.dirname(db) or ".", exist_ok=True)
with sqlite3.connect(db) as conn:
    conn.execute("CREATE TABLE IF NOT EXISTS labels (item_id INTEGER, label TEXT, annotator TEXT)")

# the DB browser session: an edited cell, not yet "Write Changes"
browser = subprocess.Popen(
    [sys.executable, "-c", f"import sqlite3, sys, time; c = sqlite3.connect({db!r}); c.execute(\"UPDATE labels SET label = 'cat' WHERE item_id = 3\"); c.execute(\"INSERT INTO labels VALUES (99, 'dog', 'ana')\"); print('ok', flush=True); time.sleep(30)"],
    stdout=subprocess.PIPE,
    text=True,
)
browser.stdout.readline()
try:
    export = sqlite3.connect(db, timeout=1.0)
    batch = [(i, "cat" if i % 2 else "dog", "batch-import") for i in range({0: 50, 1: 400}[VARIANT])]
    if VARIANT == 1:
        print(f"importing {len(batch)} labels from the vendor batch")
        export.executemany("INSERT INTO labels VALUES (?, ?, ?)", batch)
        export.commit()
    else:
        with export:
            export.execute("DELETE FROM labels WHERE annotator = 'batch-import'")
finally:
    browser.kill()
    browser.wait()
