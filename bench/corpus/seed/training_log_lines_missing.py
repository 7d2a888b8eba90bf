"""Per-step log lines never reach train.log: basicConfig is a no-op after an earlier root handler, dictConfig disables the already-created logger, or losses are logged at DEBUG under level INFO."""
EXPECT = ["logging-level-hides-messages"]
VARIANTS = 3

import logging
import logging.config
import re
import sys
from pathlib import Path

v = int(sys.argv[1])
logger = logging.getLogger("trainer.loop")                   # module-level, as usual


def load_config():
    logging.warning("configs/local.yaml not found, using defaults")   # root logger: implicit basicConfig
    return {"epochs": 2, "steps": [30, 20, 25][v]}


cfg = load_config()
if v == 0:
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(name)s %(levelname)s %(message)s",
                        handlers=[logging.FileHandler("train.log"), logging.StreamHandler()])
elif v == 1:
    logging.config.dictConfig({
        "version": 1,
        "handlers": {"file": {"class": "logging.FileHandler", "filename": "train.log"}},
        "root": {"level": "INFO", "handlers": ["file"]},
    })
else:
    logging.basicConfig(level=logging.INFO, filename="train.log", force=True)

print("Starting training")
logger.info("Starting training: %s", cfg)
for epoch in range(cfg["epochs"]):
    for step in range(cfg["steps"]):
        loss = 2.0 / (1 + epoch * cfg["steps"] + step)
        (logger.debug if v == 2 else logger.info)("epoch %d step %d loss %.4f", epoch, step, loss)

for h in logging.getLogger().handlers:
    h.flush()
text = Path("train.log").read_text() if Path("train.log").exists() else ""
found = re.findall(r"step \d+ loss", text)
print(f"train.log: {len(text.splitlines())} lines")
assert found, f"no 'step N loss' lines in train.log ({len(text.splitlines())} lines): nothing to plot for {cfg['epochs'] * cfg['steps']} steps"
