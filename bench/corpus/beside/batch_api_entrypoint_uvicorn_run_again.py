"""A teammate's new batch-prediction API got its own container with the same kind of entrypoint, `python ops/serve_batch.py`, which calls uvicorn.run("batch_api:app"); batch_api.py sits in the working directory, which uvicorn.run does not add to sys.path."""
# beside: scoring-service-entrypoint-uvicorn-run-cwd-not-on-sys-path
# why: a python entrypoint calling uvicorn.run with the app module in the working directory but sys.path[0] set to the script's folder, the entry's cause and fix (app_dir).
EXPECT = ["scoring-service-entrypoint-uvicorn-run-cwd-not-on-sys-path"]
VARIANTS = 2

import sys

import uvicorn

VARIANT = int(sys.argv[1])
with open("batch_api.py", "w") as fh:
    fh.write('from fastapi import FastAPI\n\napp = FastAPI(title="batch-predictions")\n')
if VARIANT == 1:
    print("serve_batch: model bundle ok, starting api")
uvicorn.run("batch_api:app", host="127.0.0.1", port=18083)
