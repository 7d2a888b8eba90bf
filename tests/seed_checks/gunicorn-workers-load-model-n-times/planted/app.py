"""A WSGI service whose model (100 MB of weights) is loaded when the module is imported."""

import torch

print("Loading model", flush=True)
torch.manual_seed(0)
weights = torch.randn(25_000_000)  # 100 MB of float32


def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [f"{float(weights[:8].sum()):.3f}\n".encode()]
