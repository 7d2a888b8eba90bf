"""The serving start-up copies models/ranker_bundle.zip from the shared volume as soon as the file exists, while the nightly export is still writing it in place (no temp name + rename); the copy is truncated and has no zip central directory."""
EXPECT = ["ranker-bundle-zip-copied-while-export-writing"]
VARIANTS = 4

import io
import json
import logging
import os
import shutil
import sys
import threading
import time
import zipfile

import numpy as np

VARIANT = int(sys.argv[1])
SHARED = {0: "shared/models", 1: "mnt/shared/models/ranker", 2: "shared/models", 3: "shared/models"}[VARIANT]
LOCAL = {0: "srv/models", 1: "srv/ranker/current", 2: "srv/models", 3: "srv/models"}[VARIANT]
BUNDLE = "ranker_bundle.zip"


def nightly_export():
    """The export job: writes weights, vocab and config straight into the shared bundle path."""
    rng = np.random.default_rng(VARIANT)
    os.makedirs(SHARED, exist_ok=True)
    with zipfile.ZipFile(os.path.join(SHARED, BUNDLE), "w") as bundle:
        for layer in range(6):
            buf = io.BytesIO()
            np.save(buf, rng.normal(size=(256, 256)).astype(np.float32))
            bundle.writestr(f"weights/layer_{layer}.npy", buf.getvalue())
            time.sleep(0.15)  # serializing a layer
        bundle.writestr("config.json", json.dumps({"model": "ranker", "n_layers": 6, "version": "2024-06-04"}))


def wait_for_bundle(path, timeout=10.0):
    start = time.time()
    while not (os.path.exists(path) and os.path.getsize(path) > 0):
        if time.time() - start > timeout:
            raise SystemExit(f"no bundle at {path}")
        time.sleep(0.02)
    return path


def sync_bundle():
    src = wait_for_bundle(os.path.join(SHARED, BUNDLE))
    os.makedirs(LOCAL, exist_ok=True)
    dst = shutil.copy(src, os.path.join(LOCAL, BUNDLE))
    if VARIANT == 3:
        print(f"copied {os.path.getsize(dst)} bytes to {dst}")
    return dst


def load_bundle(path):
    with zipfile.ZipFile(path) as bundle:
        config = json.loads(bundle.read("config.json"))
        weights = [np.load(io.BytesIO(bundle.read(f"weights/layer_{i}.npy"))) for i in range(config["n_layers"])]
    return config, weights


class RankerService:
    def __init__(self):
        self.config, self.weights = load_bundle(sync_bundle())


def main():
    exporter = threading.Thread(target=nightly_export)
    exporter.start()
    try:
        if VARIANT == 3:
            print("serving: waiting for shared/models/ranker_bundle.zip")
        if VARIANT == 1:
            service = RankerService()
        else:
            config, _ = load_bundle(sync_bundle())
            print(f"loaded ranker {config['version']}")
    finally:
        exporter.join()


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ranker-serving: %(message)s")
        logging.info("syncing model bundle from shared volume")
        try:
            main()
        except Exception:
            logging.exception("startup failed")
            sys.exit(1)
    else:
        main()
