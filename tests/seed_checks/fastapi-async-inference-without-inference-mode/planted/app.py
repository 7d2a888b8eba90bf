"""A text classifier served by FastAPI: the model runs inside an `async def` route, on the event loop."""

import torch
from fastapi import FastAPI
from pydantic import BaseModel

torch.manual_seed(0)
model = torch.nn.Sequential(*[torch.nn.Linear(1024, 1024) for _ in range(20)], torch.nn.Linear(1024, 2))


def embed(text: str) -> torch.Tensor:
    codes = torch.tensor([ord(c) % 1024 for c in text.ljust(256)])
    return torch.nn.functional.one_hot(codes, 1024).float()


class Req(BaseModel):
    text: str


app = FastAPI()


@app.post("/predict")
async def predict(req: Req) -> dict[str, int]:
    logits = model(embed(req.text)).mean(0)  # blocks the event loop; records an autograd graph
    return {"label": int(logits.argmax())}
