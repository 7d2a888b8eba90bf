"""Every prediction leaves files in a cache folder; a background task is meant to clean it up."""

import shutil
import tempfile
from pathlib import Path

from fastapi import BackgroundTasks, FastAPI
from pydantic import BaseModel

CACHE = Path(tempfile.gettempdir()) / "predict-cache"
app = FastAPI()


class Req(BaseModel):
    text: str


async def model_inference(text: str) -> str:
    CACHE.mkdir(exist_ok=True)
    (CACHE / f"{abs(hash(text))}.txt").write_text(text)
    return text.upper()


def cleanup_cache() -> None:
    shutil.rmtree(CACHE, ignore_errors=True)


@app.post("/predict")
async def predict(req: Req, background_tasks: BackgroundTasks) -> dict[str, str]:
    background_tasks.add_task(cleanup_cache)
    result = await model_inference(req.text)  # if this raises, the task is never run
    return {"result": result}
