"""The model sync script downloads model.pkl from the internal artifact server with urllib; the server started sending Content-Encoding: deflate after an nginx change, and urllib saves the body without decoding it."""
# beside: model-export-joblib-compress-loaded-with-pickle
# why: the bytes are an HTTP deflate transfer encoding the download never undid; the model was written with plain pickle, not joblib compress.
EXPECT = []
VARIANTS = 2

import http.server
import pickle
import sys
import threading
import urllib.request
import zlib

VARIANT = int(sys.argv[1])
MODEL = pickle.dumps({"coef": [0.4, -1.2, 0.03] * {0: 10, 1: 300}[VARIANT], "intercept": 0.1, "version": "2024-06-10"})


class ArtifactServer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = zlib.compress(MODEL)  # nginx: deflate on for application/octet-stream
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Encoding", "deflate")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), ArtifactServer)
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_port}/models/churn/{ {0: 'latest', 1: '2024-06-10'}[VARIANT]}/model.pkl"
with urllib.request.urlopen(url) as resp, open("model.pkl", "wb") as fh:
    fh.write(resp.read())
if VARIANT == 1:
    print(f"downloaded {url}")
with open("model.pkl", "rb") as fh:
    model = pickle.load(fh)
