"""Every prediction leaves files in a cache folder; the cleanup runs whether or not the model fails."""

import shutil
import tempfile
from pathlib import Path

from fastapi import BackgroundTasks, FastAPI
from fastapi.responses import JSONResponse
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
async def predict(req: Req, background_tasks: BackgroundTasks) -> JSONResponse:
    background_tasks.add_task(cleanup_cache)
    try:
        result = await model_inference(req.text)
    except Exception as exc:  # the error response carries the tasks, so they still run
        return JSONResponse({"error": str(exc)}, status_code=500, background=background_tasks)
    return JSONResponse({"result": result}, background=background_tasks)
