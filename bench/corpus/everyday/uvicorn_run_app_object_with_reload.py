"""uvicorn.run() given the app object with reload=True or workers>1: uvicorn logs "You must pass the application as an import string to enable 'reload' or 'workers'." and exits with status 1."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import uvicorn
import yaml
from fastapi import FastAPI

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

app = FastAPI(title="store-demand-forecast")


@app.get("/health")
def health():
    return {"status": "ok"}


@app.post("/forecast")
def forecast(payload: dict):
    return {"store_id": payload.get("store_id"), "units": [120, 131, 118]}


def serve(settings_text):
    settings = yaml.safe_load(settings_text)["server"]
    print(f"starting {app.title} on {settings['host']}:{settings['port']} with {settings['workers']} workers")
    uvicorn.run(app, host=settings["host"], port=settings["port"], workers=settings["workers"], log_level="info")


if __name__ == "__main__":
    if V == 0:
        uvicorn.run(app, host="127.0.0.1", port=58231, reload=True)
    elif V == 1:
        serve("server:\n  host: 127.0.0.1\n  port: 58232\n  workers: 4\n")
    else:
        print("dev mode: autoreload on")
        uvicorn.run(app, host="127.0.0.1", port=58233, reload=True, reload_dirs=["."], log_level="debug")
