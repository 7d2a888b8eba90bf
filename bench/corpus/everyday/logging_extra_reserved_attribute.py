"""logging's extra= (or a LoggerAdapter's extra) using a key LogRecord already has (filename, module, name, message): KeyError: "Attempt to overwrite 'filename' in LogRecord"."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("trainer.checkpoints")


def save_checkpoint(step, out_dir="checkpoints"):
    path = Path(out_dir) / f"step_{step:06d}.pt"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(b"\0" * 128)
    log.info("checkpoint saved", extra={"filename": str(path), "step": step})


def train_loop(steps):
    for step in range(1, steps + 1):
        if step % 100 == 0:
            log.info("step %d loss %.3f", step, 1.0 / step ** 0.5)
        if step % 250 == 0:
            save_checkpoint(step)


def record_model_load(model_name, seconds):
    logging.getLogger("serving.loader").info(
        "model loaded", extra={"module": model_name, "load_seconds": round(seconds, 2)})


class RunLogger(logging.LoggerAdapter):
    pass


if V == 0:
    train_loop(300)
elif V == 1:
    for model_name, secs in (("intent-clf-2024w22", 3.214), ("eta-regressor-v5", 1.02)):
        record_model_load(model_name, secs)
else:
    run = RunLogger(logging.getLogger("sweeps"), {"name": "lr3e-4_bs64_warm500"})
    run.info("trial started")
