"""A new FastAPI service scaffold keeps its code in the app/ package (app/main.py), but the Procfile written for the PaaS says `uvicorn main:app`; the launcher reads the Procfile's web command."""
# beside: scoring-service-entrypoint-uvicorn-run-cwd-not-on-sys-path
# why: the import string names the wrong module (main instead of app.main); sys.path and the working directory are right, the fix is `app.main:app` in the Procfile.
EXPECT = []
VARIANTS = 3

import os
import sys

import uvicorn

VARIANT = int(sys.argv[1])

os.makedirs("app", exist_ok=True)
with open("app/__init__.py", "w") as fh:
    fh.write("")
with open("app/main.py", "w") as fh:
    fh.write('from fastapi import FastAPI\n\napp = FastAPI(title="label-service")\n')
with open("Procfile", "w") as fh:
    fh.write("web: uvicorn main:app --host 0.0.0.0 --port $PORT\n")

with open("Procfile") as fh:
    target = fh.read().split()[2]
if VARIANT == 1:
    print(f"web: starting {target}")
if VARIANT == 2:
    print("release: migrations ... none")
uvicorn.run(target, host="127.0.0.1", port=18082, app_dir=".")
