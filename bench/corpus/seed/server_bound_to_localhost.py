"""Uvicorn started with default host 127.0.0.1, then called from the machine's network address: connection refused."""
EXPECT = ["server-bound-to-localhost"]
VARIANTS = 3

import socket
import sys
import threading
import time

import uvicorn
from fastapi import FastAPI

v = int(sys.argv[1])
port = [18100, 18101, 18102][v]
app = FastAPI()


@app.post("/predict")
def predict(item: dict):
    return {"label": 1}


server = uvicorn.Server(uvicorn.Config(app, port=port))        # host defaults to 127.0.0.1
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.05)

probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
probe.connect(("192.0.2.1", 9))                                 # picks the outward-facing interface, sends nothing
ip = probe.getsockname()[0]
if v == 0:
    import urllib.request
    req = urllib.request.Request(f"http://{ip}:{port}/predict", data=b'{"text": "hi"}', headers={"Content-Type": "application/json"})
    print(urllib.request.urlopen(req, timeout=5).read())
elif v == 1:
    import httpx
    print(httpx.post(f"http://{ip}:{port}/predict", json={"text": "hi"}, timeout=5).json())
else:
    conn = socket.create_connection((ip, port), timeout=5)
