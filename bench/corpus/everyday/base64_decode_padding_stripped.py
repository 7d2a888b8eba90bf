"""base64 text whose '=' padding was stripped (JWT segments, a client that trims it, an embedding sent URL-safe) decoded with b64decode/urlsafe_b64decode: binascii.Error: Incorrect padding."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import base64
import json
import logging
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def _b64url_nopad(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def tenant_from_token(token):
    header, payload, signature = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload))
    return claims["tenant"]


def authorize(request_headers):
    token = request_headers["authorization"].removeprefix("Bearer ")
    return tenant_from_token(token)


def decode_image(payload):
    return base64.b64decode(payload["image_b64"])


def handle_predict(body):
    logging.info("predict request %s", body["request_id"])
    img = decode_image(body)
    return {"request_id": body["request_id"], "n_bytes": len(img)}


def decode_query_embedding(encoded, dim=5):
    raw = base64.urlsafe_b64decode(encoded)
    return np.frombuffer(raw, dtype=np.float32).reshape(dim)


if V == 0:
    token = ".".join([
        _b64url_nopad(b'{"alg":"HS256","typ":"JWT"}'),
        _b64url_nopad(json.dumps({"sub": "svc-batch", "tenant": "acme-eu", "exp": 1717300000, "scope": "score:read"}).encode()),
        _b64url_nopad(b"signature"),
    ])
    print("tenant:", authorize({"authorization": "Bearer " + token}))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(33))
    body = {"request_id": "req-7731", "image_b64": base64.b64encode(png).decode().rstrip("=")}
    print(handle_predict(body))
else:
    vector = np.array([0.12, -0.5, 0.33, 0.9, -0.07], dtype=np.float32)
    encoded = _b64url_nopad(vector.tobytes())
    print("query embedding from client:", encoded)
    print(decode_query_embedding(encoded))
