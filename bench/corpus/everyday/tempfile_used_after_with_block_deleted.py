"""FileNotFoundError: [Errno 2] No such file or directory: '.../tmpk2v9x1.yaml': a NamedTemporaryFile or TemporaryDirectory made in a `with` block (or a helper) is used by name after the block ended, when it has already been deleted."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys
import tempfile
import zipfile
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
Path("scratch").mkdir()
SCRATCH = os.path.abspath("scratch")


def load_config(path):
    cfg = {}
    with open(path) as f:
        for line in f:
            key, value = line.split(":", 1)
            cfg[key.strip()] = value.strip()
    return cfg


if V == 0:
    overrides = {"batch_size": 64, "lr": 0.0003, "epochs": 4}
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", dir=SCRATCH) as f:
        for k, v in overrides.items():
            f.write(f"{k}: {v}\n")
        f.flush()
        config_path = f.name
    print("config written to", config_path)
    print(load_config(config_path))
elif V == 1:
    with zipfile.ZipFile("model_bundle.zip", "w") as zf:
        zf.writestr("config.json", json.dumps({"hidden": 128, "layers": [2, 4, 3, 6][V]}))
        zf.writestr("weights.bin", b"\x00" * 256)

    def unpack_bundle(bundle):
        with tempfile.TemporaryDirectory(dir=SCRATCH) as tmp:
            with zipfile.ZipFile(bundle) as zf:
                zf.extractall(tmp)
            print("unpacked to", tmp, os.listdir(tmp))
            return Path(tmp)

    model_dir = unpack_bundle("model_bundle.zip")
    config = json.loads((model_dir / "config.json").read_text())
elif V == 2:
    import pandas as pd

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("handoff")

    def stage_frame(frame):
        with tempfile.NamedTemporaryFile(suffix=".csv", dir=SCRATCH) as f:
            frame.to_csv(f.name, index=False)
            log.info("staged %d rows at %s", len(frame), f.name)
            return f.name

    path = stage_frame(pd.DataFrame({"user": ["a", "b", "c"], "score": [0.2, 0.9, 0.4]}))
    log.info("reading back for the scorer")
    scored = pd.read_csv(path)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("eval_job")

    class EvalJob:
        def __init__(self, params):
            with tempfile.NamedTemporaryFile("w", suffix=".json", dir=SCRATCH, delete=True) as f:
                json.dump(params, f)
                self.params_file = f.name
            log.info("params file %s", self.params_file)

        def run(self):
            with open(self.params_file) as f:
                return json.load(f)

    log.info("params %s", EvalJob({"threshold": 0.5, "split": "val"}).run())
