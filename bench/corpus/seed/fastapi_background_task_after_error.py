"""FastAPI route adds a cleanup background task and then raises: the request returns 500 and the task never runs."""
EXPECT = ["fastapi-background-task-not-run"]
VARIANTS = 3

import os
import sys
import threading
import time
import urllib.error
import urllib.request

import uvicorn
from fastapi import BackgroundTasks, FastAPI

v = int(sys.argv[1])
port = [18200, 18201, 18202][v]
app = FastAPI()


def cleanup_cache(path):
    os.remove(path)


def run_model(text):
    if len(text) > 8:
        raise RuntimeError(["inference timed out after 30s", "CUDA-like backend error", "tokenizer failed"][v])
    return {"label": 1}


@app.post("/predict")
async def predict(background_tasks: BackgroundTasks, text: str = "a long input text"):
    path = f"cache_{time.time_ns()}.npy"
    open(path, "wb").write(b"\0" * 1024)
    background_tasks.add_task(cleanup_cache, path)
    return run_model(text)


server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="info"))
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.05)
for i in range([2, 3, 1][v]):
    try:
        urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/predict", method="POST"))
    except urllib.error.HTTPError as e:
        print("client got", e.code)
time.sleep(0.5)
left = sorted(f for f in os.listdir(".") if f.startswith("cache_"))
assert not left, f"{len(left)} cache files left behind, cleanup_cache never ran: {left}"
