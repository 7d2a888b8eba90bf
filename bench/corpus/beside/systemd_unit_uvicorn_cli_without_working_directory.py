"""The new systemd unit for the scoring service runs `python -m uvicorn api:app` but has no WorkingDirectory=, so the command starts in / (here: the repo root) while api.py lives in service/."""
# beside: scoring-service-entrypoint-uvicorn-run-cwd-not-on-sys-path
# why: the uvicorn command does put the working directory on sys.path; the working directory itself is wrong (no WorkingDirectory= in the unit); the fix is WorkingDirectory=/srv/service (or --app-dir), not a change to a python entrypoint.
EXPECT = []
VARIANTS = 2

import os
import subprocess
import sys

VARIANT = int(sys.argv[1])

os.makedirs("service", exist_ok=True)
with open("service/api.py", "w") as fh:
    fh.write('from fastapi import FastAPI\n\napp = FastAPI(title="churn-scoring")\n')
with open("scoring.service", "w") as fh:
    fh.write("[Service]\nExecStart=/srv/venv/bin/python -m uvicorn api:app --port 18081\nRestart=on-failure\n")
if VARIANT == 1:
    print("systemctl start scoring.service")
cmd = [sys.executable, "-m", "uvicorn", "api:app", "--port", "18081"]
sys.exit(subprocess.run(cmd, cwd=".").returncode)
