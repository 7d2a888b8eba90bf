"""TypeError: expected str, bytes or os.PathLike object, not tuple: tempfile.mkstemp() returns (fd, path), and the whole tuple is used as the path (open, DataFrame.to_csv, os.replace in an atomic write, pathlib.Path)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys
import tempfile
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
Path("out").mkdir()
metrics = {"epoch": [3, 5, 2, 4][V], "val_loss": 0.4127, "val_f1": 0.8312}

if V == 0:
    tmp = tempfile.mkstemp(suffix=".json", dir="out")
    print("writing metrics via temp file", tmp)
    with open(tmp, "w") as f:
        json.dump(metrics, f)
elif V == 1:
    import pandas as pd

    preds = pd.DataFrame({"id": range(6), "score": [0.1, 0.8, 0.45, 0.9, 0.3, 0.66]})
    print(f"{len(preds)} predictions")
    tmp = tempfile.mkstemp(prefix="preds_", suffix=".csv", dir="out")
    preds.to_csv(tmp, index=False)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("atomic")

    def atomic_write_json(obj, final_path):
        fd_path = tempfile.mkstemp(dir=os.path.dirname(final_path), suffix=".tmp")
        with os.fdopen(fd_path[0], "w") as f:
            json.dump(obj, f)
        log.info("written temp file, moving into place")
        os.replace(fd_path, final_path)

    for step in range(2):
        log.info("saving metrics for step %d", step)
        atomic_write_json({**metrics, "step": step}, "out/latest_metrics.json")
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("scratch")

    class ScratchFile:
        def __init__(self, suffix):
            self.path = Path(tempfile.mkstemp(suffix=suffix, dir="out"))

        def write(self, text):
            self.path.write_text(text)

    log.info("staging config for the eval subprocess")
    ScratchFile(".yaml").write("batch_size: 64\n")
