"""ConnectionRefusedError / httpx.ConnectError calling a local service that is not running."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import socket
import sys
import urllib.request

import httpx

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with socket.socket() as s:  # pick a port that nothing listens on
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
payload = {"inputs": ["hello world"]}

if V == 0:
    r = httpx.post(f"http://127.0.0.1:{port}/predict", json=payload, timeout=2)
elif V == 1:
    req = urllib.request.Request(f"http://localhost:{port}/health")
    print(urllib.request.urlopen(req, timeout=2).read())
else:
    conn = socket.create_connection(("127.0.0.1", port), timeout=2)
    conn.sendall(json.dumps(payload).encode())
