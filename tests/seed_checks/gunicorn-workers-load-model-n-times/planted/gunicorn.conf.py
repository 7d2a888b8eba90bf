"""Read by gunicorn from the working folder. The hook only tells the test harness when a worker has
loaded the app (it has nothing to do with the fault)."""

from pathlib import Path


def post_worker_init(worker):
    Path(f"worker-ready.{worker.pid}").touch()
