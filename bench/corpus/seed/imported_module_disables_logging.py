"""A helper package calls logging.disable(logging.WARNING) at import: the pipeline's warnings vanish from every handler; the log check (or unittest's assertLogs) fails."""
EXPECT = ["library-called-logging-disable"]
VARIANTS = 3

import logging
import sys
import unittest
from pathlib import Path

v = int(sys.argv[1])
Path("fastcsv").mkdir(exist_ok=True)
Path("fastcsv/__init__.py").write_text(
    "import logging\n"
    "logging.disable(logging.WARNING)   # our C reader is chatty\n"
    "def read_rows(path):\n"
    "    return [line.split(',') for line in open(path).read().splitlines()]\n")
Path("events.csv").write_text("id,amount\n1,10\n2,\n3,7\n4,x\n5,\n")
sys.path.insert(0, ".")

logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(name)s %(levelname)s %(message)s",
                    handlers=[logging.StreamHandler(), logging.FileHandler("etl.log")])
log = logging.getLogger("etl.clean")
log.debug("logging configured")
print("logging configured, importing the reader")
import fastcsv  # noqa: E402


def clean(path):
    rows, kept = fastcsv.read_rows(path)[1:], []
    for r in rows:
        if not r[1].strip().isdigit():
            log.warning("dropping row id=%s: amount %r is not a number", r[0], r[1])
            continue
        kept.append(r)
    log.info("kept %d of %d rows", len(kept), len(rows))
    return kept


if v == 2:
    class CleanTest(unittest.TestCase):
        def test_warns_on_bad_amount(self):
            with self.assertLogs("etl", level="WARNING"):
                clean("events.csv")
    unittest.main(argv=["etl_tests"], exit=True)

kept = clean("events.csv")
print(f"kept {len(kept)} rows")
logging.getLogger().handlers[1].flush()
lines = Path("etl.log").read_text().splitlines()
wanted = "dropping row" if v == 0 else "kept"
assert any(wanted in l for l in lines), f"etl.log has {len(lines)} lines, none with '{wanted}' although the level is DEBUG"
