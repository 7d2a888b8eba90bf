"""A teammate's hourly batch scorer copies the same models/ranker_bundle.zip off the shared volume while the nightly export is still writing it."""
# beside: ranker-bundle-zip-copied-while-export-writing
# why: the export writes the bundle in place and the scorer copies it as soon as it appears, getting a truncated zip, exactly the entry's cause and fix.
EXPECT = ["ranker-bundle-zip-copied-while-export-writing"]
VARIANTS = 2

import io
import os
import shutil
import sys
import threading
import time
import zipfile

import numpy as np

VARIANT = int(sys.argv[1])
SHARED = "shared/models/ranker_bundle.zip"


def nightly_export():
    os.makedirs(os.path.dirname(SHARED), exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    with zipfile.ZipFile(SHARED, "w") as bundle:
        for layer in range({0: 6, 1: 4}[VARIANT]):
            buf = io.BytesIO()
            np.save(buf, rng.normal(size=(200, 200)).astype(np.float32))
            bundle.writestr(f"weights/layer_{layer}.npy", buf.getvalue())
            time.sleep(0.15)
        bundle.writestr("config.json", '{"model": "ranker"}')


def fetch_bundle():
    while not os.path.exists(SHARED) or os.path.getsize(SHARED) == 0:
        time.sleep(0.02)
    os.makedirs("scorer_cache", exist_ok=True)
    return shutil.copy(SHARED, "scorer_cache/ranker_bundle.zip")


export = threading.Thread(target=nightly_export)
export.start()
try:
    if VARIANT == 1:
        print("hourly scoring run 03:00")
    local = fetch_bundle()
    with zipfile.ZipFile(local) as bundle:
        n_layers = sum(name.startswith("weights/") for name in bundle.namelist())
    print(f"scoring with {n_layers} layers")
finally:
    export.join()
