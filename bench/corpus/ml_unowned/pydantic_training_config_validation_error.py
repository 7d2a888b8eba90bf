"""YAML training config validated with a pydantic model (extra='forbid') has a typo'd key, a wrong type and a missing field: pydantic ValidationError."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import yaml
from pydantic import BaseModel, ConfigDict, Field

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s [config] %(message)s")


class OptimConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lr: float = Field(gt=0)
    weight_decay: float = 0.0


class TrainConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    model_name: str
    batch_size: int = Field(gt=0)
    epochs: int
    optim: OptimConfig


configs = [
    "model_name: tiny-bert\nbatch_size: 32\nepochs: 3\noptim:\n  lr: 3e-4\n  weigth_decay: 0.01\n",
    "model_name: tiny-bert\nbatch_size: 32x2\nepochs: three\noptim:\n  lr: 0.001\n",
    "batch_size: 0\nepochs: 10\noptim:\n  lr: -1.0e-3\n",
]
with open("train.yaml", "w") as f:
    f.write(configs[variant])
logging.info("loading train.yaml")
raw = yaml.safe_load(open("train.yaml"))
try:
    cfg = TrainConfig.model_validate(raw)
except Exception:
    logging.exception("invalid training config")
    sys.exit(1)
