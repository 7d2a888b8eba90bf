"""Image/audio upload endpoint (UploadFile / File / Form) in a serving image without python-multipart installed: Form data requires "python-multipart" to be installed."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import logging
import sys

import numpy as np
import torch
from fastapi import FastAPI, File, Form, UploadFile
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
log = logging.getLogger("serve")

model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 10)).eval()
log.info("model loaded: %d parameters", sum(p.numel() for p in model.parameters()))
app = FastAPI(title="image-classifier")


@app.get("/health")
def health():
    return {"status": "ok"}


log.info("registering routes")
if variant == 0:
    @app.post("/predict")
    async def predict(file: UploadFile):
        arr = np.load(io.BytesIO(await file.read()))
        with torch.no_grad():
            return {"class": int(model(torch.from_numpy(arr)[None]).argmax())}
elif variant == 1:
    @app.post("/predict")
    async def predict(image: bytes = File(...), top_k: int = Form(3)):
        arr = np.frombuffer(image, dtype=np.float32).reshape(3, 32, 32)
        with torch.no_grad():
            return {"top_k": model(torch.from_numpy(arr)[None]).topk(top_k).indices.tolist()}
else:
    @app.post("/transcribe")
    async def transcribe(audio: UploadFile = File(...), language: str = Form("en")):
        return {"language": language, "bytes": len(await audio.read())}

if __name__ == "__main__":
    from fastapi.testclient import TestClient

    client = TestClient(app)
    print(client.get("/health").json())
